import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import { UsageError } from '../../errors.js';
import { RUN_FIELDS } from './columns.js';
import { canPick } from '../shared/pick.js';
import { optionalRunArgument, pickRun } from './pick-run.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from './shared.js';

export interface RunsRerunOptions extends RunsBase {
  repo: RepoRef;
  /** A whole run (every job, or only the failed ones)… */
  runId: number | undefined;
  failed: boolean;
  /** …or one job (and the jobs that need it). */
  jobId: number | undefined;
  debugLogging: boolean;
}

interface Flags {
  repo?: string;
  failed?: boolean;
  job?: string;
  debugLogging?: boolean;
}

export function parseRerunFlags(
  raw: string | undefined,
  o: Flags,
  /** On a terminal a run left out is chosen from a list, later. */
  pickable = false,
): Pick<RunsRerunOptions, 'runId' | 'failed' | 'jobId' | 'debugLogging'> {
  if (o.job !== undefined && raw !== undefined)
    throw new UsageError('give a run id or --job, not both', 'a job id names its run already');
  if (o.job !== undefined && o.failed)
    throw new UsageError('--failed and --job cannot be combined', 'give one of them');
  if (o.job === undefined && raw === undefined && !pickable)
    throw new UsageError('no run given', 'give the run id (ops runs list shows them), or --job JOB_ID');
  return {
    runId: raw === undefined ? undefined : parseId('run id', raw, RUN_ID),
    jobId: o.job === undefined ? undefined : parseId('--job', o.job, RUN_ID),
    failed: Boolean(o.failed),
    debugLogging: Boolean(o.debugLogging),
  };
}

export function runsRerunCommand(factory: Factory, run = runRunsRerun): Command {
  return addRepoOption(
    verbCommand(
      'rerun',
      'Run a finished workflow run again: every job, only the failed ones (--failed), or one job (--job)',
      [
        'ops runs rerun 30433643 --failed',
        'ops runs rerun 30433642 --debug-logging',
        'ops runs rerun --job 399444123',
      ],
      { notes: `Prints the run as it is after the request (a new attempt, queued).` },
    )
      .addArgument(optionalRunArgument())
      .option('--failed', 'only the jobs that failed or were cancelled')
      .option('--job <job-id>', 'only this job (ops runs job list shows them)')
      .option('--debug-logging', 'with step debug logging'),
  ).action(async (raw: string | undefined, o: Flags, c: Command) => {
    const parsed = parseRerunFlags(raw, o, canPick(factory.io));
    const { ctx, base, repo } = await start(factory, c, o, { scope: inRepo });
    if (parsed.runId === undefined && parsed.jobId === undefined)
      parsed.runId = await pickRun(ctx, c, base, repo);
    await run({ ...base, repo, ...parsed });
  });
}

export async function runRunsRerun(o: RunsRerunOptions): Promise<void> {
  const client = await o.client();
  const body = { enable_debug_logging: o.debugLogging };
  let runId = o.runId;
  if (o.jobId !== undefined) {
    await client.reRunJobForWorkflowRun(o.repo, o.jobId, body);
    runId = (await client.getJobForWorkflowRun(o.repo, o.jobId)).run_id;
  } else if (o.failed) await client.reRunWorkflowFailedJobs(o.repo, runId!, body);
  else await client.reRunWorkflow(o.repo, runId!, body);
  await o.printer.print(await client.getWorkflowRun(o.repo, runId!), { columns: RUN_FIELDS });
}
