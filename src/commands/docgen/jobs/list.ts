import { type Command, Option } from 'commander';
import { completing } from '../../shared/complete.js';
import { verbCommand } from '../../shared/verbs.js';
import type { DocgenClient, JobPages } from '../../../clients/docgen/client.js';
import { DOCGEN_JOB_STATUSES, type DocgenJobWire } from '../../../clients/docgen/types.js';
import type { Page } from '../../../clients/http/paginate.js';
import type { RawJson } from '../../../clients/http/raw-json.js';
import { UsageError } from '../../../errors.js';
import type { Feedback } from '../../../output/feedback.js';
import type { Printer } from '../../../output/printer.js';
import type { Factory } from '../../../app/types.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { JOB_COLUMNS, batchCandidates, DOCGEN_ID, parseId, parseStatuses, start } from '../shared.js';
import { choiceOption } from '../../shared/choices.js';

/** Which list: the caller's jobs, one batch's, or one template's. */
export type JobsScope = { kind: 'all' } | { kind: 'batch'; id: string } | { kind: 'template'; id: string };

export interface JobsListOptions {
  printer: Printer;
  feedback: Feedback;
  client: () => Promise<DocgenClient>;
  scope: JobsScope;
  /** Start at this marker (a `next_marker` of an earlier page). */
  marker: string | undefined;
  /** Keep only jobs in these statuses (filtered here: the API has no such filter). */
  statuses: string[] | undefined;
  /** Jobs to print at most; undefined with --all. */
  limit: number | undefined;
}

interface ListFlags {
  limit?: string;
  all?: boolean;
  marker?: string;
  status?: string;
  batch?: string;
  template?: string;
}

/** Turns the flags into options; every check happens here, before any request. */
export function parseJobsListFlags(
  o: ListFlags,
): Pick<JobsListOptions, 'scope' | 'marker' | 'statuses' | 'limit'> {
  const { limit } = parseListFlags(o);
  if (o.batch !== undefined && o.template !== undefined)
    throw new UsageError(
      '--batch and --template cannot be combined',
      'give one of them; filter further with --query',
    );
  if (o.marker !== undefined && o.marker.trim() === '')
    throw new UsageError(
      '--marker is empty',
      'give a next_marker of an earlier page, or leave it out to start at the newest job',
    );
  const scope: JobsScope =
    o.batch !== undefined
      ? { kind: 'batch', id: parseId('--batch', o.batch, DOCGEN_ID) }
      : o.template !== undefined
        ? { kind: 'template', id: parseId('--template', o.template, DOCGEN_ID) }
        : { kind: 'all' };
  return { scope, marker: o.marker?.trim(), statuses: parseStatuses(o.status), limit };
}

export function jobsListCommand(factory: Factory, run = runJobsList): Command {
  const cmd = verbCommand(
    'list',
    "List your document-generation jobs, newest first; or one batch's or one template's jobs",
    [
      'ops docgen jobs list',
      'ops docgen jobs list --status failed,completed_with_error --limit 20',
      'ops docgen jobs list --batch 6110482',
      'ops docgen jobs list --template 1487265402 --all -o ndjson',
      'ops docgen jobs list --all --query "[?status==\'failed\'].id"',
    ],
    {
      notes: `The table shows id, status, output type, template (file id), batch and creation time; the batch and
template lists do not carry the creation time. --json gives the API's job objects.`,
    },
  )
    .addOption(
      choiceOption(
        '--status <status>',
        'only jobs in this status: submitted, pending, completed, completed_with_error, failed (several: a,b)',
        DOCGEN_JOB_STATUSES,
      ),
    )
    .addOption(completing(new Option('--batch <batch-id>', 'the jobs of one batch'), batchCandidates))
    .option('--template <template-id>', 'your jobs that used one template (its file id)')
    .option('--marker <marker>', 'start at this position marker (the next_marker of an earlier page)');
  addListFlags(cmd);
  return cmd.action(async (o: ListFlags, c: Command) => {
    const parsed = parseJobsListFlags(o);
    const { ctx, base } = await start(factory, c);
    await run({ printer: ctx.printer, feedback: ctx.feedback, client: base.client, ...parsed });
  });
}

/** Streams the jobs page by page into the printer (NDJSON and CSV never hold more than a page). */
export async function runJobsList(o: JobsListOptions): Promise<void> {
  const client = await o.client();
  const query = { marker: o.marker };
  const opts = { limit: o.limit, statuses: o.statuses, raw: o.printer.takesRawJson };
  const pages =
    o.scope.kind === 'batch'
      ? client.getDocgenBatchJobById(o.scope.id, query, opts)
      : o.scope.kind === 'template'
        ? client.getDocgenTemplateJobs(o.scope.id, query, opts)
        : client.getDocgenJobs(query, opts);
  let last: Page<DocgenJobWire | RawJson> | undefined;
  async function* tap(): JobPages {
    for await (const page of pages) yield (last = page);
  }
  await printPages<DocgenJobWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: tap(),
    columns: JOB_COLUMNS,
    limit: o.limit,
    noun: o.statuses ? `jobs in status ${o.statuses.join(' or ')}` : 'jobs',
  });
  // Where the limit ended a whole page, its marker continues the list exactly there.
  const data = (last?.response.data ?? {}) as { next_marker?: string | null; limit?: number };
  if (last?.more && !o.statuses && data.next_marker && last.items.length === data.limit)
    o.feedback.info(`continue after these with --marker ${data.next_marker}`);
}
