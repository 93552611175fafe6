import { UsageError } from '../../errors.js';
import type { QueryValue } from './types.js';

/**
 * Encodes one path parameter. A value that would leave the intended path (`..`, `.` segments,
 * NUL) is refused before anything is sent.
 */
export function encodeSegment(value: string | number, name = 'path parameter'): string {
  const s = String(value);
  if (s === '') throw new UsageError(`${name} is empty`, `give a non-empty ${name}`);
  if (s === '.' || s === '..') throw new UsageError(`${name} "${s}" would leave the intended path`);
  if (s.includes('\0')) throw new UsageError(`${name} contains a NUL character`);
  return encodeURIComponent(s);
}

/**
 * Encodes a multi-segment path (a secret path such as `team/app/db`): each segment is encoded,
 * `/` is kept, and `.`/`..` segments are refused.
 */
export function encodePath(value: string, name = 'path'): string {
  const segments = value.split('/');
  for (const seg of segments) {
    if (seg === '.' || seg === '..')
      throw new UsageError(
        `${name} "${value}" has a "${seg}" segment`,
        'give the path without . or .. segments',
      );
    if (seg.includes('\0')) throw new UsageError(`${name} contains a NUL character`);
  }
  return segments.map((s) => encodeURIComponent(s)).join('/');
}

/**
 * Tagged template for request paths: interpolated values are encoded as single segments.
 *   route`/api/v1/host/${name}/mute`
 */
export function route(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += encodeSegment(v) + (strings[i + 1] ?? '');
  });
  return out;
}

/** Appends query parameters; undefined and null are left out, arrays repeat the key. */
export function withQuery(url: URL, query: Record<string, QueryValue> | undefined): URL {
  if (!query) return url;
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) url.searchParams.append(k, String(item));
    else url.searchParams.set(k, String(v));
  }
  return url;
}

/** Joins the base URL and a path (or takes an absolute URL as is). */
export function resolveUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): URL {
  if (/^https?:\/\//i.test(path)) return withQuery(new URL(path), query);
  const base = baseUrl.replace(/\/+$/, '');
  const rel = path.startsWith('/') ? path : `/${path}`;
  const url = new URL(base + rel);
  // URL() collapses `..` silently; refuse a path that tried to climb above the base.
  if (!url.pathname.startsWith(new URL(base).pathname.replace(/\/+$/, ''))) {
    throw new UsageError(`path "${path}" leaves the service's base path`);
  }
  return withQuery(url, query);
}

/** Checks a raw path given by a user (ops api) for traversal before it is joined. */
export function assertSafeRawPath(path: string): void {
  const pathname = path.split('?')[0] ?? '';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw new UsageError(`path "${path}" is not validly percent-encoded`);
  }
  if (decoded.split('/').some((seg) => seg === '..' || seg === '.')) {
    throw new UsageError(`path "${path}" has a . or .. segment`, 'give the path without . or .. segments');
  }
}
