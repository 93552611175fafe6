import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

// Typos fail loudly: the built CLI against every emulator; each bad line is exit 2, one `ops:` line
// and a hint, and not one request reaches any service.
const sb = await useSandbox();
const ops = (args: string[], env: Record<string, string> = {}, input?: string) =>
  runCli(args, { env: { ...sb.env, ...env }, input });

const dir = mkdtempSync(join(tmpdir(), 'ops-bad-input-'));
const notPem = join(dir, 'ca.txt');
writeFileSync(notPem, 'this is not a certificate\n');

async function refused(args: string[], first: string | RegExp, env: Record<string, string> = {}) {
  const r = await ops(args, env);
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.split('\n');
  expect(lines).toHaveLength(3);
  if (typeof first === 'string') expect(lines[0]).toBe(first);
  else expect(lines[0]).toMatch(first);
  expect(lines[1]).toMatch(/^hint: \S/);
  expect(lines[2]).toBe('');
  expect(r.stdout).toBe('');
  expect((await sb.counters()).requests).toEqual({});
  return r;
}

/** `refused`, with exactly this hint line. */
async function refusedWithHint(args: string[], first: string, hint: string) {
  const r = await refused(args, first);
  expect(r.stderr.split('\n')[1]).toBe(hint);
}

describe('--query is checked before any request', () => {
  it.each([
    [['hosts', 'list', '--query', ''], 'ops: --query is empty'],
    [['hosts', 'totals', '--field', ''], 'ops: --field is empty'],
    [['hosts', 'totals', '--field= '], 'ops: --field is empty'],
    [
      ['hosts', 'list', '--query', "[?name=='web-001]"],
      `ops: invalid --query "[?name=='web-001]": the raw string opened at character 9 is never closed`,
    ],
    [
      ['tasks', 'lists', 'list', '--query', '[?id == `1]'],
      /the JSON literal opened at character 9 is never closed$/,
    ],
    [['cloud', 'instance', 'list', '--query', 'nosuch(@)'], /: unknown function nosuch\(\)$/],
    [['runs', 'list', '--query', '[].name | sort_bye(@)'], /: unknown function sort_bye\(\)$/],
    [
      ['secrets', 'kv', 'get', 'secret/app/db', '--query', 'length(@, @)'],
      /length\(\) takes 1 argument, got 2$/,
    ],
    [['pipelines', 'context', 'list', '--query', '[['], /the expression ends too early$/],
    [['hosts', 'mute', 'web-001', '--yes', '--query', 'keys(@'], /^ops: invalid --query "keys\(@"/],
  ])('%j', async (args, first) => {
    await refused(args, first);
  });

  it('OPS_OUTPUT=json with a bad query from a script: the error envelope, still nothing sent', async () => {
    const r = await ops(['hosts', 'totals', '--query', 'nosuch(@)'], { OPS_OUTPUT: 'json' });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr).error).toMatchObject({
      code: 'usage',
      message: expect.stringMatching(/nosuch/),
    });
    expect((await sb.counters()).requests).toEqual({});
  });
});

describe('enumerated values and API version dates are checked before sending', () => {
  it.each([
    [['hosts', 'list', '--sort-field', 'colour'], [], 'ops: invalid --sort-field "colour"'],
    [
      ['db', 'role-assignment', 'list', '--api-version', '2025-02-30'],
      [],
      'ops: invalid --api-version "2025-02-30"',
    ],
    [
      ['db', 'role-assignment', 'list'],
      ['OPS_DB_API_VERSION', '2025-13-01'],
      'ops: invalid OPS_DB_API_VERSION "2025-13-01"',
    ],
    [
      ['meter', 'session', 'create', '--api-version', '2025-02-30.preview'],
      [],
      'ops: invalid --api-version "2025-02-30.preview"',
    ],
    [
      ['meter', 'session', 'create'],
      ['OPS_METER_API_VERSION', '2025-04-31.preview'],
      'ops: invalid OPS_METER_API_VERSION "2025-04-31.preview"',
    ],
    [['meter', 'send', '--format', 'xml', '-'], [], 'ops: invalid --format "xml"'],
  ])('%j %j', async (args, env, first) => {
    await refused(args, first, env.length ? { [env[0]!]: env[1]! } : {});
  });
});

