import { describe, expect, it } from 'vitest';
import { tokenFingerprint } from '../../src/clients/db/index.js';
import { browserCommands, commandWords } from '../../src/commands/shared/browser.js';
import { listenForRedirect as listenForToken, readAnswer } from '../../src/auth/oauth/loopback.js';
import { authorizeUrl, parseStdinToken, resolveAuthUrl } from '../../src/commands/db/login-shared.js';
import { type DbLoginOptions, dbLoginCommand } from '../../src/commands/db/login.js';
import { runDbLogin } from '../../src/commands/db/login-run.js';
import { Settings } from '../../src/config/settings.js';
import { tempConfigDir } from '../helpers/cli.js';
import { settingsReader } from '../helpers/http.js';
import { output, parseVerb } from './helpers.js';

const jwt = (claims: Record<string, unknown>) =>
  ['{"alg":"none"}', JSON.stringify(claims), 'sig']
    .map((p) => Buffer.from(p).toString('base64url'))
    .join('.');

/** The helpers' environment sets OPS_DB_TOKEN, as the sandbox's does; login refuses while it is set. */
// A browser can open (BROWSER is set): the default is the browser sign-in.
const NO_ENV_TOKEN = { OPS_DB_TOKEN: '', BROWSER: 'true' };

describe('parsing ops db login', () => {
  it.each<[string, string[], { mode: string; timeoutSeconds: number; authUrl?: string; clientId?: string }]>([
    ['browser by default, 300 s', [], { mode: 'browser', timeoutSeconds: 300 }],
    [
      '--no-browser --wait-timeout 600',
      ['--no-browser', '--wait-timeout', '600'],
      { mode: 'print', timeoutSeconds: 600 },
    ],
    ['--token-stdin', ['--token-stdin'], { mode: 'stdin', timeoutSeconds: 300, authUrl: '', clientId: '' }],
  ])('%s', async (_n, args, expected) => {
    const { values } = await parseVerb(dbLoginCommand, ['login', ...args], { env: NO_ENV_TOKEN });
    expect(values).toEqual({
      mode: expected.mode,
      authUrl: expected.authUrl ?? 'http://127.0.0.1:9/db',
      clientId: expected.clientId ?? '8a0c6e2f-4b1d-4f3a-9e7c-5d2b1a0f9e8d',
      timeoutSeconds: expected.timeoutSeconds,
    });
  });

  it('--auth-url and --client-id win over the environment', async () => {
    const { values } = await parseVerb(
      dbLoginCommand,
      ['login', '--auth-url', 'https://login.example.com/', '--client-id', 'app-1'],
      { env: NO_ENV_TOKEN },
    );
    expect(values).toMatchObject({ authUrl: 'https://login.example.com', clientId: 'app-1' });
  });

  it.each([
    ['--token-stdin with --no-browser', ['--token-stdin', '--no-browser'], {}, /--token-stdin reads a token/],
    ['--wait-timeout 0', ['--wait-timeout', '0'], {}, /invalid --wait-timeout "0"/],
    ['no client id', [], { OPS_DB_CLIENT_ID: '' }, /db: no client id is set/],
    ['an http auth URL off this machine', ['--auth-url', 'http://login.example.com'], {}, /is not https/],
    [
      'a relative auth URL without a base URL',
      [],
      { OPS_DB_BASE_URL: '' },
      /is relative and no base URL is set/,
    ],
    [
      'OPS_DB_TOKEN set: the environment would win over what login stores',
      [],
      { OPS_DB_TOKEN: 'stale' },
      /^OPS_DB_TOKEN is set, and a token from the environment is used instead/,
    ],
  ])('%s: exit 2', async (_n, args, env, message) => {
    const err = (await parseVerb(dbLoginCommand, ['login', ...args], {
      env: { ...NO_ENV_TOKEN, ...env },
    }).catch((e: unknown) => e)) as {
      exitCode: number;
      message: string;
    };
    expect(err.message).toMatch(message);
    expect(err.exitCode).toBe(2);
  });
});

