import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { keptInFile, runMain, tempConfigDir } from '../helpers/cli.js';
import { CHROMIUM, hasChromium, useChromium } from '../helpers/chromium.js';
import { memoryIo } from '../helpers/io.js';
import { useSandbox } from '../helpers/sandbox.js';

// Device codes may be polled every second: the tests wait little real time.
const sb = await useSandbox({
  services: ['tasks', 'docgen', 'db'],
  settings: { 'tasks.device_interval': '1', 'db.device_interval': '1' },
});
// Device codes approved at once (the setting scripts and the README use).
const quick = await useSandbox({
  services: ['db'],
  settings: { 'db.device_approval': 'immediate', 'db.device_interval': '0' },
});

const FAKE_BROWSER = `${process.execPath} ${join(import.meta.dirname, '..', 'db', 'fake-browser.mjs')}`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const NO_TOKENS = { OPS_TASKS_TOKEN: '', OPS_DOCGEN_TOKEN: '', OPS_DB_TOKEN: '' };

type Sandbox = typeof sb;
const ops = (
  args: string[],
  o: { dir?: string; env?: Record<string, string | undefined>; on?: Sandbox } = {},
) =>
  runMain(args, {
    env: {
      ...(o.on ?? sb).env,
      ...NO_TOKENS,
      BROWSER: FAKE_BROWSER,
      OPS_CONFIG_DIR: o.dir ?? tempConfigDir(),
      ...o.env,
    },
  });
const profileOf = (dir: string, service: string) =>
  (
    JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as {
      profiles: Record<string, Record<string, Record<string, string>>>;
    }
  ).profiles.default![service] ?? {};
