import { invalid } from './errors.js';
import { hash, parseRfc3339 } from './store.js';

/** `true` / `false` only, as the service reads booleans. */
export function bool(q: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = q.get(name);
  if (raw === null) return fallback;
  if (raw !== 'true' && raw !== 'false')
    throw invalid(`Invalid value for ${name}: "${raw}"; use true or false`);
  return raw === 'true';
}

/** An RFC 3339 bound (`dueMin`, `updatedMin`…), as epoch ms. */
export function bound(q: URLSearchParams, name: string): number | undefined {
  const raw = q.get(name);
  if (raw === null) return undefined;
  const t = parseRfc3339(raw);
  if (t === undefined) throw invalid(`Invalid value for ${name}: "${raw}" is not an RFC 3339 timestamp`);
  return t;
}

/** `maxResults`: a whole number from 1 to `max`; the service's default when absent. */
export function pageSize(q: URLSearchParams, fallback: number, max: number): number {
  const raw = q.get('maxResults');
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
    throw invalid(`Invalid value for maxResults: "${raw}"; give a whole number from 1 to ${max}`);
  return Number(raw);
}

/**
 * Page tokens are opaque to clients: they name the offset of the next page and are bound to the
 * collection and filters they were made for, so a token used with other filters is refused.
 */
export function makeToken(scope: string, offset: number): string {
  return Buffer.from(`${offset}.${hash(scope)}`).toString('base64url');
}

export function readToken(q: URLSearchParams, scope: string): number {
  const raw = q.get('pageToken');
  if (raw === null || raw === '') return 0;
  const m = /^(\d+)\.(.+)$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!m || m[2] !== hash(scope)) throw invalid(`Invalid value for pageToken: "${raw}"`);
  return Number(m[1]);
}

/** The parameters a page token is bound to: every one but the token and the page size. */
export function scopeOf(path: string, q: URLSearchParams, user: string): string {
  const rest = [...q.entries()].filter(([k]) => k !== 'pageToken' && k !== 'maxResults').sort();
  return `${user} ${path} ${JSON.stringify(rest)}`;
}
