import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/sandbox/breach/index.js';
import { Clock, type Emulator, type SandboxRequest } from '../../src/sandbox/core/framework.js';
import { SANDBOX_SETTINGS } from '../helpers/sandbox-tables.js';

// The breach emulator's rules that the Gate owns now: every request counted and refused without a
// user agent (whatever its route), the key checked before its bucket is spent, each key's own bucket.
const KEY = 'sandbox-breach-key';
const TIER1 = 'sandbox-breach-key-tier1';

function emulator(): Emulator {
  return createEmulator({
    clock: new Clock(),
    options: {
      credentials: { breach: { api_key: KEY } },
      settings: { 'breach.rate_per_minute': '2' },
      rules: SANDBOX_SETTINGS,
    },
  });
}

async function get(e: Emulator, path: string, headers: Record<string, string>) {
  const req: SandboxRequest = {
    method: 'GET',
    path,
    query: new URLSearchParams(),
    headers,
    body: Buffer.alloc(0),
    params: {},
  };
  const r = await e.handle(req);
  return { status: r.status, retryAfter: r.headers?.['retry-after'] };
}

describe('breach emulator behind the Gate', () => {
  it('no user agent: 403 on every path, an unknown one included; each request counted', async () => {
    const e = emulator();
    expect((await get(e, '/api/v3/nothing-here', {})).status).toBe(403);
    expect((await get(e, '/api/v3/breaches', {})).status).toBe(403);
    expect((await get(e, '/api/v3/nothing-here', { 'user-agent': 't' })).status).toBe(404);
    expect(e.stats?.()).toEqual({ requests: 3, byStatus: { 403: 2, 404: 1 } });
  });

  it('a refused key spends nothing; each key has its own bucket; 429 with Retry-After', async () => {
    const e = emulator();
    const ua = { 'user-agent': 't' };
    const path = '/api/v3/subscription/status';
    expect((await get(e, path, { ...ua, 'breach-api-key': 'x'.repeat(20) })).status).toBe(401);
    expect((await get(e, path, { ...ua, 'breach-api-key': KEY })).status).toBe(200);
    expect((await get(e, path, { ...ua, 'breach-api-key': KEY })).status).toBe(200);
    const third = await get(e, path, { ...ua, 'breach-api-key': KEY });
    expect(third.status).toBe(429);
    expect(Number(third.retryAfter)).toBeGreaterThan(0);
    expect((await get(e, path, { ...ua, 'breach-api-key': TIER1 })).status).toBe(200);
    e.reset?.();
    expect((await get(e, path, { ...ua, 'breach-api-key': KEY })).status).toBe(200);
    expect(e.stats?.()).toEqual({ requests: 1, byStatus: { 200: 1 } });
  });
});
