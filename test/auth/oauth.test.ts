import { describe, expect, it } from 'vitest';
import { loginMode } from '../../src/auth/login-flags.js';
import { deviceSignIn } from '../../src/auth/oauth/device.js';
import { challengeOf, createPkce } from '../../src/auth/oauth/pkce.js';
import type { HttpClient, RequestSpec } from '../../src/clients/http/types.js';
import { tokenRequest } from '../../src/clients/oauth/token.js';
import { memoryIo } from '../helpers/io.js';

/** An HTTP client that answers each request with the next of `answers` and records what was asked. */
function scripted(answers: Array<[number, unknown]>) {
  const seen: RequestSpec[] = [];
  const http: HttpClient = {
    service: 'db',
    baseUrl: 'http://127.0.0.1:1/db',
    async request<T>(spec: RequestSpec) {
      seen.push(spec);
      const next = answers.shift();
      if (!next) throw new Error(`unexpected request ${spec.method} ${spec.path}`);
      return { status: next[0], headers: {}, data: next[1] as T, url: spec.path, attempts: 1 };
    },
  };
  return { http, seen, left: () => answers.length };
}

const form = (spec: RequestSpec) => Object.fromEntries(new URLSearchParams(String(spec.rawBody)));

describe('PKCE', () => {
  it('S256 of the RFC 7636 example verifier is the RFC’s challenge', () => {
    expect(challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
  it('a fresh pair: 43 unreserved characters, its challenge, S256; never the same twice', () => {
    const a = createPkce();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.challenge).toBe(challengeOf(a.verifier));
    expect(a.method).toBe('S256');
    expect(createPkce().verifier).not.toBe(a.verifier);
  });
});

describe('token requests', () => {
  it('a form POST without the service credential, masked under --debug, refusals read as answers', async () => {
    const s = scripted([[200, { access_token: 'at', expires_in: 3599, refresh_token: 'rt' }]]);
    const t = await tokenRequest(s.http, 'tasks', 'http://x/token', {
      grant_type: 'refresh_token',
      refresh_token: 'r',
      client_secret: undefined,
    });
    expect(t).toEqual({ accessToken: 'at', expiresIn: 3599, refreshToken: 'rt' });
    expect(s.seen[0]).toMatchObject({
      method: 'POST',
      auth: false,
      sensitive: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      okStatuses: [400, 401, 403, 428],
    });
    expect(form(s.seen[0]!)).toEqual({ grant_type: 'refresh_token', refresh_token: 'r' });
  });

  it.each([
    [400, 'invalid_grant', 4],
    [401, 'invalid_client', 4],
    [403, 'access_denied', 4],
    [400, 'invalid_scope', 1],
    [400, 'unsupported_grant_type', 1],
  ])('%i %s: exit %i, one line with the vendor’s words', async (status, error, exit) => {
    const s = scripted([[status, { error, error_description: 'Bad thing.\nsecond line' }]]);
    await expect(tokenRequest(s.http, 'docgen', 'http://x/token', {})).rejects.toMatchObject({
      exitCode: exit,
      message: `docgen: sign-in refused: ${error}: Bad thing.`,
      hint: 'run `ops docgen login` again',
    });
  });

  it('a success without an access token is a bad answer: exit 7', async () => {
    const s = scripted([[200, { token_type: 'Bearer' }]]);
    await expect(tokenRequest(s.http, 'db', 'http://x/token', {})).rejects.toMatchObject({ exitCode: 7 });
  });
});

describe('device code polling', () => {
  const start: [number, unknown] = [
    200,
    {
      device_code: 'dc',
      user_code: 'ABCD-EFGH',
      verification_url: 'https://example.test/device',
      expires_in: 60,
      interval: 5,
    },
  ];
  function clock() {
    let t = 0;
    const sleeps: number[] = [];
    const sleep = async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    };
    return { now: () => t, sleep, sleeps };
  }
  const base = (http: HttpClient, c: ReturnType<typeof clock>, timeoutSeconds?: number) => ({
    http,
    io: memoryIo(),
    service: 'db',
    deviceUrl: 'http://x/devicecode',
    tokenUrl: 'http://x/token',
    clientId: 'app',
    scope: 's offline_access',
    timeoutSeconds,
    sleep: c.sleep,
    now: c.now,
  });

  it('prints the address and code; pending waits the interval, slow_down adds 5 s; then the token', async () => {
    const s = scripted([
      start,
      [428, { error: 'authorization_pending' }],
      [403, { error: 'slow_down' }],
      [400, { error: 'authorization_pending' }],
      [200, { access_token: 'at', expires_in: 3599, refresh_token: 'rt' }],
    ]);
    const c = clock();
    const o = base(s.http, c);
    const t = await deviceSignIn(o);
    expect(t.accessToken).toBe('at');
    expect(c.sleeps).toEqual([5000, 10000, 10000]);
    expect(o.io.err()).toBe(
      'To sign in, open https://example.test/device on any device and enter the code ABCD-EFGH\n',
    );
    expect(form(s.seen[0]!)).toEqual({ client_id: 'app', scope: 's offline_access' });
    expect(form(s.seen[1]!)).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      client_id: 'app',
      device_code: 'dc',
    });
  });

  it('the code’s expires_in bounds the wait: exit 6 saying the code expired', async () => {
    const s = scripted([
      start,
      ...Array.from({ length: 20 }, () => [428, { error: 'authorization_pending' }] as [number, unknown]),
    ]);
    const c = clock();
    await expect(deviceSignIn(base(s.http, c))).rejects.toMatchObject({
      exitCode: 6,
      message: 'db: the device code was not approved within 60 s',
      hint: 'the code expired: sign in again',
    });
  });

  it('--wait-timeout shorter than the code: exit 6 naming --wait-timeout', async () => {
    const s = scripted([
      start,
      ...Array.from({ length: 5 }, () => [428, { error: 'authorization_pending' }] as [number, unknown]),
    ]);
    await expect(deviceSignIn(base(s.http, clock(), 12))).rejects.toMatchObject({
      exitCode: 6,
      message: 'db: the device code was not approved within 12 s',
      hint: 'raise --wait-timeout (seconds), or sign in again',
    });
  });

  it('the server says expired_token: exit 6; the person declines: exit 4', async () => {
    await expect(
      deviceSignIn(base(scripted([start, [400, { error: 'expired_token' }]]).http, clock())),
    ).rejects.toMatchObject({ exitCode: 6 });
    await expect(
      deviceSignIn(
        base(
          scripted([
            start,
            [400, { error: 'authorization_declined', error_description: 'AADSTS70000: declined' }],
          ]).http,
          clock(),
        ),
      ),
    ).rejects.toMatchObject({
      exitCode: 4,
      message: 'db: sign-in refused: authorization_declined: AADSTS70000: declined',
    });
  });

  it('a refused scope with the vendor’s hint (Google and the tasks scope)', async () => {
    const s = scripted([
      [400, { error: 'invalid_scope', error_description: 'Invalid device flow scope: x' }],
    ]);
    await expect(
      deviceSignIn({ ...base(s.http, clock()), scopeHint: 'use the browser' }),
    ).rejects.toMatchObject({
      exitCode: 1,
      message: 'db: the device sign-in was refused: invalid_scope: Invalid device flow scope: x',
      hint: 'use the browser',
    });
  });
});

