import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import type { RunsEmulator } from '../../src/sandbox/runs/index.js';
import type { PipelinesState } from '../../src/sandbox/pipelines/state.js';

/**
 * --dry-run's curl lines run as printed: each credential is `"$(ops auth token SERVICE)"`, so bash with
 * ops signed in (here: the sandbox's environment) sends the very request, and the credential itself
 * never appears.
 */
const sb = await useSandbox({ services: ['hosts', 'tasks', 'dataapi', 'runs', 'secrets', 'pipelines'] });
const config = tempConfigDir();
const env = { ...sb.env, OPS_CONFIG_DIR: config };
const ops = (args: string[]) => runCli(args, { env });

/** A folder with an `ops` that runs the built CLI, for the printed lines' `$(ops …)`. */
const bin = mkdtempSync(join(tmpdir(), 'ops-bin-'));
writeFileSync(
  join(bin, 'ops'),
  `#!/bin/sh\nexec '${process.execPath}' '${join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs')}' "$@"\n`,
);
chmodSync(join(bin, 'ops'), 0o755);

const secrets = Object.entries(sb.env)
  .filter(([k]) => /_(API_KEY|APP_KEY|TOKEN|PASSWORD)$/.test(k))
  .map(([, v]) => v);

/** Prints the dry run's curl line, checked free of credentials, and runs it with bash. */
async function runPrinted(args: string[]): Promise<{ line: string; answer: string }> {
  const r = await ops([...args, '--dry-run']);
  expect([args, r.code]).toEqual([args, 0]);
  const line = r.stdout.trim().split('\n').at(-1)!;
  expect(line).toMatch(/^curl /);
  for (const s of secrets) expect(r.stdout).not.toContain(s);
  // Not execFileSync: the sandbox answers from this process's event loop.
  const { stdout: answer } = await promisify(execFile)(
    'bash',
    ['-c', `${line} --silent --show-error --fail`],
    {
      env: { ...env, PATH: `${bin}:${process.env.PATH}`, HOME: tmpdir() },
      encoding: 'utf8',
    },
  );
  return { line, answer };
}