/** Makes the stored expiry of a sign-in a past one, as if the token had lived its time. */
function expireStored(dir: string, service: string) {
  const file = join(dir, 'config.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  config.profiles.default[service].token_expires_at = '2020-01-01T00:00:00.000Z';
  writeFileSync(file, JSON.stringify(config));
}
const requests = async (service: string, on: Sandbox = sb) => (await on.counters()).requests[service] ?? {};
const stats = async (service: string, on: Sandbox = sb) =>
  (await on.counters()).emulators[service] as Record<string, unknown>;

/** Runs the CLI in this process and hands its stderr, as it grows, to `whilst` (which plays the person). */
async function withPerson(
  args: string[],
  dir: string,
  whilst: (stderr: () => string) => Promise<void>,
  env: Record<string, string> = {},
) {
  const io = memoryIo({ env: { ...sb.env, ...NO_TOKENS, OPS_CONFIG_DIR: dir, ...env } });
  const run = main(['node', 'ops', ...args], io);
  await whilst(io.err);
  const code = await run;
  return { code, stdout: io.out(), stderr: io.err() };
}

async function waitFor(read: () => string, re: RegExp): Promise<RegExpExecArray> {
  for (let i = 0; i < 200; i++) {
    const m = re.exec(read());
    if (m) return m;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never printed ${re}: ${read()}`);
}

describe('ops tasks login (Google: code with PKCE on a loopback redirect)', () => {
  it('a browser signs in; the token and the refresh token are stored and the token works', async () => {
    const dir = tempConfigDir();
    const r = await ops(['tasks', 'login', '--json'], { dir });
    expect(r.stderr).toMatch(keptInFile('tasks.token, tasks.refresh_token'));
    expect(r.code).toBe(0);
    const stored = profileOf(dir, 'tasks');
    expect(stored.refresh_token).toMatch(/^[\w-]{20,}$/);
    expect((await stats('tasks')).issuedTokenSha256).toEqual([sha256(stored.token!)]);
    expect(JSON.parse(r.stdout)).toEqual({ profile: 'default', expires_at: stored.token_expires_at });
    expect(await requests('tasks')).toMatchObject({ 'GET /o/oauth2/v2/auth': 1, 'POST /token': 1 });
    const list = await ops(['tasks', 'lists', 'list', '--field', 'title', '--limit', '1'], { dir });
    expect(list).toEqual({ code: 0, stdout: 'My Tasks\n', stderr: '' });
  });

  it('--no-browser prints the address; opened on this machine, the sign-in finishes', async () => {
    const dir = tempConfigDir();
    const r = await withPerson(['tasks', 'login', '--no-browser'], dir, async (err) => {
      const [url] = await waitFor(err, /^http\S+\/o\/oauth2\/v2\/auth\?\S+$/m);
      const q = new URL(url).searchParams;
      expect(
        Object.fromEntries(
          [...q.keys()].map((k) => [
            k,
            k === 'scope' || k === 'access_type' || k === 'code_challenge_method' || k === 'response_type'
              ? q.get(k)
              : typeof q.get(k),
          ]),
        ),
      ).toEqual({
        response_type: 'code',
        client_id: 'string',
        redirect_uri: 'string',
        scope: 'https://www.googleapis.com/auth/tasks',
        state: 'string',
        code_challenge: 'string',
        code_challenge_method: 'S256',
        access_type: 'offline',
      });
      expect(q.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      spawn(process.execPath, [join(import.meta.dirname, '..', 'db', 'fake-browser.mjs'), url], {
        stdio: 'ignore',
      });
    });
    expect(r.code).toBe(0);
    expect(profileOf(dir, 'tasks').token).toBeTruthy();
  });

  it('the token endpoint refuses the code without the PKCE verifier (the sandbox enforces it)', async () => {
    const base = `${sb.url}/tasks`;
    const challenge = createHash('sha256').update('v'.repeat(43)).digest('base64url');
    const auth = await fetch(
      `${base}/o/oauth2/v2/auth?${new URLSearchParams({ response_type: 'code', client_id: sb.env.OPS_TASKS_CLIENT_ID!, redirect_uri: 'http://127.0.0.1:1/', scope: 'https://www.googleapis.com/auth/tasks', state: 's', code_challenge: challenge, code_challenge_method: 'S256' })}`,
      { redirect: 'manual' },
    );
    const code = new URL(auth.headers.get('location')!).searchParams.get('code')!;
    const token = await fetch(`${base}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://127.0.0.1:1/',
        client_id: sb.env.OPS_TASKS_CLIENT_ID!,
        client_secret: sb.env.OPS_TASKS_CLIENT_SECRET!,
        code_verifier: 'w'.repeat(43),
      }),
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The code verifier does not match the challenge.',
    });
  });

  it('--device: Google grants no device code for the tasks scope: one line, exit 1, the browser as hint', async () => {
    const r = await ops(['tasks', 'login', '--device']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "ops: tasks: the device sign-in was refused: invalid_scope: Invalid device flow scope: https://www.googleapis.com/auth/tasks\nhint: Google's device flow does not grant the tasks scope: sign in with a browser (ops tasks login, or --no-browser to print the address)\n",
    });
  });

  it('refuses while OPS_TASKS_TOKEN is set: exit 2, nothing sent', async () => {
    const r = await ops(['tasks', 'login'], { env: { OPS_TASKS_TOKEN: 'x' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'ops: OPS_TASKS_TOKEN is set, and a token from the environment is used instead of the one ops tasks login stores\nhint: unset OPS_TASKS_TOKEN, then run ops tasks login again\n',
    );
    expect(await requests('tasks')).toEqual({});
  });

  it('--dry-run: a sign-in cannot be planned: exit 2, nothing sent, nothing stored', async () => {
    const r = await ops(['tasks', 'login', '--dry-run']);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'ops: tasks login has no --dry-run: it signs in and stores what it gets\nhint: drop --dry-run\n',
    });
    expect(await requests('tasks')).toEqual({});
  });

  it('--debug shows no secret: not the client secret, the code, the verifier or a token', async () => {
    const dir = tempConfigDir();
    const r = await ops(['tasks', 'login', '--debug'], { dir });
    expect(r.code).toBe(0);
    const stored = profileOf(dir, 'tasks');
    expect(r.stderr).toContain('POST http://127.0.0.1');
    for (const secret of [sb.env.OPS_TASKS_CLIENT_SECRET!, stored.token!, stored.refresh_token!])
      expect(r.stderr).not.toContain(secret);
    expect(r.stderr).not.toMatch(/code_verifier=|code=[\w-]{10}/);
  });
});

