import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import { parseSeconds } from '../shared/wait.js';
import type { Factory } from '../../app/types.js';
import { pollUntil } from '../../clients/http/poll.js';
import type { RepoRef } from '../../clients/runs/client.js';
import { EtagCache } from '../../clients/runs/etag.js';
import type { JobWire, WorkflowRunWire } from '../../clients/runs/types.js';
import { AwaitedFailure } from '../../errors.js';
import type { Io } from '../../io.js';
import { JOB_COLUMNS, RUN_FIELDS, stateOf } from './columns.js';
import { LiveBlock, renderRun } from './live.js';
import { requireOrPick } from '../shared/pick.js';
import { runArgument, pickRun } from './pick-run.js';
import { type RunsBase, addRepoOption, allItems, inRepo, RUN_ID, parseId, start } from './shared.js';

export interface RunsWatchOptions extends RunsBase {
  io: Io;
  repo: RepoRef;
  runId: number;
  intervalSeconds: number;
  /** `--wait-timeout`: give up after this many seconds (exit 6); undefined watches as long as it takes. */
  timeoutSeconds: number | undefined;
  /** Exit 8 when the run ends other than in success. */
  exitStatus: boolean;
  /** Print the jobs under the run at the end (a person's table). */
  jobs: boolean;
  /** Waits between looks (tests give their own). */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
}

export function parseInterval(raw: string | undefined): number {
  return parseSeconds('--interval', raw, 3600) ?? 3;
}

export function runsWatchCommand(factory: Factory, run = runRunsWatch): Command {
  return addRepoOption(
    verbCommand(
      'watch',
      'Follow a run until it completes, showing its jobs and steps live on a terminal',
      [
        'ops runs watch 30433647',
        'ops runs watch 30433648 --interval 10 --exit-status && echo deployed',
        'ops runs watch 30433647 --wait-timeout 600',
      ],
      {
        notes: `Each look is a conditional request: an unchanged run costs nothing against the rate limit.
Prints the finished run (with its jobs in a table) on stdout.`,
      },
    )
      .addArgument(runArgument())
      .option('--interval <seconds>', 'seconds between looks (default 3)')
      .option('--wait-timeout <seconds>', 'give up watching after this long (exit 6)')
      .option('--exit-status', 'exit 8 when the run concludes other than in success'),
  ).action(
    async (
      raw: string | undefined,
      o: { repo?: string; interval?: string; waitTimeout?: string; exitStatus?: boolean },
      c: Command,
    ) => {
      requireOrPick(factory.io, c, 'run-id', raw);
      const given = raw === undefined ? undefined : parseId('run id', raw, RUN_ID);
      const intervalSeconds = parseInterval(o.interval);
      const timeoutSeconds = parseSeconds('--wait-timeout', o.waitTimeout);
      const { ctx, base, repo } = await start(factory, c, o, {
        scope: async (ctx) => ({ ...(await inRepo(ctx)), cache: new EtagCache() }),
      });
      const jobs = ctx.printer.format === 'table' && !ctx.flags.query && ctx.flags.field === undefined;
      const runId = given ?? (await pickRun(ctx, c, base, repo));
      await run({
        ...base,
        io: ctx.io,
        repo,
        runId,
        intervalSeconds,
        timeoutSeconds,
        exitStatus: Boolean(o.exitStatus),
        jobs,
      });
    },
  );
}

export async function runRunsWatch(o: RunsWatchOptions): Promise<void> {
  const client = await o.client();
  const live = o.feedback.enabled && o.feedback.animated ? new LiveBlock(o.io.stderr) : undefined;
  // Without animation (--no-spinner), the run's line each time it changes, for a log.
  let said: string | undefined;
  const say = (line: string) => {
    if (line !== said) o.feedback.info((said = line));
  };
  const last = await pollUntil<{ run: WorkflowRunWire; jobs: JobWire[] }>({
    // No headers are passed on: the service's rate-limit reset must not set the interval.
    check: async () => {
      const run = await client.getWorkflowRun(o.repo, o.runId);
      const jobs = await allItems<JobWire>(client.listJobsForWorkflowRun(o.repo, o.runId, {}));
      return { value: { run, jobs } };
    },
    done: (v) => v.run.status === 'completed',
    intervalSeconds: o.intervalSeconds,
    timeoutSeconds: o.timeoutSeconds,
    timeoutHint: 'raise --wait-timeout (seconds), or watch again later',
    what: `run ${o.runId} to complete`,
    describe: (v) => stateOf(v.run),
    onPoll: (v) => {
      const lines = renderRun(v.run, v.jobs, o.printer.style);
      if (live) live.draw(lines);
      else say(lines[0]!);
    },
    signal: o.io.signal,
    sleep: o.sleep,
  });
  await o.printer.print(last.run, { columns: RUN_FIELDS });
  if (o.jobs && last.jobs.length) {
    await o.printer.text('');
    await o.printer.print(last.jobs, { columns: JOB_COLUMNS });
  }
  if (o.exitStatus && last.run.conclusion !== 'success')
    throw new AwaitedFailure(`run ${last.run.id} concluded ${last.run.conclusion ?? 'without a conclusion'}`);
}