describe('the sign-in pieces', () => {
  it('the authorize URL is the seed’s, with the implicit flow’s parameters', () => {
    const u = new URL(authorizeUrl('https://login.example.com', 'app', 'http://127.0.0.1:5/', 's1'));
    expect(`${u.origin}${u.pathname}`).toBe('https://login.example.com/common/oauth2/authorize');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      client_id: 'app',
      response_type: 'token',
      redirect_uri: 'http://127.0.0.1:5/',
      scope: 'user_impersonation',
      state: 's1',
    });
  });

  it('a relative auth URL follows the base URL (the sandbox’s /db, whatever its port); the default is the public cloud', () => {
    expect(
      resolveAuthUrl(
        settingsReader({ auth_url: '/db', client_id: 'c', base_url: 'https://127.0.0.1:4443/db' }),
        undefined,
      ).authUrl,
    ).toBe('https://127.0.0.1:4443/db');
    expect(
      resolveAuthUrl(settingsReader({ auth_url: '/db', client_id: 'c' }), 'http://127.0.0.1:7/x').authUrl,
    ).toBe('http://127.0.0.1:7/db');
    expect(
      resolveAuthUrl(
        settingsReader({ auth_url: 'https://login.microsoftonline.com', client_id: 'c' }),
        undefined,
      ).authUrl,
    ).toBe('https://login.microsoftonline.com');
  });

  it('BROWSER entries in order (%s or the URL at the end), then the platform opener', () => {
    expect(commandWords(`"/opt/my browser/run" --flag 'a b'`)).toEqual([
      '/opt/my browser/run',
      '--flag',
      'a b',
    ]);
    expect(browserCommands('U', { BROWSER: 'wrap --x:firefox %s' }, 'linux')).toEqual([
      ['wrap', '--x', 'U'],
      ['firefox', 'U'],
      ['xdg-open', 'U'],
    ]);
    expect(browserCommands('U', {}, 'darwin')).toEqual([['open', 'U']]);
    expect(browserCommands('U', {}, 'win32')).toEqual([['rundll32', 'url.dll,FileProtocolHandler', 'U']]);
  });

  it('an answer: the state is checked first, then errors, then the token', () => {
    const p = (o: Record<string, string>) => new URLSearchParams(o);
    expect(
      readAnswer(p({ state: 's', access_token: 't', token_type: 'Bearer', expires_in: '3599' }), 's', 'db'),
    ).toEqual({
      accessToken: 't',
      expiresIn: 3599,
    });
    expect(() => readAnswer(p({ state: 'x', access_token: 't' }), 's', 'db')).toThrow(/state does not match/);
    expect(() => readAnswer(p({ access_token: 't' }), 's', 'db')).toThrow(/state does not match/);
    expect(() =>
      readAnswer(p({ state: 's', error: 'access_denied', error_description: 'no' }), 's', 'db'),
    ).toThrow('db: sign-in failed: access_denied: no');
    expect(() => readAnswer(p({ state: 's' }), 's', 'db')).toThrow(/no access token/);
    expect(() => readAnswer(p({ state: 's', access_token: 't', token_type: 'mac' }), 's', 'db')).toThrow(
      /not a bearer token/,
    );
  });

  it('a token from stdin: raw (a JWT’s exp), or JSON with accessToken and expires_on / expires_in', () => {
    expect(parseStdinToken('opaque\n', 0)).toEqual({ token: 'opaque', expiresAt: undefined });
    expect(parseStdinToken(jwt({ exp: 2_000_000_000 }), 0).expiresAt).toBe(2_000_000_000_000);
    expect(parseStdinToken('{"accessToken":"t","expires_on":1900000000}', 0)).toEqual({
      token: 't',
      expiresAt: 1_900_000_000_000,
    });
    expect(parseStdinToken('{"access_token":"t","expires_in":60}', 1000)).toEqual({
      token: 't',
      expiresAt: 61_000,
    });
    expect(() => parseStdinToken('{"token":"t"}', 0)).toThrow(/no accessToken/);
    expect(() => parseStdinToken('two words', 0)).toThrow(/white space/);
  });

  it.each([
    ['a quoted token', '"eyJ0eXAi.abc.def"'],
    ['control characters', 'abc\u001b[31mdef'],
    ['a URL', 'https://login.example.com/?code=x'],
    ['text with a comma', 'token,expires'],
    ['padding in the middle', 'ab=cd'],
    ['JSON whose accessToken is not a token', '{"accessToken":"a b"}'],
  ])('refuses %s: it is not a bearer token', (_n, text) => {
    expect(() => parseStdinToken(text, 0)).toThrow(/bearer token/);
  });
});

