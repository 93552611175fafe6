import { describe, expect, it } from 'vitest';
import { NEWEST_BATCH_ID, NEWEST_JOB_ID, TEMPLATES } from '../../src/sandbox/docgen/jobs.js';
import { runCli, runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

interface Job {
  id: string;
  status: string;
  output_type: string;
  batch: { id: string };
  template_file: { id: string };
  output_file: { id: string } | null;
  created_at?: string;
}

const sb = await useSandbox({ services: ['docgen'] });

const ops = (
  args: string[],
  o: { env?: Record<string, string | undefined>; input?: string; on?: typeof sb } = {},
) => runMain(args, { env: { ...(o.on ?? sb).env, ...o.env }, input: o.input });
const json = <T = Job[]>(s: string) => JSON.parse(s) as T;
const ndjson = (s: string) =>
  s
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Job);
const requests = async (on = sb) => (await on.counters()).requests.docgen ?? {};
const listRequests = async (on = sb) => (await requests(on))['GET /2.0/docgen_jobs'] ?? 0;
const stats = async (on = sb) => (await on.counters()).emulators.docgen as Record<string, number>;

const TOTAL = 2400;
const TEMPLATE = TEMPLATES[0]!.fileId;

describe('ops docgen jobs list', () => {
  it('prints a table of the newest 100 jobs in one request of limit=100', async () => {
    const r = await ops(['docgen', 'jobs', 'list']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+OUTPUT TYPE\s+TEMPLATE\s+BATCH\s+CREATED$/);
    expect(lines).toHaveLength(101);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${NEWEST_JOB_ID}\\s+submitted\\s+(docx|pdf)\\s+\\d+\\s+${NEWEST_BATCH_ID}\\s+\\d{4}-\\d\\d-\\d\\dT[\\d:]+-07:00$`,
      ),
    );
    expect(await listRequests()).toBe(1);
    expect(await stats()).toMatchObject({ pages: 1, pagesWithoutUsemarker: 0 });
  });

  it('--all follows next_marker page by page (1000 a page) and gives every job once', async () => {
    const r = await ops(['docgen', 'jobs', 'list', '--all', '--json']);
    expect(r.code).toBe(0);
    const ids = json(r.stdout).map((j) => j.id);
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    expect(await listRequests()).toBe(3);
  });

  it('--all -o ndjson (jobs written as the service sent them) gives exactly what --all --json gives', async () => {
    const lines = await ops(['docgen', 'jobs', 'list', '--all', '-o', 'ndjson']);
    const array = await ops(['docgen', 'jobs', 'list', '--all', '--json']);
    expect(lines.code).toBe(0);
    expect(ndjson(lines.stdout)).toEqual(json(array.stdout));
  });

  it('--limit past one page: pages of 1000 until the limit, cut there', async () => {
    const r = await ops(['docgen', 'jobs', 'list', '--limit', '1500', '-o', 'csv']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1501);
    expect(r.stdout.split('\n')[0]).toBe('id,status,output type,template,batch,created');
    expect(await listRequests()).toBe(2);
  });

  it('--marker continues where an earlier page ended', async () => {
    const page = json<{ entries: Job[]; next_marker: string }>(
      (await ops(['api', 'docgen', 'GET', '/2.0/docgen_jobs', '-f', 'usemarker=true', '-f', 'limit=5']))
        .stdout,
    );
    const all = json((await ops(['docgen', 'jobs', 'list', '--limit', '10', '--json'])).stdout);
    const rest = await ops([
      'docgen',
      'jobs',
      'list',
      '--marker',
      page.next_marker,
      '--limit',
      '5',
      '--json',
    ]);
    expect(rest.code).toBe(0);
    expect(json(rest.stdout).map((j) => j.id)).toEqual(all.slice(5, 10).map((j) => j.id));
  });

  it('--status keeps only the jobs in those statuses, across pages until the limit', async () => {
    const r = await ops([
      'docgen',
      'jobs',
      'list',
      '--status',
      'failed,completed_with_error',
      '--limit',
      '200',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const jobs = json(r.stdout);
    expect(jobs).toHaveLength(200);
    expect(new Set(jobs.map((j) => j.status))).toEqual(new Set(['failed', 'completed_with_error']));
    expect(jobs.filter((j) => j.status === 'failed').every((j) => j.output_file === null)).toBe(true);
    const running = json(
      (await ops(['docgen', 'jobs', 'list', '--status', 'submitted', '--all', '--json'])).stdout,
    );
    expect(running.map((j) => j.id)).toEqual([String(NEWEST_JOB_ID)]);
  });

  it('the running jobs finish on the sandbox clock', async () => {
    const before = json(
      (await ops(['docgen', 'jobs', 'list', '--status', 'submitted,pending', '--json'])).stdout,
    );
    expect(before.length).toBe(3);
    await sb.advance(600);
    const after = await ops(['docgen', 'jobs', 'list', '--status', 'submitted,pending', '--json']);
    expect(after).toMatchObject({ code: 0, stdout: '[]\n' });
  });

  it('--batch lists the jobs of one batch; --template those that used one template', async () => {
    const batch = json(
      (await ops(['docgen', 'jobs', 'list', '--batch', String(NEWEST_BATCH_ID), '--json'])).stdout,
    );
    expect(batch.map((j) => j.id)).toEqual([0, 7, 14, 21].map((d) => String(NEWEST_JOB_ID - d)));
    expect((await requests())[`GET /2.0/docgen_batch_jobs/${NEWEST_BATCH_ID}`]).toBe(1);
    const t = await ops(['docgen', 'jobs', 'list', '--template', TEMPLATE, '--all', '--json']);
    expect(t.code).toBe(0);
    const jobs = json(t.stdout);
    expect(jobs.length).toBeGreaterThan(300);
    expect(jobs.every((j) => j.template_file.id === TEMPLATE)).toBe(true);
    const table = await ops(['docgen', 'jobs', 'list', '--template', TEMPLATE, '--limit', '2']);
    expect(table.stdout.trim().split('\n')[1]).toMatch(
      new RegExp(`^\\d+\\s+\\S+\\s+(docx|pdf)\\s+${TEMPLATE}\\s+\\d+$`),
    );
  });

  it('an empty list is success: nothing in a table, [] in JSON', async () => {
    const unused = TEMPLATES[5]!.fileId;
    expect(await ops(['docgen', 'jobs', 'list', '--template', unused])).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(await ops(['docgen', 'jobs', 'list', '--template', unused, '--json'])).toMatchObject({
      code: 0,
      stdout: '[]\n',
    });
  });

  it('ops api docgen GET /2.0/docgen_jobs --paginate follows the marker pages', async () => {
    const r = await ops(['api', 'docgen', 'GET', '/2.0/docgen_jobs', '--paginate', '-o', 'ndjson']);
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(TOTAL);
    expect(await listRequests()).toBe(3);
    const small = await ops(['api', 'docgen', 'GET', '/2.0/docgen_jobs', '--paginate', '-f', 'limit=700']);
    expect(json(small.stdout)).toHaveLength(TOTAL);
    expect(await listRequests()).toBe(3 + 4);
  });
});

describe('ops docgen jobs get', () => {
  it('shows one job field by field', async () => {
    const r = await ops(['docgen', 'jobs', 'get', String(NEWEST_JOB_ID - 21)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `^ID\\s+${NEWEST_JOB_ID - 21}\\nStatus\\s+\\w+\\nOutput type\\s+(docx|pdf)\\nOutput file\\s+\\d+\\n`,
      ),
    );
    expect(r.stdout).toContain(`Batch             ${NEWEST_BATCH_ID}\n`);
  });

  it('--json gives the API object; --field one value', async () => {
    const j = json<Job>((await ops(['docgen', 'jobs', 'get', String(NEWEST_JOB_ID), '--json'])).stdout);
    expect(j).toMatchObject({
      id: String(NEWEST_JOB_ID),
      type: 'docgen_job',
      status: 'submitted',
      output_file: null,
    });
    const f = await ops(['docgen', 'jobs', 'get', String(NEWEST_JOB_ID - 14), '--field', 'status']);
    expect(f.stdout).toBe('pending\n');
  });
});

describe('the built CLI', () => {
  it('lists every job as NDJSON and exits 0', async () => {
    const r = await runCli(['docgen', 'jobs', 'list', '--all', '-o', 'ndjson'], { env: sb.env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(TOTAL);
  });

  it('maps a 404 to exit 3', async () => {
    const r = await runCli(['docgen', 'jobs', 'get', '1'], { env: sb.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /^ops: docgen: not_found: Not Found \(No Doc Gen job 1 is visible to this user\.\) \(HTTP 404, request [0-9a-f]{12}\)\n/,
    );
  });
});
