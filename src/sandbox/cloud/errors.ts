import { createHash } from 'node:crypto';
import { type Reply, ReplyError, json } from '../core/framework.js';

/** A stable uuid (version 4 layout) from a seed string: seed data and generated ids stay the same run to run. */
export function uuidFor(seed: string): string {
  const h = createHash('sha256').update(`cloud:${seed}`).digest('hex');
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && UUID.test(s);
}

/** Field → messages, the errorDetails of an errorResult. */
export type Details = Record<string, string[]>;

/**
 * Builds errorResult bodies (reference §C.1): `errorCode` is the status as a string, `correlationId` a
 * uuid that changes with every error (stable across runs: the n-th error of a sandbox has the same one).
 */
export class Errors {
  private n = 0;
  count = 0;

  reply(status: number, message: string, details?: Details): Reply {
    this.count++;
    const body: Record<string, unknown> = {
      correlationId: uuidFor(`error:${++this.n}`),
      errorCode: String(status),
      errorMessage: message,
    };
    if (details && Object.keys(details).length) body.errorDetails = details;
    return json(status, body);
  }

  /** Throw from a handler: the router answers with it. */
  fail(status: number, message: string, details?: Details): ReplyError {
    return new ReplyError(this.reply(status, message, details));
  }

  /** 400 with the fields that are wrong, as the API names them. */
  invalid(details: Details, message = 'The API could not interpret your request correctly.'): ReplyError {
    return this.fail(400, message, details);
  }

  reset(): void {
    this.n = 0;
    this.count = 0;
  }
}

/** Collects the problems of one request body, field by field. */
export class Problems {
  readonly details: Details = {};
  add(field: string, message: string): void {
    (this.details[field] ??= []).push(message);
  }
  get any(): boolean {
    return Object.keys(this.details).length > 0;
  }
}

/** Sandbox time as the API writes it: ISO 8601, seconds, UTC. */
export function iso(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
