import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpClient, RequestSpec } from '../../src/clients/http/types.js';
import {
  type CacheKeyParts,
  cacheKey,
  cacheable,
  cachedAnswer,
  credentialDigest,
  forbidsStoring,
} from '../../src/commands/api/cache.js';
import type { Io } from '../../src/io.js';
import { parseDuration } from '../../src/commands/shared/parse.js';

const base: CacheKeyParts = {
  baseUrl: 'http://127.0.0.1:4010/hosts',
  method: 'GET',
  path: '/api/v1/hosts',
  query: { count: '2' },
  headers: { Accept: 'application/json' },
  settings: { user_agent: undefined },
};

describe('the --cache key', () => {
  it('is a SHA-256 that credential headers do not change and that holds no part of them', () => {
    const key = cacheKey(base);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const withCredentials = cacheKey({
      ...base,
      headers: { ...base.headers, Authorization: 'Bearer s3cr3t-token', 'X-Monitor-Api-Key': 'k3y-value' },
    });
    expect(withCredentials).toBe(key);
  });

  it('header names are compared without case or order; any other part makes another key', () => {
    expect(cacheKey({ ...base, headers: { accept: 'application/json' } })).toBe(cacheKey(base));
    const others: CacheKeyParts[] = [
      { ...base, query: { count: '3' } },
      { ...base, path: '/api/v1/hosts/totals' },
      { ...base, baseUrl: 'http://127.0.0.1:4011/hosts' },
      { ...base, headers: { Accept: 'text/plain' } },
      { ...base, settings: { user_agent: 'me' } },
    ];
    for (const o of others) expect(cacheKey(o)).not.toBe(cacheKey(base));
  });
});

describe('the --cache key and the credential', () => {
  it('holds the SHA-256 of the credentials the request carries, whatever their order, never they themselves', () => {
    const digest = credentialDigest(['k3y-value', 'app-k3y']);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(credentialDigest(['app-k3y', 'k3y-value'])).toBe(digest);
    expect(credentialDigest(['wrong', 'app-k3y'])).not.toBe(digest);
    const key = cacheKey({ ...base, credential: digest });
    expect(key).not.toBe(cacheKey(base));
    expect(cacheKey({ ...base, credential: credentialDigest(['wrong', 'app-k3y']) })).not.toBe(key);
  });
});

describe('Cache-Control', () => {
  it('no-store forbids keeping an answer (RFC 9111 5.2.2.5); private, no-cache and max-age do not', () => {
    for (const v of ['no-store', 'No-Store', 'private, no-store', 'max-age=0 , no-store'])
      expect([v, forbidsStoring({ 'cache-control': v })]).toEqual([v, true]);
    for (const v of ['private', 'no-cache', 'max-age=60', 'public, max-age=3600', ''])
      expect([v, forbidsStoring({ 'cache-control': v })]).toEqual([v, false]);
    expect(forbidsStoring({})).toBe(false);
  });
});

describe('cachedAnswer', () => {
  const io = { stderr: { write: () => true } } as unknown as Io;
  function service(headers: Record<string, string>, body: string): { http: HttpClient; sent: RequestSpec[] } {
    const sent: RequestSpec[] = [];
    const http: HttpClient = {
      service: 'svc',
      baseUrl: 'http://svc.test/base',
      request: async <T>(spec: RequestSpec) => {
        sent.push(spec);
        return { status: 200, headers, data: body as T, url: '', attempts: 1 };
      },
    };
    return { http, sent };
  }
  const cache = (dir: string) => ({
    seconds: 3600,
    dir,
    settings: {},
    credentials: ['svc-key-1'],
    sent: ['svc-key-1'],
    secretRequests: [{ methods: ['GET'], path: /^\/kv\// }],
  });

  it("keeps neither an answer the service's rules call secret nor one that says no-store; keeps another", async () => {
    const cases: Array<[string, Record<string, string>, number]> = [
      ['/kv/app', {}, 0],
      ['/plain', { 'cache-control': 'no-store' }, 0],
      ['/plain', { 'cache-control': 'private' }, 1],
    ];
    for (const [path, headers, files] of cases) {
      const dir = join(mkdtempSync(join(tmpdir(), 'ops-cache-unit-')), 'api');
      const { http, sent } = service(headers, '{"greeting":"plain-value"}');
      const warned: string[] = [];
      const o = { io, warn: (m: string) => void warned.push(m) };
      for (let n = 0; n < 2; n++) await cachedAnswer(cache(dir), o, http, { method: 'GET', path });
      const kept = existsSync(dir) ? readdirSync(dir).length : 0;
      expect([path, headers, kept, sent.length]).toEqual([path, headers, files, files ? 1 : 2]);
      if (!files)
        expect(warned[0]).toMatch(
          /^--cache: not kept, the answer (carries secret values|says Cache-Control: no-store)$/,
        );
    }
  });
});

describe('what --cache keeps', () => {
  it('keeps answers about the resource (2xx, 3xx, 404), not server errors, refused credentials or rate limits', () => {
    for (const status of [200, 204, 301, 304, 400, 404, 410]) expect(cacheable(status)).toBe(true);
    for (const status of [401, 403, 429, 500, 502, 503]) expect(cacheable(status)).toBe(false);
  });
});

describe('parseDuration', () => {
  it("takes gh's forms and the project's units, alone or together", () => {
    const cases: Array<[string, number]> = [
      ['3600s', 3600],
      ['60m', 3600],
      ['1h', 3600],
      ['1h30m', 5400],
      ['1.5h', 5400],
      ['2d', 172800],
      ['1w', 604800],
    ];
    for (const [raw, secs] of cases) expect([raw, parseDuration('--cache', raw)]).toEqual([raw, secs]);
  });

  it('refuses a bare number, a zero, an unknown unit and words, naming the flag', () => {
    for (const raw of ['3600', '0s', '1y', '1 hour', '', 'h'])
      expect(() => parseDuration('--cache', raw)).toThrow(/^invalid --cache "/);
  });
});
