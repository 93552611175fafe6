import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

// Emulator start-up settings (`ops sandbox start --set secrets.…`), with the CLI run in-process.
const uninitialized = await useSandbox({
  services: ['secrets'],
  settings: { 'secrets.state': 'uninitialized' },
});
const managed = await useSandbox({ services: ['secrets'], settings: { 'secrets.managed': 'true' } });
const standby = await useSandbox({ services: ['secrets'], settings: { 'secrets.mode': 'standby' } });
const perf = await useSandbox({ services: ['secrets'], settings: { 'secrets.mode': 'perfstandby' } });
const dr = await useSandbox({ services: ['secrets'], settings: { 'secrets.mode': 'drsecondary' } });
const limited = await useSandbox({ services: ['secrets'], settings: { 'secrets.rate_limit': '3' } });

describe('secrets on an uninitialized store', () => {
  it('reports 501 (exit 7), initializes, then unseals with the printed keys and uses the new root token', async () => {
    const env = uninitialized.env;
    const status = await runMain(['secrets', 'status'], { env });
    expect(status.code).toBe(7);
    expect(status.stderr).toMatch(/not initialized[\s\S]*operator init/);
    expect((await runMain(['secrets', 'kv', 'get', 'secret/app/db', '--retries', '0'], { env })).code).toBe(
      7,
    );
    const init = await runMain(
      ['secrets', 'operator', 'init', '--key-shares', '3', '--key-threshold', '2', '--json'],
      { env },
    );
    expect(init.code).toBe(0);
    const { keys, root_token: root } = JSON.parse(init.stdout) as { keys: string[]; root_token: string };
    expect(keys).toHaveLength(3);
    const sealed = await runMain(['secrets', 'status', '--json'], { env });
    expect(sealed.code).toBe(7);
    expect(JSON.parse(sealed.stdout)).toMatchObject({ initialized: true, sealed: true, t: 2, n: 3 });
    const half = await runMain(['secrets', 'operator', 'unseal'], { env, input: `${keys[0]}\n` });
    expect(half.stdout).toMatch(/unseal progress\s+1\/2/);
    await runMain(['secrets', 'operator', 'unseal'], { env, input: `${keys[2]}\n` });
    const read = await runMain(['secrets', 'kv', 'get', 'secret/app/config', '--field', 'log_level'], {
      env: { ...env, OPS_SECRETS_TOKEN: root },
    });
    expect(read).toMatchObject({ code: 0, stdout: 'info\n' });
    expect((await runMain(['secrets', 'operator', 'init'], { env })).stderr).toMatch(
      /already initialized \(HTTP 400\)/,
    );
  });
});

describe('secrets on a managed cluster (namespace admin)', () => {
  it('fails in the root namespace with a hint, and works with --namespace admin or the admin/ path', async () => {
    const env = managed.env;
    const root = await runMain(['secrets', 'kv', 'get', 'secret/app/config'], { env });
    expect(root.code).toBe(4);
    expect(root.stderr).toMatch(/hint: .*--namespace admin/);
    // ops api has no --namespace: its hint names what it does have, and that works.
    const api = await runMain(['api', 'secrets', 'GET', '/v1/secret/data/app/config'], { env });
    expect(api.code).toBe(4);
    expect(api.stderr).toMatch(/hint: .*OPS_SECRETS_NAMESPACE=admin/);
    const apiAdmin = await runMain(
      ['api', 'secrets', 'GET', '/v1/secret/data/app/config', '--query', 'data.data.owner'],
      {
        env: { ...env, OPS_SECRETS_NAMESPACE: 'admin' },
      },
    );
    expect(apiAdmin).toMatchObject({ code: 0, stdout: '"admin-namespace"\n' });
    const admin = await runMain(
      ['secrets', 'kv', 'get', 'secret/app/config', '--namespace', 'admin', '--field', 'owner'],
      { env },
    );
    expect(admin).toMatchObject({ code: 0, stdout: 'admin-namespace\n' });
    const viaEnv = await runMain(['secrets', 'kv', 'list', 'secret/'], {
      env: { ...env, OPS_SECRETS_NAMESPACE: 'admin/' },
    });
    expect(viaEnv.stdout).toBe('app/\n');
    const login = await runMain(
      [
        'secrets',
        'login',
        '--method',
        'userpass',
        '-f',
        'username=alice',
        '--namespace',
        'admin',
        '--no-store',
        '--json',
      ],
      {
        env,
        input: 'alice-sandbox-password',
      },
    );
    expect(login.code).toBe(0);
  });
});

describe('secrets health of standby nodes', () => {
  it.each([
    ['standby', 5, () => standby, [], /standby/],
    ['standby accepted', 0, () => standby, ['--standby-ok'], /^$/],
    ['performance standby', 1, () => perf, [], /performance standby/],
    ['performance standby accepted', 0, () => perf, ['--perf-standby-ok'], /^$/],
    ['DR secondary', 1, () => dr, [], /disaster-recovery secondary/],
  ] as const)('%s: exit %i', async (_name, code, sandbox, flags, message) => {
    const r = await runMain(['secrets', 'status', ...flags], { env: sandbox().env });
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toMatch(/^ha mode /m);
  });
});

describe("secrets store's own rate limit", () => {
  it('answers 429 with Retry-After past the limit; the CLI waits and then succeeds, or exits 5 with no retries', async () => {
    const env = limited.env;
    const runs = await Promise.all(
      [1, 2, 3, 4].map(() => runMain(['secrets', 'read', 'kv/app/legacy', '--retries', '0'], { env })),
    );
    expect(runs.map((r) => r.code).sort()).toEqual([0, 0, 0, 5]);
    expect(runs.find((r) => r.code === 5)!.stderr).toMatch(/rate limit quota exceeded \(HTTP 429\)/);
    const waited = await runMain(['secrets', 'read', 'kv/app/legacy', '--field', 'api_key'], { env });
    expect(waited).toMatchObject({ code: 0, stdout: 'legacy-key-123\n' });
  });
});