describe('a base URL that carries a user and password is refused, and never echoed', () => {
  it('OPS_HOSTS_BASE_URL=http://bob:…@host', async () => {
    const url = new URL(sb.env.OPS_HOSTS_BASE_URL!);
    const r = await refused(
      ['hosts', 'totals'],
      `ops: the base URL for hosts carries a user name or password (http://…@${url.host})`,
      { OPS_HOSTS_BASE_URL: `http://bob:pa55-in-url@${url.host}${url.pathname}` },
    );
    expect(r.stderr).not.toContain('pa55-in-url');
    expect(r.stderr).not.toContain('bob');
  });
});

describe('a CA file that is not PEM is refused before any request', () => {
  it('--ca-cert', async () => {
    await refused(['hosts', 'totals', '--ca-cert', notPem], `ops: invalid --ca-cert "${notPem}"`);
  });
  it('OPS_CA_CERT', async () => {
    await refused(['tasks', 'lists', 'list'], `ops: invalid OPS_CA_CERT "${notPem}"`, {
      OPS_CA_CERT: notPem,
    });
  });
});

describe('a mistyped command is one ops: line with the suggestion on the hint line', () => {
  it.each([
    [['hots'], "ops: unknown command 'hots'", "hint: did you mean 'hosts'?"],
    [['hosts', 'lsit'], "ops: unknown command 'lsit' for 'ops hosts'", "hint: did you mean 'list'?"],
    [
      ['version'],
      "ops: unknown command 'version'",
      "hint: the version is a flag: 'ops --version' (-o json for the build's details)",
    ],
    // gh's `auth login`: not pointed at logout, its opposite, but at where a sign-in is.
    [
      ['auth', 'login', '--with-token'],
      "ops: unknown command 'login' for 'ops auth'",
      "hint: sign in with 'ops <service> login' (db, tasks, docgen, secrets), or keep a credential with 'ops config set <service>.<secret> -' (stdin); 'ops auth status' shows each service's",
    ],
    [['help', 'hosts', 'lsit'], "ops: unknown command 'lsit' for 'ops hosts'", "hint: did you mean 'list'?"],
    [
      ['secrets', 'kv', 'gte', 'secret/app/db'],
      "ops: unknown command 'gte' for 'ops secrets kv'",
      "hint: did you mean 'get'?",
    ],
    [
      ['pipelines', 'context', 'env', 'lst'],
      "ops: unknown command 'lst' for 'ops pipelines context env'",
      "hint: did you mean 'list'?",
    ],
    [
      ['hosts', 'list', '--sort-fild', 'cpu'],
      "ops: unknown option '--sort-fild'",
      "hint: did you mean '--sort-field'?",
    ],
  ])('%j', refusedWithHint);
});

describe('help of a word a group lacks: the prebuilt pages and commander agree (issue 37, item 6)', () => {
  it('`cloud help instance`, `help cloud instance` and `cloud instance --help` print one page', async () => {
    const pages = await Promise.all(
      [
        ['cloud', 'help', 'instance'],
        ['help', 'cloud', 'instance'],
        ['cloud', 'instance', '--help'],
      ].map((args) => ops(args)),
    );
    for (const r of pages) expect([r.code, r.stderr]).toEqual([0, '']);
    expect(pages[0]!.stdout).toMatch(/^Usage: ops cloud instance /);
    expect(new Set(pages.map((r) => r.stdout)).size).toBe(1);
  });

  it.each([
    [['cloud', 'help', 'list']],
    [['cloud', 'help', 'instance', 'nosuch']],
    [['help', 'cloud', 'instance', 'nosuch']],
    [['cloud', 'instance', 'nosuch', '--help']],
  ])("%j is exit 2 naming the word and the group's commands", async (args) => {
    const word = args.includes('list') ? 'list' : 'nosuch';
    const group = word === 'list' ? 'ops cloud' : 'ops cloud instance';
    const r = await refused(args, `ops: unknown command '${word}' for '${group}'`);
    expect(r.stderr.split('\n')[1]).toMatch(new RegExp(`^hint: '${group}' has: \\w.*, \\w`));
  });
});

