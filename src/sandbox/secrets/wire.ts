import { randomBytes, randomUUID } from 'node:crypto';
import { type Reply, ReplyError, json } from '../core/framework.js';

/** Every error body of the secrets store is `{errors:[string…]}` (seed, Errors A). */
export function errors(status: number, ...messages: string[]): Reply {
  return json(status, { errors: messages }, { 'cache-control': 'no-store' });
}

/** Throws an error reply at once. */
export function fail(status: number, ...messages: string[]): never {
  throw new ReplyError(errors(status, ...messages));
}

export interface EnvelopeExtra {
  warnings?: string[] | null;
  auth?: unknown;
  leaseDuration?: number;
  mountType?: string;
}

/** The success envelope every non-raw 200 body has (reference A.0). */
export function envelope(data: unknown, extra: EnvelopeExtra = {}, status = 200): Reply {
  return json(
    status,
    {
      request_id: randomUUID(),
      lease_id: '',
      renewable: false,
      lease_duration: extra.leaseDuration ?? 0,
      data,
      wrap_info: null,
      warnings: extra.warnings ?? null,
      auth: extra.auth ?? null,
      mount_type: extra.mountType ?? '',
    },
    { 'cache-control': 'no-store' },
  );
}

/** RFC 3339 with nanoseconds, as the vendor prints times. */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');
}

/** An opaque identifier in the vendor's style. */
export function newId(prefix = ''): string {
  return prefix + randomBytes(18).toString('base64url').slice(0, 24);
}

const UNIT_SECONDS: Record<string, number> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
  d: 86400,
};

/**
 * Parses a duration the way the service does: whole seconds (`3600`, `"3600"`) or a Go duration
 * string (`1h30m`, `-1s`, `0s`). Returns seconds, or undefined when it is not a duration.
 */
export function parseDuration(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.trunc(v);
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (/^-?\d+$/.test(s)) return Number(s);
  const m = /^(-?)((?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h|d))+)$/.exec(s);
  if (!m) return undefined;
  let total = 0;
  for (const part of m[2]!.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d)/g))
    total += Number(part[1]) * UNIT_SECONDS[part[2]!]!;
  return Math.trunc(m[1] === '-' ? -total : total);
}

/** Seconds as a Go duration string (`1h0m0s`, `30m0s`, `0s`), as the service echoes them. */
export function formatDuration(seconds: number): string {
  if (seconds === 0) return '0s';
  const sign = seconds < 0 ? '-' : '';
  let s = Math.abs(seconds);
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  if (h > 0) return `${sign}${h}h${m}m${s}s`;
  if (m > 0) return `${sign}${m}m${s}s`;
  return `${sign}${s}s`;
}

/** The service reads numbers sent as strings too (the vendor CLI sends every field as a string). */
export function toInt(v: unknown, field: string): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n))
    fail(400, `error converting input ${JSON.stringify(v)} for field "${field}": not an integer`);
  return n;
}

export function toBool(v: unknown, field: string): boolean | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  fail(400, `error converting input ${JSON.stringify(v)} for field "${field}": not a boolean`);
}

/** The request body as a JSON object; anything else is a 400 in the service's error shape. */
export function bodyObject(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    fail(400, `failed to parse JSON input: ${(err as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    fail(400, 'failed to parse JSON input: body must be a JSON object');
  return parsed as Record<string, unknown>;
}