describe('the listener', () => {
  it('serves the page with a CSP that allows only its own script; answers the token post once; refuses another Host', async () => {
    const l = await listenForToken('st', 'db');
    const page = await fetch(l.redirectUri);
    expect(page.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; connect-src 'self'$/,
    );
    expect(await page.text()).toContain("fetch('/token'");
    const { request } = await import('undici');
    const rebound = await request(new URL('/token', l.redirectUri), {
      method: 'POST',
      headers: { host: 'evil.example' },
      body: 'state=st',
    });
    expect(rebound.statusCode).toBe(421);
    await rebound.body.dump();
    const posted = await fetch(new URL('/token', l.redirectUri), {
      method: 'POST',
      body: 'state=st&access_token=tok&token_type=Bearer',
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toMatch(/^Signed in/);
    expect(await l.result).toEqual({ accessToken: 'tok', expiresIn: undefined });
  });

  it('an error in the query of the redirect ends the login', async () => {
    const l = await listenForToken('st', 'db');
    const r = await fetch(`${l.redirectUri}?error=access_denied&state=st`);
    expect(r.status).toBe(400);
    await expect(l.result).rejects.toThrow('sign-in failed: access_denied');
  });
});

describe('runDbLogin', () => {
  function options(o: Partial<DbLoginOptions> & { browse?: (url: string) => Promise<void> }): {
    opts: DbLoginOptions;
    stored: Array<[string, number | undefined]>;
    out: ReturnType<typeof output>;
  } {
    const out = output();
    const stored: Array<[string, number | undefined]> = [];
    return {
      out,
      stored,
      opts: {
        ...out,
        mode: 'browser',
        authUrl: 'http://127.0.0.1:1/db',
        clientId: 'app',
        timeoutSeconds: 30,
        openBrowser: async (url) => {
          void o.browse?.(url);
          return true;
        },
        readToken: async () => '',
        store: async (token, at) => {
          stored.push([token, at]);
          return 'default';
        },
        now: () => 1_000_000,
        ...o,
      },
    };
  }

  /** Plays the authorization server and the page: the redirect's fragment posted back with the URL's state. */
  const answer = (extra: Record<string, string>) => async (url: string) => {
    const u = new URL(url);
    const body = new URLSearchParams({ state: u.searchParams.get('state')!, ...extra });
    await fetch(new URL('/token', u.searchParams.get('redirect_uri')!), {
      method: 'POST',
      body: body.toString(),
    });
  };

  it('the state sent is the state required; the token is stored with now + expires_in; user and tenant printed', async () => {
    const token = jwt({ upn: 'ann@example.com', tid: 'tenant-1' });
    const { opts, stored, out } = options({
      browse: answer({ access_token: token, token_type: 'Bearer', expires_in: '3600' }),
    });
    await runDbLogin(opts);
    expect(stored).toEqual([[token, 1_000_000 + 3_600_000]]);
    expect(out.io.out()).toBe(
      `profile     default\nuser        ann@example.com\ntenant      tenant-1\nexpires at  1970-01-01T01:16:40Z\n`,
    );
  });

  it('--no-browser prints the URL on stderr (always: it is what the person must do)', async () => {
    let printed = '';
    const { opts, stored } = options({ mode: 'print', openBrowser: async () => expect.fail('no browser') });
    opts.io.stderr = {
      write: (s: string) => {
        printed += s;
        const url = /^http\S+/m.exec(s)?.[0];
        if (url) void answer({ access_token: 'tok' })(url);
      },
    };
    await runDbLogin(opts);
    expect(printed).toMatch(
      /^Open this address in a browser on this machine to sign in:\nhttp:\/\/127\.0\.0\.1:1\/db\/common\/oauth2\/authorize\?client_id=app&/,
    );
    expect(stored).toEqual([['tok', undefined]]);
  });

  it('no browser could be opened: the URL is printed instead', async () => {
    let printed = '';
    const { opts } = options({ openBrowser: async () => false, timeoutSeconds: 0.05 });
    opts.io.stderr = { write: (s: string) => void (printed += s) };
    await expect(runDbLogin(opts)).rejects.toMatchObject({
      exitCode: 6,
      message: 'db: no sign-in within 0.05 s',
    });
    expect(printed).toMatch(
      /^No browser could be opened \(set BROWSER\)\. Open this address on this machine to sign in:\nhttp/,
    );
  });

  it('Ctrl-C while waiting: exit 130, nothing stored', async () => {
    const ac = new AbortController();
    const { opts, stored } = options({ browse: async () => ac.abort() });
    opts.io = { ...opts.io, signal: ac.signal };
    await expect(runDbLogin(opts)).rejects.toMatchObject({ exitCode: 130 });
    expect(stored).toEqual([]);
  });

  it('--token-stdin: an expired token is refused (exit 4), nothing stored', async () => {
    const { opts, stored } = options({ mode: 'stdin', readToken: async () => jwt({ exp: 999 }) });
    await expect(runDbLogin(opts)).rejects.toMatchObject({
      exitCode: 4,
      message: /^db: the token expired at 1970-01-01T00:16:39\.000Z/,
    });
    expect(stored).toEqual([]);
  });
});

describe('storing the token', () => {
  it('token, expiry and fingerprint in the profile, file mode 0600; a token without expiry clears the old expiry', async () => {
    const { storeToken } = await import('../../src/commands/db/login-shared.js');
    const { statSync, readFileSync } = await import('node:fs');
    const env = { OPS_CONFIG_DIR: tempConfigDir() };
    const settings = new Settings(env, 'work');
    expect(await storeToken(settings, 'tok-1', Date.parse('2030-01-01T00:00:00Z'))).toBe('work');
    const file = `${env.OPS_CONFIG_DIR}/config.json`;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.work.db).toEqual({
      token: 'tok-1',
      token_expires_at: '2030-01-01T00:00:00.000Z',
      token_fingerprint: tokenFingerprint('tok-1'),
    });
    await storeToken(settings, 'tok-2', undefined);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.work.db).toEqual({ token: 'tok-2' });
  });
});
