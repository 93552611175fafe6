import { describe, expect, it } from 'vitest';
import type { JobPageOptions } from '../../src/clients/docgen/client.js';
import type { DocgenJobsQuery } from '../../src/clients/docgen/types.js';
import { runJobsGet } from '../../src/commands/docgen/jobs/get.js';
import { runJobsList } from '../../src/commands/docgen/jobs/list.js';
import { fixtureJob, output, pagesOf, stubClient } from './helpers.js';

const JOBS = [
  fixtureJob({ id: '3', status: 'submitted', output_file: null, output_file_version: null }),
  fixtureJob({ id: '2', status: 'failed', output_type: 'pdf', created_at: '2026-01-14T23:00:00-07:00' }),
  fixtureJob({ id: '1', batch: { id: '499', type: 'docgen_batch' } }),
];

describe('jobs list', () => {
  it('a table of id, status, output type, template, batch and creation time', async () => {
    const { io, printer, feedback } = output();
    const seen: Array<[DocgenJobsQuery | undefined, JobPageOptions | undefined]> = [];
    await runJobsList({
      printer,
      feedback,
      client: async () =>
        stubClient({
          getDocgenJobs: (q, o) => {
            seen.push([q, o]);
            return pagesOf([JOBS.slice(0, 2), JOBS.slice(2)]);
          },
        }),
      scope: { kind: 'all' },
      marker: undefined,
      statuses: undefined,
      limit: 100,
    });
    expect(io.out()).toBe(
      [
        'ID  STATUS     OUTPUT TYPE  TEMPLATE  BATCH  CREATED',
        '3   submitted  docx         700       500    2026-01-15T08:00:00Z',
        '2   failed     pdf          700       500    2026-01-15T06:00:00Z',
        '1   completed  docx         700       499    2026-01-15T08:00:00Z',
        '',
      ].join('\n'),
    );
    expect(seen).toEqual([[{ marker: undefined }, { limit: 100, statuses: undefined, raw: false }]]);
  });

  it('the batch and template lists go to their operations with the marker, statuses and limit', async () => {
    const calls: string[] = [];
    const client = stubClient({
      getDocgenBatchJobById: (id, q, o) => {
        calls.push(`batch ${id} ${q?.marker} ${o?.statuses} ${o?.limit}`);
        return pagesOf([[JOBS[0]!]]);
      },
      getDocgenTemplateJobs: (id, q, o) => {
        calls.push(`template ${id} ${q?.marker} ${o?.statuses} ${o?.limit}`);
        return pagesOf([[]]);
      },
    });
    const { io, printer, feedback } = output({ format: 'json' });
    const common = { printer, feedback, client: async () => client, limit: undefined };
    await runJobsList({ ...common, scope: { kind: 'batch', id: '5' }, marker: 'M', statuses: ['failed'] });
    await runJobsList({
      ...common,
      scope: { kind: 'template', id: '7' },
      marker: undefined,
      statuses: undefined,
    });
    expect(calls).toEqual(['batch 5 M failed undefined', 'template 7 undefined undefined undefined']);
    expect(io.out()).toMatch(/^\[\n[\s\S]*"id": "3"[\s\S]*\n\]\n\[\]\n$/);
  });

  it('NDJSON asks the client for the raw jobs', async () => {
    const { printer, feedback } = output({ format: 'ndjson' });
    let raw: boolean | undefined;
    await runJobsList({
      printer,
      feedback,
      client: async () =>
        stubClient({
          getDocgenJobs: (_q, o) => {
            raw = o?.raw;
            return pagesOf([JOBS]);
          },
        }),
      scope: { kind: 'all' },
      marker: undefined,
      statuses: undefined,
      limit: 3,
    });
    expect(raw).toBe(true);
  });

  it('cut at a whole page: the shared hint, and the marker that continues exactly there', async () => {
    const { io, printer, feedback } = output({ tty: true });
    await runJobsList({
      printer,
      feedback,
      client: async () =>
        stubClient({
          getDocgenJobs: () => pagesOf([JOBS.slice(0, 2)], { nextMarkers: ['NEXT'], moreAfterLast: true }),
        }),
      scope: { kind: 'all' },
      marker: undefined,
      statuses: undefined,
      limit: 2,
    });
    expect(io.err()).toBe(
      'the first 2 jobs shown, and there are more; --all or --limit N for more\ncontinue after these with --marker NEXT\n',
    );
  });

  it('an empty list prints nothing, and at a terminal says only that there are none (no marker hint)', async () => {
    const { io, printer, feedback } = output({ tty: true });
    await runJobsList({
      printer,
      feedback,
      client: async () => stubClient({ getDocgenJobs: () => pagesOf([[]]) }),
      scope: { kind: 'all' },
      marker: undefined,
      statuses: ['failed'],
      limit: 10,
    });
    expect(io.out()).toBe('');
    expect(io.err()).toBe('no jobs found in status failed\n');
  });
});

describe('jobs get', () => {
  it('field by field; fields the answer does not carry are left out, null output files are empty', async () => {
    const { io, printer } = output();
    const job = fixtureJob({
      status: 'failed',
      output_file: null,
      output_file_version: null,
      failures: { errors: ["The tag 'x' was not provided."], warnings: [] },
      created_at: undefined,
    });
    await runJobsGet({
      printer,
      client: async () => stubClient({ getDocgenJobById: async () => job }),
      jobId: '12345',
    });
    expect(io.out()).toBe(
      [
        'id                12345',
        'status            failed',
        'output type       docx',
        'output file',
        'output version',
        'template          700',
        'template version  701',
        'batch             500',
        "errors            The tag 'x' was not provided.",
        'warnings',
        '',
      ].join('\n'),
    );
  });
});
