import { describe, expect, it } from 'vitest';
import { runCli, runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

interface Failed {
  id: string;
  datetime: string;
  function: string;
  error_code: number;
  error_message: string;
  http_url: string;
  http_method: string;
  http_code: number;
  http_time: number;
  http_response: string | null;
}

const sb = await useSandbox({ services: ['dataapi'] });

const ops = (
  args: string[],
  o: { env?: Record<string, string | undefined>; input?: string; tty?: boolean } = {},
) => runMain(args, { env: { ...sb.env, ...o.env }, input: o.input, tty: o.tty });
const json = <T = Failed[]>(s: string) => JSON.parse(s) as T;
const ndjson = (s: string) =>
  s
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Failed);
const requests = async () => (await sb.counters()).requests.dataapi ?? {};
const stats = async () => (await sb.counters()).emulators.dataapi as Record<string, unknown>;
const KEYWORDS = 'POST /v3/keywords_data/errors';
const BACKLINKS = 'POST /v3/backlinks/errors';
/** `2026-01-02 15:04:05 +00:00` as epoch seconds. */
const epoch = (datetime: string) => Date.parse(datetime.replace(' +00:00', 'Z').replace(' ', 'T')) / 1000;

describe('ops dataapi errors keywords', () => {
  it('prints a table of the latest 100 failed tasks, one request', async () => {
    const r = await ops(['dataapi', 'errors', 'keywords']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^TIME\s+FUNCTION\s+ERROR CODE\s+MESSAGE\s+METHOD\s+URL\s+HTTP CODE\s+HTTP TIME$/,
    );
    expect(lines).toHaveLength(101);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+00:00\s+\S+\s+\d{5}\s/);
    expect(r.stdout).toMatch(
      /pingback_url\s+\d{5}\s+https:\/\/hooks\.example\.com\/keywords\/ping\?id=\S+\s+GET\s/,
    );
    expect(await requests()).toEqual({ [KEYWORDS]: 1 });
  });

  it('--json gives the API’s result objects, newest first', async () => {
    const r = await ops(['dataapi', 'errors', 'keywords', '--limit', '20', '--json']);
    expect(r.code).toBe(0);
    const rows = json(r.stdout);
    expect(rows).toHaveLength(20);
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'datetime',
      'function',
      'error_code',
      'error_message',
      'http_url',
      'http_method',
      'http_code',
      'http_time',
      'http_response',
    ]);
    const times = rows.map((x) => epoch(x.datetime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('--all walks offset/limit pages of 1000 until a short page, streaming NDJSON', async () => {
    const r = await ops(['dataapi', 'errors', 'keywords', '--all', '-o', 'ndjson']);
    expect(r.code).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows).toHaveLength(1200);
    expect((await stats()).failedTasks).toMatchObject({ keywords: 1200 });
    expect(await requests()).toEqual({ [KEYWORDS]: 2 });
  });

  it('--limit over a page: two requests, cut at the limit', async () => {
    const r = await ops(['dataapi', 'errors', 'keywords', '--limit', '1100', '-o', 'csv']);
    expect(r.stdout.trim().split('\n')).toHaveLength(1101);
    expect(await requests()).toEqual({ [KEYWORDS]: 2 });
  });

  it('--function, --since and --until reach the API as filtered_function and UTC datetimes', async () => {
    const r = await ops([
      'dataapi',
      'errors',
      'keywords',
      '--function',
      'postback_url',
      '--since',
      '-3d',
      '--until',
      '-1d',
      '--all',
      '--json',
      '--debug',
    ]);
    expect(r.code).toBe(0);
    const rows = json(r.stdout);
    const now = Date.now() / 1000;
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((x) => x.function === 'postback_url' && x.http_method === 'POST')).toBe(true);
    expect(
      rows.every((x) => epoch(x.datetime) >= now - 3 * 86_400 - 5 && epoch(x.datetime) <= now - 86_400),
    ).toBe(true);
    expect(r.stderr).toMatch(
      /^> \[\{"filtered_function":"postback_url","datetime_from":"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+00:00","datetime_to":"[^"]+ \+00:00","limit":1000\}\]$/m,
    );
  });

  it('an empty result is success: nothing in a table, [] in JSON', async () => {
    const table = await ops(['dataapi', 'errors', 'keywords', '--function', 'no/such/function']);
    expect(table).toMatchObject({ code: 0, stdout: '' });
    const j = await ops(['dataapi', 'errors', 'keywords', '--function', 'no/such/function', '--json']);
    expect(j).toMatchObject({ code: 0, stdout: '[]\n' });
  });

  it('on a terminal, a list cut by --limit says how to see more', async () => {
    const r = await ops(['dataapi', 'errors', 'keywords', '--limit', '3'], { tty: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('3 of more failed keyword tasks shown; --all or --limit N for more');
  });
});

describe('ops dataapi errors backlinks', () => {
  it('its own report: backlink functions and webhooks', async () => {
    const r = await ops(['dataapi', 'errors', 'backlinks', '--all', '--json']);
    expect(r.code).toBe(0);
    const rows = json(r.stdout);
    expect(rows).toHaveLength(240);
    const functions = new Set(rows.map((x) => x.function));
    expect([...functions].sort()).toEqual([
      'backlinks/backlinks/live',
      'backlinks/content_duplicates/live',
      'backlinks/referring_domains/live',
      'backlinks/summary/live',
      'pingback_url',
      'postback_url',
    ]);
    expect(await requests()).toEqual({ [BACKLINKS]: 1 });
  });

  it('--function with a backlinks function, table', async () => {
    const r = await ops(['dataapi', 'errors', 'backlinks', '--function', 'backlinks/summary/live']);
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(10);
    expect(
      rows.every((l) => /\sbacklinks\/summary\/live\s+40102\s+No Search Results\.\s+POST\s/.test(l)),
    ).toBe(true);
  });
});

interface Line {
  id: string;
  function: string;
  url: string;
  last_failed: string;
  failures: number;
  outcome: string;
  status_code?: number;
  status_message?: string;
}
const RESEND = 'POST /v3/appendix/webhook_resend';

/** The failed webhook deliveries of a report, read with the report command: rows and distinct task ids. */
async function webhooks(report: 'keywords' | 'backlinks', extra: string[] = []) {
  const rows = json((await ops(['dataapi', 'errors', report, '--all', '--json', ...extra])).stdout).filter(
    (x) => x.function === 'pingback_url' || x.function === 'postback_url',
  );
  await sb.control('POST', 'reset');
  return { rows, ids: new Set(rows.map((x) => x.id)) };
}

describe('ops dataapi errors resend', () => {
  it('resends every failed webhook of the report once, 100 a request, one line per task', async () => {
    const { rows, ids } = await webhooks('keywords');
    expect(rows.length).toBeGreaterThan(ids.size);
    expect(ids.size).toBeGreaterThan(200);
    const r = await ops(['dataapi', 'errors', 'resend', '--report', 'keywords', '--yes', '--json']);
    expect(r.code).toBe(0);
    const lines = json<Line[]>(r.stdout);
    expect(lines).toHaveLength(ids.size);
    expect(new Set(lines.map((l) => l.id))).toEqual(ids);
    expect(lines.every((l) => l.outcome === 'resent' && l.status_code === 20100)).toBe(true);
    expect(lines.some((l) => l.failures > 1)).toBe(true);
    const s = (await stats()) as { resentIds: Record<string, number>; resendRequests: number };
    expect(new Set(Object.keys(s.resentIds))).toEqual(ids);
    expect(Object.values(s.resentIds).every((n) => n === 1)).toBe(true);
    expect(s.resendRequests).toBe(Math.ceil(ids.size / 100));
    expect((await requests())[RESEND]).toBe(Math.ceil(ids.size / 100));
  });

  it('--function and --since narrow what is resent; the table shows the outcome', async () => {
    const { ids } = await webhooks('backlinks', ['--function', 'pingback_url', '--since', '-3d']);
    const r = await ops([
      'dataapi',
      'errors',
      'resend',
      '--report',
      'backlinks',
      '--function',
      'pingback_url',
      '--since',
      '-3d',
      '--yes',
    ]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^TASK\s+FUNCTION\s+URL\s+LAST FAILED\s+FAILURES\s+OUTCOME\s+MESSAGE$/);
    expect(lines).toHaveLength(ids.size + 1);
    expect(
      lines.slice(1).every((l) => /\spingback_url\s.*\sresent\s+Task Created\. \(20100\)$/.test(l)),
    ).toBe(true);
    const s = (await stats()) as { resent: Array<{ id: string; function: string; report: string }> };
    expect(s.resent.every((x) => x.function === 'pingback_url' && x.report === 'backlinks')).toBe(true);
    expect(new Set(s.resent.map((x) => x.id))).toEqual(ids);
  });

  it('--dry-run reads the report, prints each resend as curl and the tasks it would resend, sends no resend', async () => {
    const { ids } = await webhooks('backlinks');
    const r = await ops(['dataapi', 'errors', 'resend', '--report', 'backlinks', '--dry-run']);
    expect(r.code).toBe(0);
    const curls = r.stdout.split('\n').filter((l) => l.startsWith('curl '));
    expect(curls).toHaveLength(Math.ceil(ids.size / 100));
    expect(curls[0]).toMatch(
      /^curl -X POST http:\/\/127\.0\.0\.1:\d+\/dataapi\/v3\/appendix\/webhook_resend .*-H 'authorization: Basic \*\*\*' --data-binary '\[\{"id":"[^"]+"\}/,
    );
    expect(r.stdout).not.toContain(
      Buffer.from(`${sb.env.OPS_DATAAPI_LOGIN}:${sb.env.OPS_DATAAPI_PASSWORD}`).toString('base64'),
    );
    expect(r.stdout.split('\n').filter((l) => /\sdry run\s*$/.test(l))).toHaveLength(ids.size);
    expect(r.stderr).toContain(
      'dry run: reading the backlinks report for failed pingback_url deliveries (read-only)',
    );
    expect(await requests()).toEqual({ [BACKLINKS]: 2 });
    expect((await stats()).resent).toEqual([]);
  });

  it('without --yes and without a terminal: exit 2 before any request', async () => {
    const r = await ops(['dataapi', 'errors', 'resend', '--report', 'keywords']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'ops: Resend the failed webhook deliveries of the keywords report needs confirmation\nhint: pass --yes to confirm when not at a terminal\n',
    );
    expect(await requests()).toEqual({});
  });

  it('nothing to resend in the window: exit 0, []', async () => {
    const since = new Date(Date.now() + 30_000).toISOString();
    const r = await ops([
      'dataapi',
      'errors',
      'resend',
      '--report',
      'backlinks',
      '--since',
      since,
      '--yes',
      '--json',
    ]);
    expect(r).toMatchObject({ code: 0, stdout: '[]\n' });
    expect((await requests())[RESEND]).toBeUndefined();
  });

  it('the resend refused in the envelope: exit 1 with the service’s message, nothing recorded', async () => {
    await sb.fault({
      service: 'dataapi',
      path: '/v3/appendix/webhook_resend',
      kind: 'status',
      status: 200,
      body: { version: '0.1.20250526', status_code: 40200, status_message: 'Payment Required.', tasks: null },
    });
    const r = await ops([
      'dataapi',
      'errors',
      'resend',
      '--report',
      'backlinks',
      '--function',
      'postback_url',
      '--yes',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ops: dataapi: Payment Required\. \(status 40200\)\nhint: .*balance or plan/);
    expect((await stats()).resent).toEqual([]);
  });
});

describe('the built CLI', () => {
  it('prints the backlinks report as NDJSON and exits 0', async () => {
    const r = await runCli(['dataapi', 'errors', 'backlinks', '--limit', '5', '-o', 'ndjson'], {
      env: sb.env,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(5);
  });
});