describe("a global flag's mistake points at the global flags, a verb's at the verb's help", () => {
  it.each([
    [
      ['hosts', 'list', '-o'],
      "ops: option '-o, --output <format>' argument missing",
      "hint: run 'ops help flags' for the global flags",
    ],
    [
      ['--nosuch', 'hosts', 'list'],
      "ops: unknown option '--nosuch'",
      "hint: run 'ops help flags' for the global flags",
    ],
    [
      ['hosts', 'list', '--nosuch'],
      "ops: unknown option '--nosuch'",
      "hint: run 'ops hosts list --help' for its usage",
    ],
    [
      ['-p', 'bad name', 'hosts', 'totals'],
      'ops: invalid profile name "bad name" (-p)',
      'hint: use letters, digits, - and _',
    ],
  ])('%j', refusedWithHint);

  it('a profile name config use would refuse is refused where it comes in: no profile is made', async () => {
    const config = mkdtempSync(join(tmpdir(), 'ops-profile-name-'));
    const set = await runCli(['-p', 'bad name', 'config', 'set', 'output', 'json'], {
      env: { OPS_CONFIG_DIR: config },
    });
    expect([set.code, set.stderr.split('\n')[0]]).toEqual([2, 'ops: invalid profile name "bad name" (-p)']);
    const env = await runCli(['config', 'list'], { env: { OPS_CONFIG_DIR: config, OPS_PROFILE: 'x/y' } });
    expect([env.code, env.stderr.split('\n')[0]]).toEqual([
      2,
      'ops: invalid profile name "x/y" (OPS_PROFILE)',
    ]);
    expect(readdirSync(config)).toEqual([]);
  });
});

describe('an unknown or refused option is named without its value (issue 37, item 7)', () => {
  it.each([
    [['hosts', 'totals', '--app-key=HOSTS-ARGV-KEY-56'], "ops: unknown option '--app-key'"],
    [['hosts', '--app-key=HOSTS-GROUP-KEY-57', 'totals'], "ops: unknown option '--app-key'"],
    [['--app-key=ROOT-ARGV-KEY-58', 'hosts', 'totals'], "ops: unknown option '--app-key'"],
    [['--api-key=ROOT-ALONE-KEY-59'], "ops: unknown option '--api-key'"],
    [['runs', 'list', '--api-key=RUNS-ARGV-KEY-60'], "ops: unknown option '--api-key'"],
    [
      ['db', 'role-definition', 'list', '--password-file=DB-ARGV-KEY-61'],
      "ops: unknown option '--password-file'",
    ],
    [['secrets', 'kv', 'get', 'secret/app/db', '--tokn=VAULT-ARGV-KEY-62'], "ops: unknown option '--tokn'"],
    [['hosts', 'list', '--sort-fild=cpu-SORT-KEY-63'], "ops: unknown option '--sort-fild'"],
    [['hosts', 'totals', '-xSHORT-KEY-64'], "ops: unknown option '-x'"],
    [['hosts', 'totals', '--token-stdin=STDIN-KEY-65'], "ops: option '--token-stdin' takes no value"],
    [['--yes=YES-KEY-66', 'hosts', 'mute', 'web-1'], "ops: option '--yes' takes no value"],
    [['hosts', 'nosuch=VERB-KEY-67'], "ops: unknown command 'nosuch=…' for 'ops hosts'"],
    [['hosts', 'totals', '--app-key', 'SPACED-KEY-68'], "ops: unknown option '--app-key'"],
    [
      ['hosts', 'totals', 'EXTRA-KEY-69'],
      "ops: too many arguments for 'ops hosts totals': it takes 0, got 1",
    ],
  ])('%j', async (args, first) => {
    const value = args.join(' ').match(/[A-Z]+(-[A-Z]+)*-KEY-\d+/)![0];
    const r = await refused(args, first);
    expect(r.stderr + r.stdout).not.toContain(value);
    const json = await ops([...args, '--json']);
    expect(json.code).toBe(2);
    expect(json.stderr + json.stdout).not.toContain(value);
    expect(JSON.parse(json.stderr).error.message).toBe(first.replace(/^ops: /, ''));
  });
});

describe('ops sandbox start refuses bad --set and --services (exit 2, never listening)', () => {
  it.each([
    [['--set', 'hosts.cnt=5'], 'ops: unknown --set key "hosts.cnt"'],
    [['--set', 'hosts.count=many'], 'ops: invalid --set hosts.count="many"'],
    [['--set', 'secrets.state=open'], 'ops: invalid --set secrets.state="open"'],
    [['--services', 'hosts,hots'], 'ops: --services: no emulator for "hots"'],
  ])('%j', async (args, first) => {
    const r = await runCli(['sandbox', 'start', '--port', '0', ...args], { timeoutMs: 20_000 });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe(first);
    expect(r.stderr.split('\n')[1]).toMatch(/^hint: \S/);
  });
});

