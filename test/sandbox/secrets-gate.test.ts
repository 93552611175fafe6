import { describe, expect, it } from 'vitest';
import { directEmulator } from '../secrets/emulator-helpers.js';

// The secrets emulator's listener limit, spent through the Gate: only by a /v1/ request that is not too
// large, before the request header rule (412) and any token check; the window restarts on reset.
describe('secrets emulator behind the Gate', () => {
  it('a path outside /v1/ and a body too large spend nothing; a routed request spends, whatever it answers', async () => {
    const { call } = directEmulator({ 'secrets.rate_limit': '1' });
    expect((await call('GET', '/nope')).status).toBe(404);
    expect((await call('PUT', '/v1/secret/x', { raw: Buffer.alloc(32 * 1024 * 1024 + 1) })).status).toBe(413);
    expect((await call('GET', '/v1/secret/x', { token: 'not-a-token' })).status).not.toBe(429);
    const refused = await call('GET', '/v1/sys/health');
    expect(refused.status).toBe(429);
    expect(refused.headers).toMatchObject({
      'retry-after': '1',
      'x-ratelimit-limit': '1',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '1',
    });
  });

  it('the limit comes before the request header rule; reset gives the window back', async () => {
    const { call, emulator } = directEmulator({
      'secrets.rate_limit': '1',
      'secrets.require_request_header': 'true',
    });
    expect((await call('GET', '/v1/sys/health')).status).toBe(412);
    expect((await call('GET', '/v1/sys/health')).status).toBe(429);
    emulator.reset?.();
    expect((await call('GET', '/v1/sys/health', { headers: { 'x-secrets-request': 'true' } })).status).toBe(
      200,
    );
  });
});