describe('refresh: an expired access token is renewed once before the request', () => {
  it('tasks: past expiry on the sandbox clock, a list succeeds with one refresh; the stored token changed', async () => {
    const dir = tempConfigDir();
    await ops(['tasks', 'login'], { dir });
    const before = profileOf(dir, 'tasks');
    await sb.advance(3600);
    const r = await ops(['tasks', 'lists', 'list', '--field', 'title', '--limit', '1'], { dir });
    expect(r).toEqual({ code: 0, stdout: 'My Tasks\n', stderr: '' });
    expect((await requests('tasks'))['POST /token']).toBe(2);
    expect((await stats('tasks')).refreshes).toBe(1);
    const after = profileOf(dir, 'tasks');
    expect(after.token).not.toBe(before.token);
    // Google keeps the refresh token.
    expect(after.refresh_token).toBe(before.refresh_token);
    expect(Date.parse(after.token_expires_at!)).toBeGreaterThan(Date.parse(before.token_expires_at!));
  });

  it('tasks: a stored expiry already past renews before any request is refused (no 401)', async () => {
    const dir = tempConfigDir();
    await ops(['tasks', 'login'], { dir });
    expireStored(dir, 'tasks');
    const r = await ops(['tasks', 'lists', 'list', '--limit', '1', '--field', 'title'], { dir });
    expect(r.code).toBe(0);
    expect((await stats('tasks')).unauthorized).toBe(0);
    expect((await stats('tasks')).refreshes).toBe(1);
  });

  it('tasks --dry-run: an expired sign-in is not renewed (that would send the refresh token): exit 4', async () => {
    const dir = tempConfigDir();
    await ops(['tasks', 'login'], { dir });
    expireStored(dir, 'tasks');
    const r = await ops(['tasks', 'add', 'x', '--dry-run'], { dir });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      'ops: tasks: the sign-in expired, and --dry-run does not renew it (that sends the refresh token)\nhint: run the command once without --dry-run, or `ops tasks login`\n',
    );
    expect((await stats('tasks')).refreshes).toBe(0);
  });

  it('tasks --debug: the renewal is logged with its secrets masked (refresh token, client secret, new tokens)', async () => {
    const dir = tempConfigDir();
    await ops(['tasks', 'login'], { dir });
    const before = profileOf(dir, 'tasks');
    expireStored(dir, 'tasks');
    const r = await ops(['tasks', 'lists', 'list', '--debug'], { dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/> POST http:\/\/127\.0\.0\.1:\d+\/tasks\/token\n/);
    const after = profileOf(dir, 'tasks');
    for (const secret of [
      before.refresh_token!,
      before.token!,
      after.token!,
      sb.env.OPS_TASKS_CLIENT_SECRET!,
    ])
      expect(r.stderr).not.toContain(secret);
  });

  it('a stored token without a refresh token that the service refuses: 401, exit 4, the hint names the login', async () => {
    const dir = tempConfigDir();
    await runMain(['tasks', 'login', '--token-stdin'], {
      env: { ...sb.env, ...NO_TOKENS, OPS_CONFIG_DIR: dir },
      input: 'not-a-token-the-sandbox-knows',
    });
    const r = await ops(['tasks', 'lists', 'list'], { dir });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /\nhint: the access token is missing, expired or unknown: sign in with `ops tasks login`, /,
    );
  });

  it('tasks: a revoked refresh token: exit 4 naming the login command', async () => {
    const dir = tempConfigDir();
    await ops(['tasks', 'login'], { dir });
    const revoke = await fetch(`${sb.url}/tasks/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: profileOf(dir, 'tasks').refresh_token! }),
    });
    expect(revoke.status).toBe(200);
    await sb.advance(3600);
    const r = await ops(['tasks', 'lists', 'list'], { dir });
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr:
        'ops: tasks: the sign-in expired and could not be renewed (invalid_grant)\nhint: run `ops tasks login`\n',
    });
  });

  it('docgen: Box refresh tokens are single use: the new one is stored, the old one refused', async () => {
    const dir = tempConfigDir();
    expect((await ops(['docgen', 'login'], { dir })).code).toBe(0);
    const before = profileOf(dir, 'docgen');
    expect(before.refresh_token).toBeTruthy();
    await sb.advance(3600);
    const r = await ops(['docgen', 'jobs', 'list', '--limit', '1', '--field', 'id'], { dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const after = profileOf(dir, 'docgen');
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.token).not.toBe(before.token);
    const again = await fetch(`${sb.url}/docgen/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: before.refresh_token!,
        client_id: sb.env.OPS_DOCGEN_CLIENT_ID!,
        client_secret: sb.env.OPS_DOCGEN_CLIENT_SECRET!,
      }),
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
  });
});

