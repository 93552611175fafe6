import { describe, expect, it } from 'vitest';
import { ACCOUNT_ID, SEED_READER_ASSIGNMENT } from '../db/helpers.js';
import { runCli, runMain } from '../helpers/cli.js';
import { encodedForms } from '../helpers/http.js';
import { useSandbox } from '../helpers/sandbox.js';

// Answers a tester sent that the client read wrongly: each is one clear line and the exit code its kind has.
const sb = await useSandbox({ services: ['hosts', 'docgen', 'runs', 'cloud', 'tasks', 'db', 'breach'] });
const ops = (args: string[]) => runMain(args, { env: { ...sb.env, OPS_RETRIES: '0' } });

describe('a status with no words of its own', () => {
  it.each([301, 418, 999])('%s is said once', async (status) => {
    await sb.fault({ service: 'hosts', method: 'GET', kind: 'status', status, body: '' });
    const r = await ops(['hosts', 'totals']);
    expect(r.stderr).toBe(`ops: hosts: HTTP ${status}\n`);
  });
});

describe('a rate limit asking for a wait longer than --max-wait can allow', () => {
  it.each([
    [
      '99999999999999999999',
      'the service asks to wait longer than ops can wait (more than 2147483 s, the most --max-wait takes)',
    ],
    [
      '2147484',
      'the service asks to wait longer than ops can wait (more than 2147483 s, the most --max-wait takes)',
    ],
    ['2147483', 'the service asks to wait 2147483 s; allow it with --max-wait 2147483'],
  ])('Retry-After %s: the hint names only a value --max-wait takes', async (retryAfter, hint) => {
    await sb.fault({ service: 'hosts', method: 'GET', kind: 'status', status: 429, retryAfter });
    const r = await ops(['hosts', 'totals']);
    expect(r.stderr.split('\n')[1]).toBe(`hint: ${hint}`);
    expect(r.code).toBe(5);
    const allowed = /--max-wait (\d+)/.exec(hint)?.[1];
    if (allowed) expect((await ops(['hosts', 'totals', '--max-wait', allowed])).code).toBe(0);
  });
});

describe('a db operation status that does not say how the operation stands', () => {
  it('is a bad answer, exit 7', async () => {
    const operations = `/subscriptions/${ACCOUNT_ID.split('/')[2]}/providers/Microsoft.DocumentDB/locations/`;
    await sb.fault({ service: 'db', method: 'GET', path: operations, kind: 'status', status: 200, body: {} });
    const r = await ops(['db', 'role-assignment', 'delete', SEED_READER_ASSIGNMENT, '--yes']);
    expect(r.stderr).toMatch(
      /^ops: db answered 200 with an operation status that has no status \(http:\/\/.+\/operationsStatus\/.+\)\n$/,
    );
    expect(r.code).toBe(7);
  });
});

describe('a redirect to a scheme other than http or https', () => {
  it.each([
    (url: string) => `ftp://${new URL(url).host}/hosts/api/v1/hosts/totals`,
    () => 'file:///etc/passwd',
    () => 'javascript:alert(1)',
  ])('is refused at once: exit 7, one line, no second request (%#)', async (target) => {
    const location = target(sb.url);
    await sb.fault({ service: 'hosts', method: 'GET', kind: 'status', status: 302, headers: { location } });
    const r = await runMain(['hosts', 'totals', '--debug'], { env: sb.env });
    expect(r.stderr.match(/^> GET /gm)).toHaveLength(1);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('ops: '))).toEqual([
      `ops: hosts answered 302 with a redirect to ${location}, which is not http or https`,
    ]);
    expect(r.code).toBe(7);
  });
});

describe('a redirect to what is not an address', () => {
  it('is refused at once, exit 7, naming it; with --json the envelope carries the status', async () => {
    // One answer for each of the two runs below.
    await sb.fault({
      service: 'hosts',
      method: 'GET',
      kind: 'status',
      status: 302,
      headers: { location: 'http://[' },
      count: 2,
    });
    const r = await runMain(['hosts', 'totals'], { env: sb.env });
    expect([r.code, r.stderr]).toEqual([
      7,
      'ops: hosts answered 302 with a redirect to http://[, which is not an address\n',
    ]);
    const json = await runMain(['hosts', 'totals', '--json'], { env: sb.env });
    expect(JSON.parse(json.stderr).error).toMatchObject({ code: 'network', status: 302, service: 'hosts' });
  });
});

