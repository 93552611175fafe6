import { describe, expect, it } from 'vitest';
import { type CacheKeyParts, cacheKey, cacheable } from '../../src/commands/api/cache.js';
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
