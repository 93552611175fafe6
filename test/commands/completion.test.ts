import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { type Server, type Socket, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runMain, tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sb = await useSandbox();

/** A cache folder of its own for each call that wants one. */
const freshCache = () => mkdtempSync(join(tmpdir(), 'ops-test-cache-'));

/** `ops __complete WORDS…` in this process: the candidates (value, description) and the directive. */
async function complete(words: string[], env: Record<string, string | undefined> = {}) {
  const r = await runMain(['__complete', ...words], {
    env: { ...sb.env, XDG_CACHE_HOME: freshCache(), ...env },
  });
  expect(r.code).toBe(0);
  expect(r.stderr).toBe('');
  const lines = r.stdout.split('\n');
  expect(lines.pop()).toBe('');
  const last = lines.pop()!;
  expect(last).toMatch(/^:\d+$/);
  const candidates = lines.map((l) => l.split('\t'));
  return {
    values: candidates.map((c) => c[0]!),
    candidates,
    directive: Number(last.slice(1)),
    raw: r.stdout,
  };
}

// Each service's commands are imported (and, under vitest, compiled) by their first completion, which
// would eat the second a completion has: loaded once here, as the built CLI has them ready.
beforeAll(async () => {
  for (const words of [
    ['cloud', 'instance', 'get', ''],
    ['cloud', 'instance', 'snapshot', 'list', ''],
    ['runs', 'view', ''],
    ['hosts', 'mute', ''],
    ['tasks', 'lists', 'get', ''],
    ['pipelines', 'context', 'get', ''],
    ['db', 'role-assignment', 'get', ''],
    ['docgen', 'jobs', 'get', ''],
    ['secrets', 'kv', 'get', 'secret/'],
  ])
    await runMain(['__complete', ...words], { env: { ...sb.env, XDG_CACHE_HOME: freshCache() } });
}, 60_000);

const requestsTo = async (service: string) =>
  Object.values((await sb.counters()).requests[service] ?? {}).reduce((a, b) => a + b, 0);

describe("ops __complete: the user's own names", () => {
  it('aliases and plugins on PATH are offered with the commands; one that a command shadows is not', async () => {
    const config = tempConfigDir();
    writeFileSync(join(config, 'config.json'), JSON.stringify({ aliases: { hl: 'hosts list', hosts: 'x' } }));
    const bin = mkdtempSync(join(tmpdir(), 'ops-test-plugins-'));
    for (const name of ['ops-hello', 'ops-config'])
      writeFileSync(join(bin, name), '#!/bin/sh\n', { mode: 0o755 });
    const r = await complete([''], { OPS_CONFIG_DIR: config, PATH: `${bin}:${process.env.PATH}` });
    // An alias with what it runs, a plugin with where it is.
    expect(r.candidates).toContainEqual(['hl', 'hosts list']);
    expect(r.candidates).toContainEqual(['hello', join(bin, 'ops-hello')]);
    expect(r.values.filter((v) => v === 'hosts')).toHaveLength(1);
    expect(r.values.filter((v) => v === 'config')).toHaveLength(1);
    expect(
      (await complete(['h'], { OPS_CONFIG_DIR: config, PATH: `${bin}:${process.env.PATH}` })).values,
    ).toEqual(['hosts', 'hl', 'hello', 'help']);
  });

  it("after an alias's or a plugin's name, none of ops's flags: the shell's file names", async () => {
    const config = tempConfigDir();
    writeFileSync(join(config, 'config.json'), JSON.stringify({ aliases: { hl: 'hosts list' } }));
    const bin = mkdtempSync(join(tmpdir(), 'ops-test-plugins-'));
    writeFileSync(join(bin, 'ops-hello'), '#!/bin/sh\n', { mode: 0o755 });
    const env = { OPS_CONFIG_DIR: config, PATH: `${bin}:${process.env.PATH}` };
    for (const words of [
      ['hello', ''],
      ['hello', '--'],
      ['hl', '-'],
    ])
      expect([words, await complete(words, env)]).toMatchObject([words, { values: [], directive: 0 }]);
  });

  it('ops alias delete offers the aliases, each with what it stands for', async () => {
    const config = tempConfigDir();
    writeFileSync(
      join(config, 'config.json'),
      JSON.stringify({ aliases: { hl: 'hosts list', co: 'cloud' } }),
    );
    const r = await complete(['alias', 'delete', ''], { OPS_CONFIG_DIR: config });
    expect(r.candidates).toEqual([
      ['co', 'cloud'],
      ['hl', 'hosts list'],
    ]);
    expect(r.directive).toBe(4);
  });
});

describe('ops __complete: the command tree', () => {
  it('the first word: every command and help, with their summaries, and no file names', async () => {
    const r = await complete(['']);
    expect(r.values).toEqual(expect.arrayContaining(['cloud', 'hosts', 'config', 'completion', 'help']));
    expect(r.values).not.toContain('__complete');
    expect(r.candidates).toContainEqual(['hosts', 'Host monitoring: list, totals, mute']);
    expect(r.directive).toBe(4);
    expect((await complete(['clo'])).values).toEqual(['cloud']);
  });

  it("a group's subcommands, the word's start kept", async () => {
    const r = await complete(['runs', 'cache', '']);
    expect(r.values).toEqual(['list', 'delete']);
    expect((await complete(['cloud', 'instance', 'st'])).values).toEqual(['start', 'stop']);
  });

  it("flags once a word begins with -: the verb's own and the global ones, short ones after a lone -", async () => {
    const r = await complete(['hosts', 'list', '--sort']);
    expect(r.values).toEqual(['--sort-field', '--sort-dir']);
    expect(r.candidates[1]![1]).toMatch(/asc|desc|direction/i);
    expect((await complete(['runs', 'view', '--re'])).values).toEqual(['--repo', '--retries']);
    const dash = await complete(['hosts', 'list', '-']);
    expect(dash.values).toEqual(expect.arrayContaining(['-o', '--output', '-p', '--profile', '--filter']));
    expect((await complete(['hosts', 'list', '--'])).values).not.toContain('-o');
  });

  it('a command that takes no argument: its flags are what comes next', async () => {
    expect((await complete(['hosts', 'totals', ''])).values).toContain('--since');
  });

  it('fixed values after a flag that takes one of a set, after a space or an =', async () => {
    expect((await complete(['hosts', 'list', '--sort-dir', ''])).values).toEqual(['asc', 'desc']);
    expect((await complete(['-o', 'n'])).values).toEqual(['ndjson']);
    expect((await complete(['hosts', 'list', '--output=j'])).values).toEqual(['--output=json']);
    expect((await complete(['cloud', 'instance', 'launch', '--storage', ''])).values).toEqual([
      'LOCAL',
      'CENTRAL',
    ]);
    expect((await complete(['meter', 'send', '--format', ''])).values).toEqual(['ndjson', 'csv']);
  });

  it("a free value or an argument nobody declared values for: the shell's file names (directive 0)", async () => {
    expect(await complete(['hosts', 'list', '--filter', ''])).toMatchObject({ values: [], directive: 0 });
    expect(await complete(['meter', 'send', '--file', ''])).toMatchObject({ values: [], directive: 0 });
  });

  it('the values from the code and the config: shells, help topics, services, profiles', async () => {
    expect((await complete(['completion', ''])).values).toEqual(['bash', 'zsh', 'fish', 'powershell']);
    const help = await complete(['help', '']);
    expect(help.values).toEqual(expect.arrayContaining(['environment', 'exit-codes', 'hosts', 'cloud']));
    expect((await complete(['help', 'cloud', 'in'])).values).toEqual(['instance-types', 'instance']);
    // A group's own `help` (`ops hosts help list`) takes its verbs, as `ops help hosts` does.
    expect((await complete(['hosts', 'help', ''])).values).toEqual(['list', 'totals', 'mute', 'unmute']);
    expect((await complete(['cloud', 'help', 'instance', 'st'])).values).toEqual(['start', 'stop']);
    // The keys a profile may hold, for config get, set and unset; never file names.
    for (const verb of ['get', 'set', 'unset']) {
      const keys = await complete(['config', verb, 'hosts.a']);
      expect([verb, keys.candidates, keys.directive]).toEqual([
        verb,
        [
          ['hosts.api_key', expect.stringContaining('X-Monitor-Api-Key')],
          ['hosts.app_key', expect.stringContaining('X-Monitor-Application-Key')],
        ],
        4,
      ]);
    }
    expect((await complete(['config', 'get', ''])).values).toEqual(
      expect.arrayContaining(['output', 'runs.token']),
    );
    const auth = await complete(['auth', 'status', 'hosts', 't']);
    expect(auth.candidates).toEqual([['tasks', expect.stringMatching(/^Task lists/)]]);
    const dir = tempConfigDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ current_profile: 'staging', profiles: { staging: { output: 'json' }, prod: {} } }),
    );
    const profiles = await complete(['-p', ''], { OPS_CONFIG_DIR: dir });
    expect(profiles.candidates).toEqual([
      ['default', 'profile'],
      ['prod', 'profile'],
      ['staging', 'profile (current)'],
    ]);
    expect((await complete(['config', 'use', 'st'], { OPS_CONFIG_DIR: dir })).values).toEqual(['staging']);
    expect((await complete(['hosts', 'list', '--profile', 'p'], { OPS_CONFIG_DIR: dir })).values).toEqual([
      'prod',
    ]);
  });
});