describe('breach answers of the wrong shape', () => {
  it.each([
    [
      ['breach', 'list'],
      '/api/v3/breaches',
      { Name: 'x' },
      'a JSON object where a JSON array of objects was expected',
    ],
    [
      ['breach', 'list'],
      '/api/v3/breaches',
      [{ Name: 'x' }, null],
      'a JSON array holding null where a JSON array of objects was expected',
    ],
    [
      ['breach', 'account', 'test@example.com'],
      '/api/v3/breachedaccount',
      [null, { Name: 'x' }],
      'a JSON array holding null where a JSON array of objects was expected',
    ],
    [['breach', 'latest'], '/api/v3/latestbreach', ['x'], 'a JSON array where a JSON object was expected'],
  ] as const)('%j: exit 7, one line naming what came', async (args, path, body, what) => {
    await sb.fault({ service: 'breach', method: 'GET', path, kind: 'status', status: 200, body });
    const r = await ops([...args]);
    expect([r.code, r.stdout, r.stderr]).toEqual([7, '', `ops: breach answered 200 with ${what}\n`]);
  });

  it('a 404 that means none still needs no body: an account in no breach is an empty list, exit 0', async () => {
    await sb.fault({
      service: 'breach',
      method: 'GET',
      path: '/api/v3/breachedaccount',
      kind: 'status',
      status: 404,
      body: '',
    });
    const r = await ops(['breach', 'account', 'nobody@example.com', '--json']);
    expect([r.code, r.stdout.trim()]).toEqual([0, '[]']);
  });
});

describe('a list whose next page does not move', () => {
  it('docgen: a next_marker that repeats stops the walk, exit 7, each item printed once', async () => {
    const body = {
      entries: [{ id: '1', type: 'docgen_job', status: 'completed' }],
      limit: 1,
      next_marker: 'SAME',
    };
    const page = { service: 'docgen', method: 'GET', path: '/2.0/docgen_jobs', kind: 'status' as const };
    await sb.fault({ ...page, status: 200, body, count: 100000 });
    const r = await ops(['docgen', 'jobs', 'list', '--all', '-o', 'json']);
    expect(JSON.parse(r.stderr).error.message).toBe(
      'docgen answered the same next page twice (next_marker "SAME")',
    );
    expect(r.stdout.match(/"id": "1"/g)).toHaveLength(1);
    expect(r.code).toBe(7);
    const nd = await ops(['docgen', 'jobs', 'list', '--all', '-o', 'ndjson']);
    expect(nd.stdout.trim().split('\n')).toHaveLength(1);
    expect(nd.code).toBe(7);
  });

  it('runs: a Link rel="next" that repeats stops the walk, exit 7', async () => {
    const next = `${sb.url}/runs/repos/octo-org/hello-world/actions/runs?page=2`;
    await sb.fault({
      service: 'runs',
      method: 'GET',
      path: '/repos/',
      kind: 'status',
      status: 200,
      headers: { link: `<${next}>; rel="next"` },
      body: { total_count: 5000, workflow_runs: [{ id: 1, status: 'completed' }] },
      count: 1000,
    });
    const r = await ops(['runs', 'list', '--all', '-o', 'ndjson']);
    expect(r.stderr).toBe(`ops: runs answered the same next page twice (Link <${next}>; rel="next")\n`);
    expect(r.code).toBe(7);
    expect((await sb.counters()).faultsInjected).toBe(2);
  });
});