describe('a client-credentials sign-in lasts: its expired token is got again with the client secret', () => {
  it('docgen: the secret from the environment; past expiry a list succeeds with one more grant', async () => {
    const dir = tempConfigDir();
    expect((await ops(['docgen', 'login', '--client-credentials'], { dir })).code).toBe(0);
    const before = profileOf(dir, 'docgen');
    expect(before.token_grant).toBe('client_credentials');
    expect(before.client_secret).toBeUndefined();
    await sb.advance(3700);
    const r = await ops(['docgen', 'jobs', 'list', '--limit', '1', '--field', 'id'], { dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect((await requests('docgen'))['POST /oauth2/token']).toBe(2);
    const after = profileOf(dir, 'docgen');
    expect(after.token).not.toBe(before.token);
    expect(after.token_grant).toBe('client_credentials');
  });

  it('db: a secret piped to the login is kept with the token and renews it when the environment has none', async () => {
    const dir = tempConfigDir();
    const secret = sb.env.OPS_DB_CLIENT_SECRET!;
    const login = await runMain(['db', 'login', '--client-credentials', '--client-secret-stdin'], {
      env: { ...sb.env, ...NO_TOKENS, OPS_DB_CLIENT_SECRET: '', OPS_CONFIG_DIR: dir },
      input: `${secret}\n`,
    });
    expect(login.code).toBe(0);
    expect(login.stderr).toMatch(keptInFile('db.token, db.client_secret'));
    expect(profileOf(dir, 'db').client_secret).toBe(secret);
    expireStored(dir, 'db');
    const r = await ops(['db', 'role-assignment', 'list', '--json'], {
      dir,
      env: { OPS_DB_CLIENT_SECRET: '' },
    });
    expect(r.code).toBe(0);
    expect((await requests('db'))[`POST /${sb.env.OPS_DB_TENANT}/oauth2/v2.0/token`]).toBe(2);
    expect((await stats('db')).unauthorized ?? 0).toBe(0);
  });

  it('db: a secret the directory refuses at renewal: exit 4 naming the client-credentials login', async () => {
    const dir = tempConfigDir();
    expect((await ops(['db', 'login', '--client-credentials'], { dir })).code).toBe(0);
    expireStored(dir, 'db');
    const r = await ops(['db', 'role-assignment', 'list'], {
      dir,
      env: { OPS_DB_CLIENT_SECRET: 'not-the-secret' },
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /^ops: db: the sign-in expired and could not be renewed \(invalid_client\)\nhint: run `ops db login --client-credentials`\n$/,
    );
    expect(r.stderr).not.toContain('not-the-secret');
  });

  it('a person’s sign-in after it forgets the client-credentials mark', async () => {
    const dir = tempConfigDir();
    expect((await ops(['db', 'login', '--client-credentials'], { dir })).code).toBe(0);
    const token = sb.env.OPS_DB_TOKEN!;
    const r = await runMain(['db', 'login', '--token-stdin'], {
      env: { ...sb.env, ...NO_TOKENS, OPS_CONFIG_DIR: dir },
      input: token,
    });
    expect(r.code).toBe(0);
    expect(profileOf(dir, 'db').token_grant).toBeUndefined();
  });
});

describe('ops docgen login (Box)', () => {
  it('--client-credentials: the enterprise from docgen.subject_id; no refresh token; the token works', async () => {
    const dir = tempConfigDir();
    const r = await ops(['docgen', 'login', '--client-credentials', '--json'], { dir });
    expect(r.stderr).toMatch(keptInFile('docgen.token'));
    expect(r.code).toBe(0);
    const stored = profileOf(dir, 'docgen');
    expect(stored.refresh_token).toBeUndefined();
    expect((await ops(['docgen', 'jobs', 'list', '--limit', '1', '--field', 'id'], { dir })).code).toBe(0);
  });

  it('--client-credentials with the secret on stdin; a subject Box refuses is exit 4', async () => {
    const r = await runMain(['docgen', 'login', '--client-credentials', '--client-secret-stdin'], {
      env: { ...sb.env, ...NO_TOKENS, OPS_DOCGEN_CLIENT_SECRET: '', OPS_DOCGEN_SUBJECT_ID: '1' },
      input: `${sb.env.OPS_DOCGEN_CLIENT_SECRET}\n`,
    });
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr:
        'ops: docgen: sign-in refused: invalid_grant: Grant credentials are invalid\nhint: run `ops docgen login` again\n',
    });
  });

  it('--client-credentials without a secret: exit 2 before any request', async () => {
    const r = await ops(['docgen', 'login', '--client-credentials'], {
      env: { OPS_DOCGEN_CLIENT_SECRET: '' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^ops: docgen: --client-credentials needs the client secret and none is set\n/);
    expect(await requests('docgen')).toEqual({});
  });

  it('no --device: Box documents no device flow', async () => {
    const r = await ops(['docgen', 'login', '--device']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option '--device'/);
  });
});

describe('ops db login: device code and client credentials (Microsoft identity platform v2.0)', () => {
  it('--device: the code and address on stderr; approved on the verification page; tokens stored; renewed later', async () => {
    const dir = tempConfigDir();
    const r = await withPerson(['db', 'login', '--device', '--json'], dir, async (err) => {
      const [, address, code] = await waitFor(err, /open (\S+) on any device and enter the code (\S+)\n/);
      const page = await fetch(`${address}?user_code=${code}`);
      expect(page.status).toBe(200);
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ profile: 'default', user: 'sandbox.user@example.com' });
    const stored = profileOf(dir, 'db');
    expect(stored.refresh_token).toBeTruthy();
    // `ops sandbox env` sets OPS_DB_TENANT (client credentials need it); device codes take it too.
    expect(await requests('db')).toMatchObject({
      [`POST /${sb.env.OPS_DB_TENANT}/oauth2/v2.0/devicecode`]: 1,
      'GET /devicelogin': 1,
    });
    await sb.advance(7200);
    const list = await ops(['db', 'role-assignment', 'list', '--json'], { dir });
    expect(list.code).toBe(0);
    expect(profileOf(dir, 'db').token).not.toBe(stored.token);
  });

  it('--device with device_approval=immediate (scripts, the README): signs in at once', async () => {
    const dir = tempConfigDir();
    const r = await ops(['db', 'login', '--device'], { dir, on: quick });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^To sign in, open http:\/\/127\.0\.0\.1:\d+\/db\/devicelogin on any device and enter the code [A-Z]{4}-[A-Z]{4}\nops: no OS keyring answered \(no D-Bus session bus\); kept db\.token, db\.refresh_token in \S+ \(0600\)\n$/,
    );
  });

  it('--device --wait-timeout: nobody approves: exit 6', async () => {
    const r = await ops(['db', 'login', '--device', '--wait-timeout', '1.5']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(
      /\nops: db: the device code was not approved within 2 s\nhint: raise --wait-timeout/,
    );
  });

  it('--client-credentials: the tenant id and the secret from the environment; .default scope', async () => {
    const dir = tempConfigDir();
    const r = await ops(['db', 'login', '--client-credentials', '--json'], { dir });
    expect(r.stderr).toMatch(keptInFile('db.token'));
    expect(r.code).toBe(0);
    expect(profileOf(dir, 'db').refresh_token).toBeUndefined();
    expect((await requests('db'))[`POST /${sb.env.OPS_DB_TENANT}/oauth2/v2.0/token`]).toBe(1);
    expect((await ops(['db', 'role-assignment', 'list'], { dir })).code).toBe(0);
  });

  it('--client-credentials with tenant organizations: exit 2 before any request', async () => {
    const r = await ops(['db', 'login', '--client-credentials'], { env: { OPS_DB_TENANT: 'organizations' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'ops: db: --client-credentials needs the directory (tenant) id, not "organizations"\nhint: set OPS_DB_TENANT or run `ops config set db.tenant TENANT_ID`\n',
    );
    expect(await requests('db')).toEqual({});
  });

  it('a wrong client secret: the AADSTS refusal in one line, exit 4', async () => {
    const r = await ops(['db', 'login', '--client-credentials'], { env: { OPS_DB_CLIENT_SECRET: 'wrong' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      'ops: db: sign-in refused: invalid_client: AADSTS7000215: The client credentials are invalid.\nhint: run `ops db login` again\n',
    );
  });

  it('two ways at once: exit 2', async () => {
    const r = await ops(['db', 'login', '--device', '--client-credentials']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'ops: --device and --client-credentials are different ways to sign in\nhint: give one of them\n',
    );
  });
});

describe('ops tasks login in a real browser (headless Chromium)', () => {
  const browser = useChromium();
  it.skipIf(!hasChromium)(
    hasChromium
      ? 'Chromium loads the authorize page and follows its redirect to the loopback with the code; the CLI exchanges it with PKCE'
      : `skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`,
    async () => {
      const { wrapper, pidFile, work } = browser();
      const dir = tempConfigDir();
      const r = await ops(['tasks', 'login', '--wait-timeout', '60', '--json'], {
        dir,
        env: { BROWSER: wrapper, HOME: work, PATH: process.env.PATH },
      });
      expect(r.stderr).toMatch(keptInFile('tasks.token, tasks.refresh_token'));
      expect(r.code).toBe(0);
      expect(existsSync(pidFile)).toBe(true);
      expect((await stats('tasks')).issuedTokenSha256).toEqual([sha256(profileOf(dir, 'tasks').token!)]);
    },
  );
});