describe('--dry-run curl that runs as printed', () => {
  it('hosts: both keys by command; bash mutes the host as the command would', async () => {
    const { line } = await runPrinted(['hosts', 'mute', 'api-001', '--end', '1h']);
    expect(line).toContain(`-H 'X-Monitor-Api-Key: '"$(ops auth token hosts)"`);
    expect(line).toContain(`-H 'X-Monitor-Application-Key: '"$(ops auth token hosts --key app_key)"`);
    const muted = await ops(['hosts', 'list', '--jq', '.[0] | [.name, .is_muted] | @tsv']);
    expect(muted.stdout).toBe('api-001\ttrue\n');
  });

  it('tasks: a bearer token; bash creates the list', async () => {
    const { line } = await runPrinted(['tasks', 'lists', 'create', 'Made by curl']);
    expect(line).toContain(`-H 'authorization: Bearer '"$(ops auth token tasks)"`);
    const lists = await ops(['tasks', 'lists', 'list', '--jq', '.[].title']);
    expect(lists.stdout.split('\n')).toContain('Made by curl');
  });

  it('runs: a token; bash cancels the run', async () => {
    const run = (await ops(['runs', 'list', '--status', 'in_progress', '--jq', '.[0].id'])).stdout.trim();
    expect(run).toMatch(/^\d+$/);
    const { line } = await runPrinted(['runs', 'cancel', run]);
    expect(line).toContain(`-H 'authorization: token '"$(ops auth token runs)"`);
    const after = await ops(['runs', 'view', run, '--json', 'status', '--jq', '.status']);
    expect(after.stdout).not.toBe('in_progress\n');
  });

  it('dataapi: HTTP Basic as -u login and the password by command; the answer is the same', async () => {
    const { line, answer } = await runPrinted(['dataapi', 'errors', 'keywords']);
    expect(line).toContain(`-u sandbox@example.com:"$(ops auth token dataapi)"`);
    expect((JSON.parse(answer) as { status_code: number }).status_code).toBe(20000);
  });

  it('a credential piped to --token-stdin is read from the variable ops reads; bash with it set mutes the host', async () => {
    const key = sb.env.OPS_HOSTS_API_KEY!;
    const r = await runCli(['hosts', 'mute', 'api-002', '--dry-run', '--token-stdin'], {
      env: { ...env, OPS_HOSTS_API_KEY: '' },
      input: key,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`-H 'X-Monitor-Api-Key: '"$OPS_HOSTS_API_KEY"`);
    expect(r.stdout).toContain(`"$(ops auth token hosts --key app_key)"`);
    expect(r.stdout + r.stderr).not.toContain(key);
    expect(r.stderr).toBe(
      'dry run: to run the curl line, set OPS_HOSTS_API_KEY to the hosts api_key given to --token-stdin\n',
    );
    await bash(r.stdout.trim(), { OPS_HOSTS_API_KEY: key });
    const muted = await ops(['hosts', 'list', '--jq', '.[] | select(.name == "api-002") | .is_muted']);
    expect(muted.stdout).toBe('true\n');
  });

  it('ops api: a credential of its own given with -H is read from OPS_HEADER_<NAME>, said on stderr; the line runs', async () => {
    // A credential of the caller's own that no store holds (here one the sandbox does not check).
    const token = 'caller-own-secret-0001';
    const r = await ops([
      'api',
      'tasks',
      'POST',
      '/tasks/v1/users/@me/lists',
      '-f',
      'title=By header',
      '-H',
      `X-Upstream-Auth: Bearer ${token}`,
      '--dry-run',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`-H 'X-Upstream-Auth: Bearer '"$OPS_HEADER_X_UPSTREAM_AUTH"`);
    expect(r.stdout + r.stderr).not.toContain(token);
    expect(r.stderr).toBe(
      'dry run: to run the curl line, set OPS_HEADER_X_UPSTREAM_AUTH to the credential -H gave the x-upstream-auth header (without a scheme word such as Bearer)\n',
    );
    await bash(r.stdout.trim(), { OPS_HEADER_X_UPSTREAM_AUTH: token });
    const lists = await ops(['tasks', 'lists', 'list', '--jq', '.[].title']);
    expect(lists.stdout.split('\n')).toContain('By header');
  });

  it('ops api: a query parameter named as a credential is read from OPS_QUERY_<NAME>, said on stderr; the line runs', async () => {
    const value = 'QSsecretAPP';
    const r = await ops([
      'api',
      'hosts',
      'GET',
      `/api/v1/hosts?count=1&application_key=${value}`,
      '-f',
      'access_token=QSsecret5678',
      '--dry-run',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `/hosts/api/v1/hosts?count=1&application_key='"$OPS_QUERY_APPLICATION_KEY"'&access_token='"$OPS_QUERY_ACCESS_TOKEN"`,
    );
    expect(r.stdout + r.stderr).not.toMatch(/QSsecret/);
    expect(r.stderr).toBe(
      'dry run: to run the curl line, set OPS_QUERY_APPLICATION_KEY to the value of the application_key query parameter\n' +
        'dry run: to run the curl line, set OPS_QUERY_ACCESS_TOKEN to the value of the access_token query parameter\n',
    );
    const answer = await bash(r.stdout.trim(), {
      OPS_QUERY_APPLICATION_KEY: value,
      OPS_QUERY_ACCESS_TOKEN: 'QSsecret5678',
    });
    expect(JSON.parse(answer).host_list).toHaveLength(1);
  });

  it('ops api --input FILE (or -): the body is sent from there, a secret in it never printed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-body-'));
    const file = join(dir, 'list.json');
    writeFileSync(file, '{"title":"From a file hunter2-secret"}');
    const r = await ops(['api', 'tasks', 'POST', '/tasks/v1/users/@me/lists', '--input', file, '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ --data-binary @\S+list\.json\n$/);
    expect(r.stdout).not.toContain('hunter2-secret');
    await bash(r.stdout.trim(), {});
    const piped = await runCli(
      ['api', 'tasks', 'POST', '/tasks/v1/users/@me/lists', '--input', '-', '--dry-run'],
      {
        env,
        input: '{"title":"From stdin"}',
      },
    );
    expect(piped.stdout.trim()).toMatch(/ --data-binary @-$/);
    await bash(piped.stdout.trim(), {}, '{"title":"From stdin"}');
    const lists = await ops(['tasks', 'lists', 'list', '--jq', '.[].title']);
    expect(lists.stdout.split('\n')).toEqual(
      expect.arrayContaining(['From a file hunter2-secret', 'From stdin']),
    );
  });
});

/** Runs a printed line with bash, `ops` on the PATH and `vars` set (and `input` on its stdin). */
async function bash(line: string, vars: Record<string, string>, input?: string): Promise<string> {
  const child = execFile('bash', ['-c', `${line} --silent --show-error --fail`], {
    env: { ...env, ...vars, PATH: `${bin}:${process.env.PATH}`, HOME: tmpdir() },
    encoding: 'utf8',
  });
  child.stdin?.end(input ?? '');
  const out: string[] = [];
  child.stdout?.on('data', (d: string) => out.push(d));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  expect([line, code]).toEqual([line, 0]);
  return out.join('');
}

describe('ops auth token --key', () => {
  it("prints another of the service's credentials; an unknown one is exit 2 naming them", async () => {
    const r = await ops(['auth', 'token', 'hosts', '--key', 'app_key']);
    expect([r.code, r.stdout]).toEqual([0, `${sb.env.OPS_HOSTS_APP_KEY}\n`]);
    const bad = await ops(['auth', 'token', 'hosts', '--key', 'nope']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'ops: hosts has no credential "nope"\nhint: give one of: api_key, app_key\n',
    ]);
  });
});

/**
 * Issue #45: the secret values of a body. A sealed value is printed as it is; a value the user gave is
 * read from `OPS_VALUE_<KEY>`, said on stderr. Each line, run by bash, changes the sandbox as the
 * command itself does (compared on a sandbox reset between the two), and never shows the value.
 */
describe('--dry-run curl: secret values in the body', () => {
  const runs = () => sb.sandbox.emulators.get('runs') as RunsEmulator;

  /** The dry run of `args` with `input` on stdin: its line, checked free of the value and of credentials. */
  async function dryLine(args: string[], input: string, value = input) {
    const r = await runCli([...args, '--dry-run'], { env, input });
    expect([args, r.code]).toEqual([args, 0]);
    expect(r.stdout + r.stderr).not.toContain(value);
    for (const s of secrets) expect(r.stdout + r.stderr).not.toContain(s);
    return { line: r.stdout.trim(), stderr: r.stderr };
  }

  /** What `observe` sees after bash runs the dry run's line, and after the command itself on a reset sandbox. */
  async function bothWays<T>(
    args: string[],
    input: string,
    vars: Record<string, string>,
    observe: () => Promise<T> | T,
  ): Promise<{ line: string; stderr: string; dry: T; real: T }> {
    const { line, stderr } = await dryLine(args, input);
    await bash(line, vars);
    const dry = await observe();
    await sb.control('POST', 'reset');
    const real = await runCli(args, { env, input });
    expect([args, real.code, real.stderr]).toEqual([args, 0, '']);
    return { line, stderr, dry, real: await observe() };
  }

  it('runs secret set: the sealed value and its key id as they are; bash stores the same secret', async () => {
    const value = 'dry-run sealed value 7';
    const args = ['runs', 'secret', 'set', 'DRY_RUN_SECRET'];
    const { line, dry, real } = await bothWays(args, value, {}, () =>
      runs().secretValue({}, 'DRY_RUN_SECRET')?.toString(),
    );
    expect(line).toMatch(/ --data-binary '\{"encrypted_value":"[A-Za-z0-9+/]{40,}={0,2}","key_id":"\d+"\}'$/);
    expect([dry, real]).toEqual([value, value]);
  });

  it('runs secret set --org: the visibility and repository ids are shown too; bash makes the same change', async () => {
    const args = [
      'runs',
      'secret',
      'set',
      'DRY_ORG',
      '--org',
      'octo-org',
      '--visibility',
      'selected',
      '--repos',
      '1296269',
    ];
    const observe = async () => ({
      value: runs().secretValue({ org: 'octo-org' }, 'DRY_ORG')?.toString(),
      listed: (
        await ops([
          'runs',
          'secret',
          'list',
          '--org',
          'octo-org',
          '--jq',
          '.[] | select(.name == "DRY_ORG") | .visibility',
        ])
      ).stdout,
      repos: (
        await ops([
          'api',
          'runs',
          'GET',
          '/orgs/octo-org/actions/secrets/DRY_ORG/repositories',
          '--jq',
          '[.repositories[].id]',
        ])
      ).stdout,
    });
    const { line, dry, real } = await bothWays(args, 'org-wide', {}, observe);
    expect(line).toContain('"visibility":"selected","selected_repository_ids":[1296269]');
    expect(dry).toEqual(real);
    expect(dry.value).toBe('org-wide');
  });

  it('secrets kv put: each value from OPS_VALUE_<KEY> (said on stderr), the check-and-set shown; bash writes the same version', async () => {
    const args = ['secrets', 'kv', 'put', 'secret/dry-run', 'password=-', 'user=app', '--cas', '0'];
    const value = 'hunter2-dry-run';
    const observe = async () =>
      (
        await ops([
          'secrets',
          'kv',
          'get',
          'secret/dry-run',
          '-o',
          'json',
          '--jq',
          '[.data.data, .data.metadata.version]',
        ])
      ).stdout;
    const { line, stderr, dry, real } = await bothWays(
      args,
      value,
      { OPS_VALUE_PASSWORD: value, OPS_VALUE_USER: 'app' },
      observe,
    );
    expect(line).toContain(
      `--data-binary '{"data":{"password":"'"$OPS_VALUE_PASSWORD"'","user":"'"$OPS_VALUE_USER"'"},"options":{"cas":0}}'`,
    );
    expect(stderr).toContain(
      'dry run: to run the curl line, set OPS_VALUE_PASSWORD to the secret value ops would send as data.password\n',
    );
    expect(dry).toBe(real);
    expect(JSON.parse(dry)).toEqual([{ password: value, user: 'app' }, 1]);
  });

  it('secrets kv put: a value JSON must escape stays *** and stderr says the line does not run as printed', async () => {
    const { line, stderr } = await dryLine(
      ['secrets', 'kv', 'put', 'secret/dry-run', 'password=-'],
      'say "hi"\\',
    );
    expect(line).toContain(`--data-binary '{"data":{"password":"***"}}'`);
    expect(stderr).toContain(
      'dry run: the curl line masks data.password as *** (no variable gives the bytes ops sends there): it does not run as printed\n',
    );
  });

  it('pipelines context env set: the value from OPS_VALUE_<NAME>; bash sets the same variable', async () => {
    const context = 'a0c17523-e4af-46ab-965f-4a57cbc4a90f';
    const args = ['pipelines', 'context', 'env', 'set', context, 'DRY_RUN_VAR'];
    const value = 'ctx-secret-dry-run';
    const state = () => sb.sandbox.emulators.get('pipelines')!.state!() as PipelinesState;
    const { line, dry, real } = await bothWays(
      args,
      value,
      { OPS_VALUE_DRY_RUN_VAR: value },
      () => state().contexts.get(context)?.vars.get('DRY_RUN_VAR')?.value,
    );
    expect(line).toContain(`--data-binary '{"value":"'"$OPS_VALUE_DRY_RUN_VAR"'"}'`);
    expect([dry, real]).toEqual([value, value]);
  });

  it('ops api: the service credential given as a JSON value is its command; bash sends it', async () => {
    const token = sb.env.OPS_SECRETS_TOKEN!;
    const r = await ops([
      'api',
      'secrets',
      'POST',
      '/v1/secret/data/from-api',
      '-f',
      `data[token]=${token}`,
      '--dry-run',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`--data-binary '{"data":{"token":"'"$(ops auth token secrets)"'"}}'`);
    expect(r.stdout + r.stderr).not.toContain(token);
    await bash(r.stdout.trim(), {});
    const got = await ops(['secrets', 'kv', 'get', 'secret/from-api', '--field', 'token']);
    expect(got.stdout).toBe(`${token}\n`);
  });

  it("ops api: a KV v2 write's values come from OPS_VALUE_<KEY> as `secrets kv put`'s do (said on stderr); bash writes them", async () => {
    const value = 'TopSecretVal-api-dry';
    const r = await ops([
      'api',
      'secrets',
      'POST',
      '/v1/secret/data/api-dry',
      '-f',
      `data[greeting]=${value}`,
      '-F',
      'options[cas]=0',
      '--dry-run',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(value);
    expect(r.stdout).toContain(
      `--data-binary '{"data":{"greeting":"'"$OPS_VALUE_GREETING"'"},"options":{"cas":0}}'`,
    );
    expect(r.stderr).toContain(
      'dry run: to run the curl line, set OPS_VALUE_GREETING to the secret value ops would send as data.greeting\n',
    );
    await bash(r.stdout.trim(), { OPS_VALUE_GREETING: value });
    const got = await ops(['secrets', 'kv', 'get', 'secret/api-dry', '--field', 'greeting']);
    expect(got.stdout).toBe(`${value}\n`);
  });

  it("ops api: a context variable's value comes from OPS_VALUE_<NAME> as `context env set`'s does; bash sets it", async () => {
    const context = 'a0c17523-e4af-46ab-965f-4a57cbc4a90f';
    const value = 'ApiPathSecret-43';
    const r = await ops([
      'api',
      'pipelines',
      'PUT',
      `/api/v2/context/${context}/environment-variable/API_DRY_VAR`,
      '-f',
      `value=${value}`,
      '--dry-run',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(value);
    expect(r.stdout).toContain(`--data-binary '{"value":"'"$OPS_VALUE_API_DRY_VAR"'"}'`);
    expect(r.stderr).toContain(
      'dry run: to run the curl line, set OPS_VALUE_API_DRY_VAR to the secret value ops would send as API_DRY_VAR\n',
    );
    await bash(r.stdout.trim(), { OPS_VALUE_API_DRY_VAR: value });
    const state = sb.sandbox.emulators.get('pipelines')!.state!() as PipelinesState;
    expect(state.contexts.get(context)?.vars.get('API_DRY_VAR')?.value).toBe(value);
  });
});