describe('a list answer of the wrong shape', () => {
  const bad = (service: string, args: string[], body: unknown, what: string) =>
    [service, args, JSON.stringify(body), what] as const;
  it.each([
    bad('hosts', ['hosts', 'list'], { host_list: { a: 1 } }, 'host_list that is not a list'),
    bad('hosts', ['hosts', 'list'], { host_list: 'abc' }, 'host_list that is not a list'),
    bad('hosts', ['hosts', 'list'], { hosts: [{ name: 'a' }] }, 'no host_list'),
    bad('cloud', ['cloud', 'instance', 'list'], { instances: { id: 'x' } }, 'instances that is not a list'),
    bad('runs', ['runs', 'list'], { workflow_runs: 'nope' }, 'workflow_runs that is not a list'),
    bad(
      'hosts',
      ['hosts', 'list'],
      { host_list: [null, 5, 'x', { name: 'ok', id: 1 }], total_matching: 4 },
      'an item of host_list that is null, not a JSON object',
    ),
    bad(
      'tasks',
      ['tasks', 'list'],
      { items: [{ id: 'a', title: 'x' }, 7] },
      'an item of items that is a JSON number, not a JSON object',
    ),
  ])('%s %j %s: exit 7, nothing printed, in every format', async (service, args, body, what) => {
    for (const format of ['table', 'csv', 'json', 'ndjson']) {
      const headers = { 'content-type': 'application/json' };
      await sb.fault({ service, method: 'GET', kind: 'status', status: 200, body, headers });
      const r = await ops([...args, '-o', format]);
      expect(r.stdout).toBe('');
      const message = format === 'json' ? JSON.parse(r.stderr).error.message : r.stderr;
      expect(message).toBe(
        format === 'json'
          ? `${service} answered 200 with ${what}`
          : `ops: ${service} answered 200 with ${what}\n`,
      );
      expect(r.code).toBe(7);
    }
  });

  it('tasks: an empty page without items is an empty list (the service leaves the key out)', async () => {
    const body = { kind: 'tasks#tasks', etag: '"e"' };
    await sb.fault({ service: 'tasks', method: 'GET', kind: 'status', status: 200, body });
    const r = await ops(['tasks', 'list', '-o', 'json']);
    expect(r).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
  });
});

describe('a compressed answer', () => {
  it('no bytes under a coding is no body: a 204 that keeps Content-Encoding gzip is a success', async () => {
    const headers = { 'content-encoding': 'gzip' };
    await sb.fault({ service: 'tasks', method: 'DELETE', kind: 'status', status: 204, headers, body: '' });
    const r = await ops(['tasks', 'lists', 'delete', 'Groceries', '--yes']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('gzip: decoded (ops sends no Accept-Encoding, so a server may use any coding)', async () => {
    const body = process.getBuiltinModule('node:zlib').gzipSync('{"total_active":3,"total_up":2}');
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    sb.sandbox.faults.add({ service: 'hosts', method: 'GET', kind: 'status', status: 200, headers, body });
    const r = await ops(['hosts', 'totals', '-o', 'json']);
    expect(JSON.parse(r.stdout)).toEqual({ total_active: 3, total_up: 2 });
    expect(r.code).toBe(0);
  });

  it('an unknown coding is named, exit 7', async () => {
    const headers = { 'content-type': 'application/json', 'content-encoding': 'zstd' };
    await sb.fault({ service: 'hosts', method: 'GET', kind: 'status', status: 200, headers, body: 'x' });
    const r = await ops(['hosts', 'totals']);
    expect(r.stderr).toBe('ops: hosts answered with content-encoding zstd, which ops cannot read\n');
    expect(r.code).toBe(7);
  });
});

describe('a compressed download (the built CLI)', () => {
  const log = Buffer.from('2026-01-01T00:00:00.0000000Z build started\n2026-01-01T00:00:01.0000000Z done\n');
  /** `runs job logs` with the download address answering `body` with these headers. */
  const jobLogs = (body: Buffer, headers: Record<string, string>) => {
    sb.sandbox.faults.add({
      service: 'runs',
      method: 'GET',
      path: '/_blobs/',
      kind: 'status',
      status: 200,
      headers: { 'content-type': 'text/plain', ...headers },
      body,
    });
    return runCli(['runs', 'job', 'logs', '399444123'], { env: { ...sb.env, OPS_RETRIES: '0' } });
  };

  it.each(encodedForms(log))(
    '%s: the log is decoded, as the same log sent as it is',
    async (encoding, body) => {
      const plain = await jobLogs(log, {});
      expect(plain).toMatchObject({ code: 0, stderr: '' });
      expect(plain.stdout).toContain('build started');
      expect(await jobLogs(body, { 'content-encoding': encoding })).toEqual(plain);
    },
  );

  it('an unknown coding is named, exit 7', async () => {
    const r = await jobLogs(log, { 'content-encoding': 'zstd' });
    expect(r).toEqual({
      code: 7,
      stdout: '',
      stderr: 'ops: runs answered with content-encoding zstd, which ops cannot read\n',
    });
  });
});
