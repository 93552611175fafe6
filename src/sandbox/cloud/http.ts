import type { Clock, Reply, SandboxRequest } from '../core/framework.js';
import { readJson } from '../core/framework.js';
import { type Errors, isUuid } from './errors.js';
import type { World } from './world.js';
import { pageAt } from '../core/paging.js';

/** What every route module of the emulator works with. */
export interface Env {
  world: World;
  clock: Clock;
  errors: Errors;
  stats: Record<string, number>;
  /** The sandbox time, with every transition that is due applied. */
  now(): number;
}

/**
 * `limit` and `offset`: whole numbers >= 0 (reference §C.1); the answer's `_metadata` echoes them
 * with the total, as every list of the API does.
 */
export function paged<T>(
  env: Env,
  req: SandboxRequest,
  key: string,
  items: T[],
  defaultLimit = 20,
): Record<string, unknown> {
  const read = (name: string, fallback: number) => {
    const raw = req.query.get(name);
    if (raw === null || raw === '') return fallback;
    if (!/^\d+$/.test(raw)) throw env.errors.invalid({ [name]: ['must be a whole number >= 0'] });
    return Number(raw);
  };
  const offset = read('offset', 0);
  const limit = read('limit', defaultLimit);
  return {
    [key]: pageAt(items, offset, limit).items,
    _metadata: { totalCount: items.length, offset, limit },
  };
}

/** The JSON object of a request body, or 400. */
export function bodyOf(env: Env, req: SandboxRequest, required = true): Record<string, unknown> {
  const body = readJson<unknown>(req, (reason) => env.errors.reply(400, reason));
  if (body === undefined && !required) return {};
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw env.errors.invalid({ body: ['a JSON object is required'] });
  return body as Record<string, unknown>;
}

/** A path id: 400 when it is not a uuid (every id of this API is one). */
export function pathId(env: Env, req: SandboxRequest, name: string): string {
  const id = req.params[name] ?? '';
  if (!isUuid(id)) throw env.errors.invalid({ [name]: ['must be a UUID'] });
  return id;
}

export function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/** The query filter values, for exact matching. */
export function filter(req: SandboxRequest, name: string): string | undefined {
  const v = req.query.get(name);
  return v === null || v === '' ? undefined : v;
}

/** A route of the emulator, and the wrapper that adds auth, rate limits and counters to it. */
export type Route = (env: Env, req: SandboxRequest) => Reply;
export type Wrap = (route: Route) => (req: SandboxRequest) => Reply;