describe('ops __complete: names and ids from the API', () => {
  it('cloud instances: id and reference, the state beside, one request of one page', async () => {
    const before = await requestsTo('cloud');
    const r = await complete(['cloud', 'instance', 'get', '']);
    expect(await requestsTo('cloud')).toBe(before + 1);
    expect(r.candidates).toContainEqual(['4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01', 'web-01  RUNNING']);
    expect(r.candidates).toContainEqual(['web-01', 'RUNNING  4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01']);
    expect(r.directive).toBe(4);
    expect((await complete(['cloud', 'instance', 'stop', 'we'])).values).toEqual(['web-01', 'web-02']);
    expect((await complete(['cloud', 'instance', 'snapshot', 'list', 'db'])).values).toEqual(['db-01']);
  });

  it('runs: id with workflow, branch and state, in the repository of OPS_RUNS_REPO or --repo', async () => {
    const r = await complete(['runs', 'view', '']);
    expect(r.candidates).toContainEqual(['30433648', expect.stringMatching(/^CI {2}main {2}\w+$/)]);
    for (const verb of ['rerun', 'cancel', 'watch', 'logs'])
      expect((await complete(['runs', verb, '3043364'])).values).toContain('30433647');
    const other = await complete(['runs', 'view', '--repo', 'nobody/nothing', '']);
    expect(other.values).toEqual([]);
  });

  it('hosts: names, the word as the API name filter, muted ones first', async () => {
    const db = (await complete(['hosts', 'mute', 'db-00'])).values;
    expect(db).toEqual(expect.arrayContaining(['db-001', 'db-002', 'db-003', 'db-004']));
    expect(db.every((h) => h.startsWith('db-00'))).toBe(true);
    await runMain(['hosts', 'mute', 'api-003'], { env: sb.env });
    const unmute = await complete(['hosts', 'unmute', 'api-00']);
    expect(unmute.candidates[0]).toEqual(['api-003', 'UP  muted yes']);
  });

  it('tasks lists, pipelines contexts, db role assignments, docgen jobs and batches', async () => {
    expect((await complete(['tasks', 'lists', 'get', ''])).candidates).toContainEqual([
      'MDAwMDAwMDAwMTI6MDow',
      'Groceries',
    ]);
    expect((await complete(['tasks', 'list', '--list', ''])).candidates).toContainEqual([
      'MDAwMDAwMDAwMTY6MDow',
      'Work',
    ]);
    expect((await complete(['pipelines', 'context', 'get', 'aws'])).candidates).toEqual([
      ['aws-production', 'a0c17523-e4af-46ab-965f-4a57cbc4a90f'],
      ['aws-staging', '82b4dc90-910e-4466-b679-404a7cd3a59c'],
    ]);
    expect((await complete(['db', 'role-assignment', 'get', ''])).values).toEqual([
      '4a4d6c1e-8f0b-4d35-9b2e-1c7a5e3f9d21',
      '9c2e7f4b-1a3d-4e5f-8b6c-0d9e8f7a6b5c',
    ]);
    expect((await complete(['docgen', 'jobs', 'get', ''])).candidates).toContainEqual([
      '91847506',
      expect.stringMatching(/^\w+ {2}batch 6110482$/),
    ]);
    expect((await complete(['docgen', 'jobs', 'list', '--batch', ''])).candidates).toContainEqual([
      '6110482',
      '4 recent jobs',
    ]);
  });

  it('secrets KV paths one folder at a time: the mounts, then a folder, no space after a folder', async () => {
    const mounts = await complete(['secrets', 'kv', 'get', '']);
    expect(mounts.candidates).toEqual([
      ['secret/', 'KV version 2'],
      ['kv/', 'KV version 1'],
    ]);
    expect(mounts.directive).toBe(4 | 2);
    expect((await complete(['secrets', 'kv', 'get', 'secret/'])).values).toEqual([
      'secret/app/',
      'secret/team/',
    ]);
    const leaf = await complete(['secrets', 'kv', 'get', 'secret/app/d']);
    expect(leaf).toMatchObject({ values: ['secret/app/db'], directive: 4 });
  });

  it('never a credential in a candidate: a KV folder named like the token is left out', async () => {
    const token = sb.env.OPS_SECRETS_TOKEN!;
    const put = await runMain(['secrets', 'kv', 'put', `secret/${token}/x`, 'a=b'], { env: sb.env });
    expect(put.code).toBe(0);
    const r = await complete(['secrets', 'kv', 'get', 'secret/']);
    expect(r.values).toEqual(['secret/app/', 'secret/team/']);
    expect(r.raw).not.toContain(token);
  });
});