describe('the login mode', () => {
  const flows = { device: true, clientCredentials: true };
  const f = (o: object) => ({ browser: true, ...o });
  it.each([
    [{}, { BROWSER: 'x' }, 'linux', 'browser'],
    [{}, { DISPLAY: ':0' }, 'linux', 'browser'],
    [{}, {}, 'darwin', 'browser'],
    [{}, {}, 'linux', 'device'],
    [{ browser: false }, {}, 'linux', 'print'],
    [{ device: true }, { BROWSER: 'x' }, 'linux', 'device'],
    [{ clientCredentials: true }, {}, 'linux', 'client-credentials'],
    [{ tokenStdin: true }, {}, 'linux', 'stdin'],
  ] as const)('%o with %o on %s: %s', (flags, env, platform, mode) => {
    expect(loginMode(f(flags), flows, env, platform)).toBe(mode);
  });
  it('without a device flow (Box), or one that cannot grant the scope (Google, tasks), no browser here prints the address', () => {
    expect(loginMode(f({}), { device: false, clientCredentials: true }, {}, 'linux')).toBe('print');
    expect(
      loginMode(f({}), { device: true, clientCredentials: false, deviceByDefault: false }, {}, 'linux'),
    ).toBe('print');
  });
  it.each([
    [{ device: true, tokenStdin: true }, '--token-stdin and --device are different ways to sign in'],
    [{ clientSecretStdin: true }, '--client-secret-stdin goes with --client-credentials'],
    [{ device: true, browser: false }, '--no-browser is for the browser sign-in, not --device'],
    [{ clientCredentials: true, waitTimeout: '5' }, '--client-credentials waits for no one'],
  ])('%o: exit 2 (%s)', (flags, message) => {
    expect(() => loginMode(f(flags), flows, {}, 'linux')).toThrow(message);
  });
});
