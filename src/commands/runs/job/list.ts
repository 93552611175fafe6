import { requiredRunArgument } from '../pick-run.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import type { JobWire } from '../../../clients/runs/types.js';
import { UsageError } from '../../../errors.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { parseInteger } from '../../shared/parse.js';
import { JOB_COLUMNS } from '../columns.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from '../shared.js';
import { choiceOption } from '../../shared/choices.js';

export interface JobListOptions extends RunsBase {
  repo: RepoRef;
  runId: number;
  /** The jobs of one attempt (listJobsForWorkflowRunAttempt)… */
  attempt: number | undefined;
  /** …or of the latest attempt, or of every attempt (listJobsForWorkflowRun). */
  filter: 'latest' | 'all' | undefined;
  limit: number | undefined;
}

interface Flags {
  repo?: string;
  attempt?: string;
  filter?: string;
  limit?: string;
  all?: boolean;
}

export function parseJobListFlags(o: Flags): Pick<JobListOptions, 'attempt' | 'filter' | 'limit'> {
  const list = parseListFlags(o);
  const attempt = parseInteger('--attempt', o.attempt, { min: 1 });
  if (o.filter !== undefined && o.filter !== 'latest' && o.filter !== 'all')
    throw new UsageError(`invalid --filter "${o.filter}"`, 'give latest or all');
  if (attempt !== undefined && o.filter !== undefined)
    throw new UsageError(
      '--attempt and --filter cannot be combined',
      'an attempt has its own jobs; give one of them',
    );
  return { attempt, filter: o.filter as JobListOptions['filter'], limit: list.limit };
}

export function jobListCommand(factory: Factory, run = runJobList): Command {
  const cmd = verbCommand(
    'list',
    'List the jobs of a run: its latest attempt, every attempt (--filter all) or one (--attempt)',
    [
      'ops runs job list 30433643',
      'ops runs job list 30433643 --filter all --json',
      'ops runs job list 30433643 --query "[].steps[?conclusion==\'failure\'].name"',
    ],
  )
    .addArgument(requiredRunArgument())
    .option('--attempt <n>', 'the jobs of this attempt')
    .addOption(choiceOption('--filter <which>', 'latest (default) or all attempts', ['latest', 'all']));
  addListFlags(cmd);
  addRepoOption(cmd);
  return cmd.action(async (raw: string, o: Flags, c: Command) => {
    const runId = parseId('run id', raw, RUN_ID);
    const parsed = parseJobListFlags(o);
    const { base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({ ...base, repo, runId, ...parsed });
  });
}

export async function runJobList(o: JobListOptions): Promise<void> {
  const client = await o.client();
  const opts = { limit: o.limit, raw: o.printer.takesRawJson };
  await printPages<JobWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages:
      o.attempt === undefined
        ? client.listJobsForWorkflowRun(o.repo, o.runId, { filter: o.filter }, opts)
        : client.listJobsForWorkflowRunAttempt(o.repo, o.runId, o.attempt, opts),
    columns: JOB_COLUMNS,
    limit: o.limit,
    noun: 'jobs',
  });
}