describe('ops __complete: cache, deadline and quiet failures', () => {
  it('keeps an answer 30 s per profile, service and address, 0600, without a credential', async () => {
    const cache = freshCache();
    const env = { XDG_CACHE_HOME: cache };
    const before = await requestsTo('cloud');
    const first = await complete(['cloud', 'instance', 'get', ''], env);
    const again = await complete(['cloud', 'instance', 'get', 'web'], env);
    expect(again.values).toEqual(['web-01', 'web-02']);
    expect(await requestsTo('cloud')).toBe(before + 1);
    const folder = join(cache, 'ops', 'completion');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    const file = join(folder, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('web-01');
    for (const [name, value] of Object.entries(sb.env))
      if (/TOKEN|KEY|SECRET|PASSWORD/.test(name)) expect(text).not.toContain(value);
    expect(text).not.toContain(sb.url);
    // Another address is another question; an answer past 30 s is asked again.
    await complete(['cloud', 'instance', 'get', ''], { ...env, OPS_CLOUD_BASE_URL: `${sb.url}/cloud/` });
    expect(await requestsTo('cloud')).toBe(before + 2);
    const old = (Date.now() - 31_000) / 1000;
    for (const f of readdirSync(folder)) utimesSync(join(folder, f), old, old);
    expect((await complete(['cloud', 'instance', 'get', ''], env)).values).toEqual(first.values);
    expect(await requestsTo('cloud')).toBe(before + 3);
    // The stale answers were removed on the way.
    expect(readdirSync(folder)).toHaveLength(1);
  });

  it('any error is no candidates and exit 0, nothing on stderr: no credential, a refusal, an unknown profile', async () => {
    const none = await complete(['cloud', 'instance', 'get', ''], { OPS_CLOUD_API_KEY: undefined });
    expect(none).toMatchObject({ values: [], directive: 1 });
    expect(
      await complete(['cloud', 'instance', 'get', ''], { OPS_CLOUD_API_KEY: 'wrong-key' }),
    ).toMatchObject({ values: [], directive: 1 });
    expect(await complete(['-p', 'nope', 'cloud', 'instance', 'get', ''])).toMatchObject({
      values: [],
      directive: 1,
    });
    expect(await complete(['cloud', 'instance', 'get', ''], { OPS_CLOUD_BASE_URL: undefined })).toMatchObject(
      { values: [], directive: 4 },
    );
  });

  it('one try: a failing server is asked once, not retried', async () => {
    await sb.fault({ service: 'cloud', kind: 'status', status: 503, count: 5 });
    const before = await requestsTo('cloud');
    expect(await complete(['cloud', 'instance', 'get', ''])).toMatchObject({ values: [], directive: 1 });
    expect(await requestsTo('cloud')).toBe(before + 1);
  });

  it('flags it must not act on are left alone: --token-stdin reads nothing, --dry-run and --debug print nothing', async () => {
    const r = await complete(['cloud', 'instance', 'get', '--token-stdin', '--debug', '--dry-run', 'web']);
    expect(r.values).toEqual(['web-01', 'web-02']);
  });
});

describe('ops __complete: a server that never answers', () => {
  let server: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => {
    for (const s of sockets) s.destroy();
    server.close();
  });

  it('gives up within the second: the directive alone, exit 0, nothing on stderr (the built CLI)', async () => {
    const port = (server.address() as { port: number }).port;
    const started = Date.now();
    const r = await runCli(['__complete', 'cloud', 'instance', 'get', ''], {
      env: { ...sb.env, OPS_CLOUD_BASE_URL: `http://127.0.0.1:${port}/cloud`, XDG_CACHE_HOME: freshCache() },
    });
    const took = Date.now() - started;
    expect(r).toEqual({ code: 0, stdout: ':1\n', stderr: '' });
    expect(sockets.length).toBe(1);
    expect(took).toBeLessThan(1300);
    expect(took).toBeGreaterThan(700);
  });
});

