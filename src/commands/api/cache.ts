import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '../../app/types.js';
import { Redactor, isCredentialHeaderName } from '../../clients/http/redact.js';
import { type SecretRequest, secretRequestAt } from '../../clients/http/secret-requests.js';
import type { HttpClient, QueryValue, RequestSpec } from '../../clients/http/types.js';
import { resolveUrl } from '../../clients/http/url.js';
import type { Io } from '../../io.js';
import { cacheDir } from '../../config/paths.js';

/** A GET's answer as `ops api --cache` keeps it: what the printer and `-i` need, nothing more. */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** When it was received, epoch milliseconds. */
  savedAt: number;
}

/** What an answer depends on; a credential only by its SHA-256 (credentialDigest), never itself. */
export interface CacheKeyParts {
  baseUrl: string;
  method: string;
  path: string;
  query: Record<string, QueryValue>;
  headers: Record<string, string>;
  /** The service's settings that are not credentials (an API version, a user agent…). */
  settings: Record<string, string | undefined>;
  /**
   * The SHA-256 of the credentials the request carries (credentialDigest): another credential, another
   * answer (a refusal where the cache would answer), as gh keys its cache by `Authorization`.
   */
  credential?: string | undefined;
}

/** The SHA-256 of credentials (hex), whatever their order: what the key holds of them. */
export function credentialDigest(credentials: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify([...credentials].sort()))
    .digest('hex');
}

/** The folder of one profile's answers: `<cache folder>/api/<profile>`, 0700. */
export function answersDir(env: Record<string, string | undefined>, profile: string): string {
  return join(cacheDir(env), 'api', encodeURIComponent(profile));
}

/** The SHA-256 of the parts, header names in lower case and sorted, credential headers dropped. */
export function cacheKey(p: CacheKeyParts): string {
  const headers = Object.entries(p.headers)
    .filter(([name]) => !isCredentialHeaderName(name))
    .map(([name, value]) => [name.toLowerCase(), value])
    .sort(([a], [b]) => (a! < b! ? -1 : 1));
  const query = Object.entries(p.query).sort(([a], [b]) => (a < b ? -1 : 1));
  const settings = Object.entries(p.settings).sort(([a], [b]) => (a < b ? -1 : 1));
  const text = JSON.stringify([p.method, p.baseUrl, p.path, query, headers, settings, p.credential ?? '']);
  return createHash('sha256').update(text).digest('hex');
}