describe('a command that prints text refuses the flags that shape data (exit 2, nothing run)', () => {
  it.each([
    [
      ['completion', 'bash', '-o', 'yaml'],
      'ops: completion prints a completion script: -o yaml does not apply',
    ],
    [['config', 'path', '--jq', '.'], 'ops: config path prints a file path: --jq does not apply'],
    [
      ['sandbox', 'start', '--port', '0', '--query', 'url'],
      'ops: sandbox start prints the address it serves on: --query does not apply',
    ],
    [['mcp', '--field', 'id'], 'ops: mcp serve prints MCP protocol messages: --field does not apply'],
  ])('%j', async (args, first) => {
    const r = await runCli(args, { timeoutMs: 20_000 });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe(first);
    expect(r.stderr.split('\n')[1]).toMatch(
      /^hint: drop (-o yaml|--\w+) \(-o, --json, --query, --field and --jq shape/,
    );
  });
});

describe('-o env with a key that has no shell name', () => {
  it('exports the others; no broken line reaches eval', async () => {
    const put = await ops(
      ['secrets', 'kv', 'put', 'secret/app/odd', '-'],
      {},
      JSON.stringify({ '': 'x', a: '1' }),
    );
    expect(put.code, put.stderr).toBe(0);
    const r = await ops(['secrets', 'kv', 'get', 'secret/app/odd', '-o', 'env']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("export a='1'\n");
  });
});

describe('shell completion offers the values of enumerated flags, through the bundle', () => {
  it('bash, zsh, fish and PowerShell ask ops __complete, which answers each set', async () => {
    for (const shell of ['bash', 'zsh', 'fish', 'powershell'])
      expect((await runCli(['completion', shell])).stdout).toContain('__complete');
    const values = async (words: string[]) =>
      (await runCli(['__complete', ...words])).stdout
        .split('\n')
        .filter((l) => l && !l.startsWith(':'))
        .map((l) => l.split('\t')[0]);
    expect(await values(['hosts', 'list', '--sort-field', ''])).toEqual([
      'name',
      'host_name',
      'id',
      'status',
      'up',
      'apps',
      'cpu',
      'iowait',
      'load',
      'last_reported_time',
    ]);
    expect(await values(['hosts', 'totals', '-o', ''])).toEqual([
      'table',
      'json',
      'yaml',
      'ndjson',
      'csv',
      'tsv',
    ]);
    expect(await values(['cloud', 'instance', 'launch', '--storage', ''])).toEqual(['LOCAL', 'CENTRAL']);
  });
});

describe('input that is not what it claims, refused before any request', () => {
  it('hosts list --since before the epoch', async () => {
    await refused(
      ['hosts', 'list', '--since', '1969-07-20'],
      'ops: invalid --since "1969-07-20": before 1970-01-01T00:00:00Z',
    );
  });

  it('ops api with an empty path', async () => {
    await refused(['api', 'hosts', 'GET', ''], 'ops: the path is empty');
  });

  it('a 100,000-character argument is named by its start, never echoed whole', async () => {
    const long = 'x'.repeat(100_000);
    const r = await refused(
      ['hosts', 'list', '--sort-dir', long],
      /^ops: invalid --sort-dir "x{80}…" \(100000 characters\)$/,
    );
    expect(r.stderr.length).toBeLessThan(400);
  });

  it('ops sandbox env --tls --sandbox-ca of a file that does not exist', async () => {
    const r = await runCli(['sandbox', 'env', '--tls', '--sandbox-ca', join(dir, 'missing.pem')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `ops: --sandbox-ca "${join(dir, 'missing.pem')}" does not exist\nhint: give the CA file that \`ops sandbox start --tls\` wrote (its path is on its stderr), or leave --sandbox-ca out\n`,
    );
  });
});

describe('a word of the command line that is not UTF-8', () => {
  const why = (n: number) =>
    `ops: word ${n} of the command line is not UTF-8 text (its bytes cannot be sent as typed)\nhint: give it as UTF-8 (iconv -t UTF-8), or through a file or stdin where the command takes one\n`;
  const ops = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');

  it('bytes a shell passes as they are: exit 2 before any request, the word named by its place', async () => {
    const before = await sb.counters();
    const line = `exec "${process.execPath}" "${ops}" hosts mute $'api-\\xff\\xfe' --end 1h`;
    const r = await runCli([], { env: sb.env, bin: ['bash', '-c', line] });
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: why(3) });
    expect((await sb.counters()).requests).toEqual(before.requests);
  });

  it('a credential given so is refused by its place and never echoed', async () => {
    const args = ['api', 'hosts', 'GET', '/api/v1/hosts', '-H', 'X-Monitor-Api-Key: s3cr\uFFFDt'];
    const r = await runCli(args, { env: sb.env });
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: why(6) });
  });
});
