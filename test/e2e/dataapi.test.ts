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
