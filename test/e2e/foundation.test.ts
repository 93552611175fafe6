import { describe, expect, it } from 'vitest';
import { runCli, runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { stubEmulators } from '../helpers/stub-emulators.js';

const sb = await useSandbox({ services: Object.keys(stubEmulators), emulators: stubEmulators });
const ops = (args: string[], extra: Record<string, string> = {}, input?: string) =>
  runMain(args, { env: { ...sb.env, ...extra }, input });

describe('ops api: pagination styles through the real command', () => {
  it.each([
    ['cloud', 'offset/limit with _metadata', ['-f', 'limit=3']],
    ['runs', 'Link rel="next"', ['-f', 'per_page=3']],
    ['pipelines', 'page-token', []],
    ['docgen', 'marker', []],
  ])('%s (%s): --paginate gives one array across pages', async (service, _style, fields) => {
    const r = await ops(['api', service, 'GET', '/items', '--paginate', ...fields]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const items = JSON.parse(r.stdout) as Array<{ id: number }>;
    expect(items.map((i) => i.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const counts = (await sb.counters()).requests[service]!;
    expect(counts['GET /items']).toBe(3);
  });

  it('-o ndjson streams one item a line across pages', async () => {
    const r = await ops(['api', 'cloud', 'GET', '/items', '--paginate', '-f', 'limit=3', '-o', 'ndjson']);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('an empty list prints [] and exits 0', async () => {
    const r = await ops(['api', 'cloud', 'GET', '/items', '--paginate', '-f', 'offset=7']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
  });
});

describe('short flags with =', () => {
  it('-o=ndjson and -p=NAME are read as gh and kubectl (pflag) read them: the value after the =', async () => {
    const r = await ops(['api', 'cloud', 'GET', '/items', '--paginate', '-o=ndjson']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout.trim().split('\n')).toHaveLength(7);
    const joined = await ops(['-p=ci', 'config', 'get', 'output']);
    const spaced = await ops(['-p', 'ci', 'config', 'get', 'output']);
    expect(joined).toEqual(spaced);
    // The value is named without the =.
    const bad = await ops(['hosts', 'totals', '-o=xml']);
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([2, 'ops: invalid output format "xml"']);
  });
});

describe('exit codes and error lines', () => {
  it('404 → exit 3 with the service message', async () => {
    const r = await ops(['api', 'tasks', 'GET', '/item/99']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('ops: tasks: item 99 not found (HTTP 404)\n');
    expect(r.stdout).toBe('');
  });

  it('401 → exit 4', async () => {
    const r = await ops(['api', 'tasks', 'GET', '/items'], { OPS_TASKS_TOKEN: 'wrong' });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('bad credentials for tasks');
    expect(r.stderr).not.toContain('wrong');
  });

  it('429 with Retry-After is retried, then exit 5 when the budget is spent', async () => {
    await sb.fault({ service: 'tasks', kind: 'status', status: 429, retryAfter: 0, count: 3 });
    const r = await ops(['api', 'tasks', 'GET', '/items', '--retries', '2']);
    expect(r.code).toBe(5);
    expect((await sb.counters()).requests.tasks!['GET /items']).toBe(3);
  });

  it('a 503 then success: retried and exit 0', async () => {
    await sb.fault({ service: 'tasks', kind: 'status', status: 503, retryAfter: 0, count: 1 });
    const r = await ops(['api', 'tasks', 'GET', '/items']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(7);
  });

  it('500 → exit 7 and no retry', async () => {
    await sb.fault({ service: 'tasks', kind: 'status', status: 500, count: 1 });
    const r = await ops(['api', 'tasks', 'GET', '/items']);
    expect(r.code).toBe(7);
    expect((await sb.counters()).requests.tasks!['GET /items']).toBe(1);
  });

  it('a dropped connection is retried for a GET', async () => {
    await sb.fault({ service: 'tasks', kind: 'drop', count: 1 });
    const r = await ops(['api', 'tasks', 'GET', '/items']);
    expect(r.code).toBe(0);
    expect((await sb.counters()).requests.tasks!['GET /items']).toBe(2);
  });

  it('dropped connections past the budget → exit 7 with a sentence', async () => {
    await sb.fault({ service: 'tasks', kind: 'drop', count: 5 });
    const r = await ops(['api', 'tasks', 'GET', '/items', '--retries', '1']);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(
      /^ops: tasks: connection to 127\.0\.0\.1:\d+ dropped before a complete answer\n$/,
    );
  });

  it('a POST is not retried after a drop (no idempotency identifier)', async () => {
    await sb.fault({ service: 'tasks', kind: 'drop', count: 1 });
    const r = await ops(['api', 'tasks', 'POST', '/echo', '-f', 'a=1']);
    expect(r.code).toBe(7);
    expect((await sb.counters()).requests.tasks!['POST /echo']).toBe(1);
  });

  it('timeout → exit 6', async () => {
    await sb.fault({ service: 'tasks', kind: 'delay', delayMs: 1500, count: 1 });
    const r = await ops(['api', 'tasks', 'GET', '/items', '--timeout', '0.3', '--retries', '0']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('no answer');
    expect(r.stderr).toContain('hint: raise --timeout');
  });

  it('a malformed JSON body → exit 7 naming what arrived', async () => {
    await sb.fault({ service: 'tasks', kind: 'malformed', count: 1 });
    const r = await ops(['api', 'tasks', 'GET', '/items']);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('a body that is not valid JSON (application/json');
  });

  it('an HTML error page → its title in the message', async () => {
    await sb.fault({ service: 'tasks', kind: 'html', status: 502, count: 5 });
    const r = await ops(['api', 'tasks', 'GET', '/items', '--retries', '0']);
    expect(r.code).toBe(7);
    expect(r.stderr).toBe('ops: tasks: 502 Bad Gateway (HTTP 502)\n');
  });

  it('--json gives the error envelope on stderr', async () => {
    const r = await ops(['api', 'tasks', 'GET', '/item/42', '--json']);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stderr)).toEqual({
      error: {
        code: '404',
        message: 'item 42 not found',
        status: 404,
        service: 'tasks',
        requestId: null,
        retryAfter: null,
      },
    });
  });

  it('bad input exits 2 before any request', async () => {
    for (const args of [
      ['api', 'tasks', 'GET', '/a/../b'],
      ['api', 'tasks', 'FETCH', '/items'],
      ['api', 'nosuch', 'GET', '/items'],
      ['api', 'tasks', 'GET', '/items', '-o', 'xml'],
      ['api', 'tasks', 'GET', '/items', '--query', '[[['],
      ['api', 'tasks', 'GET', '/items', '--timeout', 'soon'],
      ['api', 'tasks', 'GET', '/items', '--frobnicate'],
    ]) {
      const r = await ops(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^ops: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect((await sb.counters()).requests.tasks ?? {}).toEqual({});
  });

  it('a missing base URL names the flag, the env var and the config line', async () => {
    const r = await ops(['api', 'tasks', 'GET', '/items'], { OPS_TASKS_BASE_URL: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('OPS_TASKS_BASE_URL');
    expect(r.stderr).toContain('ops config set tasks.base_url');
  });

  it('a missing credential exits 4 and says how to set it', async () => {
    const r = await ops(['api', 'tasks', 'GET', '/items'], { OPS_TASKS_TOKEN: '' });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('OPS_TASKS_TOKEN');
  });
});

describe('output and request shaping', () => {
  it('-F fields are typed (-f strings) and go to the JSON body of a POST; -H adds headers', async () => {
    const r = await ops([
      'api',
      'tasks',
      'POST',
      '/echo',
      '-F',
      'n=3',
      '-F',
      'b=true',
      '-f',
      's=x',
      '-F',
      'tags:=["a"]',
      '-H',
      'X-Extra: 1',
    ]);
    const echo = JSON.parse(r.stdout);
    expect(JSON.parse(echo.body)).toEqual({ n: 3, b: true, s: 'x', tags: ['a'] });
    expect(echo.headers['x-extra']).toBe('1');
  });

  it('--input - sends stdin as the body', async () => {
    const r = await ops(['api', 'tasks', 'POST', '/echo', '--input', '-'], {}, '{"raw":1}');
    expect(JSON.parse(JSON.parse(r.stdout).body)).toEqual({ raw: 1 });
  });

  it('-f on a GET becomes the query', async () => {
    const r = await ops(['api', 'tasks', 'GET', '/echo', '-f', 'q=a b', '--field', 'query.q']);
    expect(r.stdout).toBe('a b\n');
  });

  it('--query reshapes and -o csv/yaml/table print', async () => {
    expect((await ops(['api', 'tasks', 'GET', '/items', '--query', '[?id > `5`].name'])).stdout).toBe(
      '[\n  "item-6",\n  "item-7"\n]\n',
    );
    expect((await ops(['api', 'tasks', 'GET', '/items', '--query', '[:2]', '-o', 'csv'])).stdout).toBe(
      'id,name\n1,item-1\n2,item-2\n',
    );
    expect((await ops(['api', 'tasks', 'GET', '/item/1', '-o', 'yaml'])).stdout).toBe(
      'id: 1\nname: item-1\n',
    );
    expect((await ops(['api', 'tasks', 'GET', '/items', '--query', '[:2]', '-o', 'table'])).stdout).toBe(
      'ID  NAME\n1   item-1\n2   item-2\n',
    );
  });

  it('terminal control characters from the API are escaped visibly, in a table and in a pipe', async () => {
    const r = await ops(['api', 'tasks', 'GET', '/control', '-o', 'table']);
    expect(r.stdout).toBe('NAME\nevil\\e[31mred\\a\n');
    const field = await ops(['api', 'tasks', 'GET', '/control', '--field', 'name']);
    expect(field.stdout).toBe('evil\\e[31mred\\a\n');
  });

  it('--dry-run prints curl with credentials masked and sends nothing', async () => {
    const r = await ops(['api', 'tasks', 'POST', '/echo', '-f', 'password=hunter22', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^curl -X POST http:\/\/127\.0\.0\.1:\d+\/tasks\/echo /);
    expect(r.stdout).toContain(`'authorization: Bearer '"$(ops auth token tasks)"`);
    expect(r.stdout).not.toContain('sandbox-tasks-token');
    expect(r.stdout).not.toContain('hunter22');
    expect((await sb.counters()).requests.tasks ?? {}).toEqual({});
  });

  it('--debug logs requests with credentials masked', async () => {
    const r = await ops(['api', 'tasks', 'GET', '/items', '--debug']);
    expect(r.stderr).toContain('> GET http://127.0.0.1');
    expect(r.stderr).toContain('> authorization: Bearer ***');
    expect(r.stderr).toMatch(/< 200 .* \(\d+ ms\)/);
    expect(r.stderr).not.toContain('sandbox-tasks-token');
  });

  it('--include prints status and headers to stderr, data to stdout', async () => {
    const r = await ops(['api', 'tasks', 'GET', '/item/1', '-i']);
    expect(r.stderr).toMatch(/^HTTP 200\n/);
    expect(r.stderr).toContain('content-type: application/json');
    expect(JSON.parse(r.stdout)).toEqual({ id: 1, name: 'item-1' });
  });

  it('a text answer is printed as text', async () => {
    expect((await ops(['api', 'tasks', 'GET', '/text'])).stdout).toBe('hello\n');
  });
});

describe('the built CLI as a subprocess', () => {
  it('--version and --help', async () => {
    const v = await runCli(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(/^ops \d+\.\d+\.\d+ \(/);
    const h = await runCli(['--help']);
    expect(h.stdout).toContain('Usage: ops');
    expect(h.stdout).toContain('sandbox');
  });

  it('every command has at least one example in its help', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = join(import.meta.dirname, '..', '..', 'dist', 'help');
    const pages = readdirSync(dir);
    expect(pages.length).toBeGreaterThan(50);
    // The root's page too: `ops --help` must not fall back to loading commander.
    expect(pages).toContain('ops.txt');
    const without = pages.filter((p) => !/\nExamples:\n/.test(readFileSync(join(dir, p), 'utf8')));
    expect(without).toEqual([]);
  });

  it('ops help A B is A B --help at any depth; a leaf page points at the global flags, ops help flags lists them', async () => {
    const viaHelp = await runCli(['help', 'secrets', 'kv']);
    const viaFlag = await runCli(['secrets', 'kv', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toMatch(/^Usage: ops secrets kv /);
    expect((await runMain(['help', 'hosts', 'list'])).stdout).toBe(
      (await runMain(['hosts', 'list', '--help'])).stdout,
    );
    const leaf = (await runCli(['hosts', 'totals', '--help'])).stdout;
    expect(leaf).toContain("Global flags (-o, --json, --query, --dry-run, -y…): run 'ops help flags'");
    const flags = await runCli(['help', 'flags']);
    expect(flags.stdout).toBe((await runMain(['help', 'flags'])).stdout);
    expect(flags.stdout).toMatch(/--json \[fields\]\s+same as -o json/);
    expect(flags.stdout).toMatch(/--dry-run\s/);
  });

  it('help pages written at build time are exactly what commander prints', async () => {
    for (const path of [[], ['config'], ['config', 'set'], ['sandbox', 'start'], ['api'], ['completion']]) {
      const fast = await runCli([...path, '--help']);
      const slow = await runMain([...path, '--help']);
      expect(fast.code).toBe(0);
      expect(fast.stdout, path.join(' ')).toBe(slow.stdout);
    }
  });

  it('ops api against the sandbox, and an unknown command exits 2', async () => {
    const r = await runCli(['api', 'tasks', 'GET', '/item/2'], { env: sb.env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: 2, name: 'item-2' });
    const u = await runCli(['nosuchcommand']);
    expect(u.code).toBe(2);
    expect(u.stderr).toContain("unknown command 'nosuchcommand'");
  });

  it('no stack trace without --debug, one with it', async () => {
    const plain = await runCli(
      ['api', 'tasks', 'GET', '/items', '--base-url', 'http://127.0.0.1:1', '--retries', '0'],
      { env: sb.env },
    );
    expect(plain.code).toBe(7);
    expect(plain.stderr).toBe(
      'ops: tasks: connection refused by 127.0.0.1:1; is the service running at this address?\n',
    );
    const debug = await runCli(
      ['api', 'tasks', 'GET', '/items', '--base-url', 'http://127.0.0.1:1', '--retries', '0', '--debug'],
      { env: sb.env },
    );
    expect(debug.stderr).toMatch(/\n\s+at /);
  });

  it('Ctrl-C aborts the in-flight request: exit 130', async () => {
    await sb.fault({ service: 'tasks', kind: 'delay', delayMs: 5000, count: 1 });
    const { spawn } = await import('node:child_process');
    const { join } = await import('node:path');
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs'), 'api', 'tasks', 'GET', '/items'],
      {
        env: { PATH: process.env.PATH ?? '', ...sb.env },
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise((r) => setTimeout(r, 700));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(130);
    expect(stderr).toContain('interrupted');
  });
});
