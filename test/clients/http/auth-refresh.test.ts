import { describe, expect, it } from 'vitest';
import { type AuthScheme, bearerAuth } from '../../../src/clients/http/auth.js';
import { createHttpClient } from '../../../src/clients/http/client.js';
import { Redactor } from '../../../src/clients/http/redact.js';
import { ExitCode, OpsError } from '../../../src/errors.js';
import { useMockAgent } from '../../helpers/http.js';

const ORIGIN = 'http://api.test';
const mock = useMockAgent();

/** A credential that expires, renewed by `refresh` into `fresh-<n>` (counting renewals). */
function expiring(token: string, expiresAt: number, renewals: { n: number }): AuthScheme {
  return {
    ...bearerAuth(token),
    expiresAt,
    refresh: async () => {
      renewals.n++;
      return expiring(`fresh-${renewals.n}`, Date.now() + 60_000, renewals);
    },
  };
}

function client(auth: AuthScheme, log?: string[]) {
  return createHttpClient({
    service: 'svc',
    baseUrl: ORIGIN,
    auth,
    retries: 2,
    timeoutMs: 5000,
    maxWaitSeconds: 60,
    dispatcher: mock.agent(),
    redactor: new Redactor([]),
    sleep: async () => undefined,
    ...(log ? { log: (l: string) => void log.push(l) } : {}),
  });
}

const pool = () => mock.agent().get(ORIGIN);

describe('credentials that change during a run', () => {
  it('an expired credential is renewed before the request, once for concurrent requests', async () => {
    const renewals = { n: 0 };
    for (let i = 0; i < 3; i++)
      pool()
        .intercept({ path: '/x', method: 'GET', headers: { authorization: 'Bearer fresh-1' } })
        .reply(200, { ok: i });
    const http = client(expiring('stale', Date.now() - 1, renewals));
    const answers = await Promise.all([1, 2, 3].map(() => http.request({ method: 'GET', path: '/x' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(renewals.n).toBe(1);
  });

  it('a 401 renews the credential once and sends the request again', async () => {
    const renewals = { n: 0 };
    pool()
      .intercept({ path: '/x', method: 'GET', headers: { authorization: 'Bearer old' } })
      .reply(401, { message: 'session expired' });
    pool()
      .intercept({ path: '/x', method: 'GET', headers: { authorization: 'Bearer fresh-1' } })
      .reply(200, { ok: true });
    const res = await client(expiring('old', Date.now() + 60_000, renewals)).request({
      method: 'GET',
      path: '/x',
    });
    expect(res.data).toEqual({ ok: true });
    expect(renewals.n).toBe(1);
  });

  it('a second 401 after renewing is reported, not renewed again (exit 4)', async () => {
    const renewals = { n: 0 };
    pool().intercept({ path: '/x', method: 'GET' }).reply(401, { message: 'no' }).times(2);
    const err = await client(expiring('old', Date.now() + 60_000, renewals))
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect((err as OpsError).exitCode).toBe(ExitCode.auth);
    expect(renewals.n).toBe(1);
  });

  it('an expired credential that cannot be renewed is exit 4 before sending, with its hint', async () => {
    const auth: AuthScheme = {
      ...bearerAuth('tok'),
      expiresAt: Date.parse('2026-01-01T00:00:00Z'),
      expiredHint: 'run `ops db login` for a new token',
    };
    const err = await client(auth)
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpsError);
    expect((err as OpsError).exitCode).toBe(ExitCode.auth);
    expect((err as OpsError).message).toBe('svc: the access token expired at 2026-01-01T00:00:00.000Z');
    expect((err as OpsError).hint).toBe('run `ops db login` for a new token');
  });

  it('neither the old nor the renewed token appears in --debug', async () => {
    const renewals = { n: 0 };
    pool().intercept({ path: '/x', method: 'GET' }).reply(401, {});
    pool().intercept({ path: '/x', method: 'GET' }).reply(200, {});
    const log: string[] = [];
    await client(expiring('old-secret', Date.now() + 60_000, renewals), log).request({
      method: 'GET',
      path: '/x',
    });
    expect(log.length).toBeGreaterThan(0);
    expect(log.join('\n')).not.toMatch(/old-secret|fresh-1/);
  });
});