/** The answer kept under `key`, when one is there and younger than `maxAgeSeconds`. */
export function readAnswer(
  dir: string,
  key: string,
  maxAgeSeconds: number,
  now = Date.now(),
): KeptAnswer | undefined {
  try {
    const a = JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8')) as KeptAnswer;
    if (typeof a.savedAt !== 'number' || typeof a.body !== 'string' || typeof a.status !== 'number')
      return undefined;
    return now - a.savedAt <= maxAgeSeconds * 1000 ? a : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether an answer may be written: not when it carries one of the credentials (a token lookup
 * answers with the token), checked on its body and headers as they would be written.
 */
export function carriesCredential(a: Omit<KeptAnswer, 'savedAt'>, credentials: readonly string[]): boolean {
  const text = `${a.body}\n${Object.values(a.headers).join('\n')}`;
  return credentials.some((c) => c.length >= 4 && text.includes(c));
}

/**
 * Keeps an answer (0600 in a 0700 folder), written whole or not at all; its credential-bearing
 * headers (`set-cookie`, an echoed token) are left out.
 */
export function keepAnswer(dir: string, key: string, a: KeptAnswer): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const headers = Object.fromEntries(
    Object.entries(a.headers).filter(([name]) => !isCredentialHeaderName(name) && name !== 'set-cookie'),
  );
  const file = join(dir, `${key}.json`);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ ...a, headers }), { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

/** Where `--cache` keeps answers and what it must know to key and check them. */
export interface AnswerCache {
  seconds: number;
  /** The profile's folder (cache.ts `answersDir`). */
  dir: string;
  /** The service's settings that are not credentials: part of the key. */
  settings: Record<string, string | undefined>;
  /** The service's credentials: an answer carrying one is not kept. */
  credentials: string[];
  /** Those the service's requests carry (not a sign-in's own): hashed into the key. */
  sent: string[];
  /** The service's requests that carry secret values (its descriptor's): their answers are not kept. */
  secretRequests?: readonly SecretRequest[] | undefined;
  now?: () => number;
}

/**
 * Whether an answer says it may not be stored: `Cache-Control: no-store` (RFC 9111 §5.2.2.5). `private`
 * is for a private cache such as this one to keep (§5.2.2.7), and `no-cache` or `max-age` ask about
 * freshness, which `--cache DURATION` decides.
 */
export function forbidsStoring(headers: Record<string, string>): boolean {
  const directives = (headers['cache-control'] ?? '').split(',');
  return directives.some((d) => d.split('=')[0]!.trim().toLowerCase() === 'no-store');
}

/** The answer: from `--cache` when a young enough one is kept, else from the service (then kept). */
export async function cachedAnswer(
  c: AnswerCache,
  o: { io: Io; debug?: boolean | undefined; warn?: ((message: string) => void) | undefined },
  http: HttpClient,
  spec: RequestSpec,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const send = async () => {
    const res = await http.request<string>({ ...spec, responseType: 'text' });
    return { status: res.status, headers: res.headers, body: res.data ?? '' };
  };
  // A secret's answer is neither kept nor looked for: the request goes to the service each time.
  const url = resolveUrl(http.baseUrl, spec.path, spec.query);
  if (
    secretRequestAt(c.secretRequests, new URL(http.baseUrl), spec.method, url, () => undefined)?.sensitive
  ) {
    o.warn?.('--cache: not kept, the answer carries secret values');
    return send();
  }
  const ownCredentials = Object.entries(spec.headers ?? {})
    .filter(([name]) => isCredentialHeaderName(name))
    .map(([, value]) => value);
  const key = cacheKey({
    baseUrl: http.baseUrl,
    method: spec.method,
    path: spec.path,
    query: spec.query ?? {},
    headers: spec.headers ?? {},
    settings: c.settings,
    credential: credentialDigest([...c.sent, ...ownCredentials]),
  });
  const now = c.now ?? Date.now;
  const kept = readAnswer(c.dir, key, c.seconds, now());
  if (kept) {
    if (o.debug)
      o.io.stderr.write(
        `cache: answered from ${key.slice(0, 12)}…, kept ${Math.round((now() - kept.savedAt) / 1000)} s ago\n`,
      );
    return kept;
  }
  const got = await send();
  if (!cacheable(got.status)) return got;
  if (forbidsStoring(got.headers)) o.warn?.('--cache: not kept, the answer says Cache-Control: no-store');
  else if (carriesCredential(got, c.credentials) || carriesSecret(got.body))
    o.warn?.('--cache: not kept, the answer carries a credential or a secret value');
  else keepAnswer(c.dir, key, { ...got, savedAt: now() });
  return got;
}

/**
 * Whether an answer is kept: not a server error, nor a refused credential or a rate limit, which say
 * nothing of the resource and should not be answered again for an hour (gh keeps what is below 500 but
 * 403; 401 and 429 are left out here too).
 */
export const cacheable = (status: number): boolean => status < 500 && ![401, 403, 429].includes(status);

/** A JSON answer with a value under a secret-looking key (`password`, `token`…), as --debug would mask it. */
function carriesSecret(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    return JSON.stringify(new Redactor([]).json(parsed)) !== JSON.stringify(parsed);
  } catch {
    return false;
  }
}

/** `--cache`'s folder, key settings and credentials for the service, from the profile in use. */
export async function answerCache(ctx: Context, service: string, seconds: number): Promise<AnswerCache> {
  const { descriptor, settings } = await ctx.service(service);
  const plain: Record<string, string | undefined> = {};
  const credentials: string[] = [];
  const sent: string[] = [];
  for (const s of descriptor.settings) {
    const v = settings.get(s.key);
    if (!s.secret) plain[s.key] = v;
    else if (v) {
      credentials.push(v);
      if (!s.signInOnly) sent.push(v);
    }
  }
  return {
    seconds,
    dir: answersDir(ctx.io.env, ctx.settings.profileName),
    settings: plain,
    credentials,
    sent,
    secretRequests: descriptor.secretRequests,
  };
}