describe('ops __complete is no command', () => {
  it('is in no help page and no tree', async () => {
    const help = await runMain(['--help']);
    expect(help.stdout).not.toContain('__complete');
    const r = await runMain(['help', '__complete']);
    expect(r.code).toBe(2);
  });
});

describe('ops completion', () => {
  it('prints a script for each shell that asks ops __complete', async () => {
    const bash = await runMain(['completion', 'bash']);
    expect(bash.stdout).toMatch(/__complete "\$\{words\[@\]\}"/);
    expect(bash.stdout).toContain('complete -o default -F _ops_complete ops');
    const zsh = (await runMain(['completion', 'zsh'])).stdout;
    expect(zsh).toMatch(/^#compdef ops\n/);
    expect(zsh).toContain('_describe');
    expect(zsh).not.toContain('bashcompinit');
    const fish = (await runMain(['completion', 'fish'])).stdout;
    expect(fish).toContain("complete -c ops -f -a '(__ops_complete)'");
    for (const [shell, flag] of [
      ['bash', '-n'],
      ['zsh', '-n'],
      ['fish', '--no-execute'],
    ] as const) {
      const file = join(freshCache(), `ops.${shell}`);
      writeFileSync(file, (await runMain(['completion', shell])).stdout);
      const r = spawnSync(shell, [flag, file], { encoding: 'utf8' });
      if (r.error) continue; // the shell is not installed: the terminal tests say so
      expect({ shell, status: r.status, stderr: r.stderr }).toEqual({ shell, status: 0, stderr: '' });
    }
  });

  // PowerShell is not in Debian: its script is checked by its structure, not run.
  it('powershell: a native argument completer with a tooltip per candidate', async () => {
    const r = await runMain(['completion', 'powershell']);
    expect(r.code).toBe(0);
    const ps = r.stdout;
    expect(ps).toContain("Register-ArgumentCompleter -Native -CommandName 'ops', 'ops.exe' -ScriptBlock {");
    expect(ps).toContain('param($wordToComplete, $commandAst, $cursorPosition)');
    expect(ps).toContain('& $program __complete @words 2>$null');
    expect(ps).toContain(
      "[System.Management.Automation.CompletionResult]::new($text, $c[0], 'ParameterValue', $c[1])",
    );
    expect(ps).toMatch(/if \(\$directive -band 1\)/);
    expect(ps).toMatch(/if \(\$directive -band 4\)/);
    // Balanced braces and parentheses, and no bash-isms.
    for (const [open, close] of [
      ['{', '}'],
      ['(', ')'],
    ])
      expect(ps.split(open).length).toBe(ps.split(close).length);
    expect(ps).not.toMatch(/\$\{|\bfi\b|\bdone\b/);
  });

  it('an unknown shell exits 2', async () => {
    const r = await runMain(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('ops: unsupported shell "tcsh"\nhint: use one of: bash, zsh, fish, powershell\n');
  });
});
