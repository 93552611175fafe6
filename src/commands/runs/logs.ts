import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import { ApiError, ExitCode, OpsError, UsageError } from '../../errors.js';
import { terminalSafe } from '../../output/text.js';
import { parseInteger } from '../shared/parse.js';
import {
  type Existing,
  type ZipEntry,
  addDownloadOptions,
  downloadInto,
  parseExisting,
  readZip,
} from '../shared/zip.js';
import { requireOrPick } from '../shared/pick.js';
import { runArgument, pickRun } from './pick-run.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from './shared.js';

export interface RunsLogsOptions extends RunsBase {
  repo: RepoRef;
  runId: number;
  /** An earlier attempt's logs (default: the latest attempt). */
  attempt: number | undefined;
  /** Only this job's logs. */
  jobId: number | undefined;
  /** Write the files here instead of printing the lines. */
  dir: string | undefined;
  /** A file that exists under --dir: refused (exit 2), overwritten (--clobber) or kept (--skip-existing). */
  existing: Existing;
}

export interface LogLine {
  job: string;
  step: string;
  line: string;
}

/** Job and step of each file in the archive: `<job>/<n>_<step>.txt`, jobs in the order of `<i>_<job>.txt`. */
export function logLines(entries: readonly ZipEntry[]): LogLine[] {
  const order = new Map<string, number>();
  for (const e of entries) {
    const m = /^(\d+)_(.+)\.txt$/.exec(e.name);
    if (m) order.set(m[2]!, Number(m[1]));
  }
  const steps = entries
    .map((e) => ({ e, m: /^([^/]+)\/(\d+)_(.+)\.txt$/.exec(e.name) }))
    .filter((x) => x.m)
    .map(({ e, m }) => ({
      job: m![1]!,
      n: Number(m![2]),
      step: m![3]!,
      text: Buffer.from(e.data).toString('utf8'),
    }))
    .sort(
      (a, b) =>
        (order.get(a.job) ?? 1e9) - (order.get(b.job) ?? 1e9) || a.job.localeCompare(b.job) || a.n - b.n,
    );
  const out: LogLine[] = [];
  for (const s of steps)
    for (const line of s.text.replace(/\r?\n$/, '').split(/\r?\n/))
      out.push({ job: s.job, step: s.step, line });
  return out;
}

/** The files of one job: its folder and its whole-job file. */
function ofJob(entries: readonly ZipEntry[], job: string): ZipEntry[] {
  const safe = job.replace(/[/\\:*?"<>|]/g, '');
  return entries.filter(
    (e) => e.name.startsWith(`${safe}/`) || new RegExp(`^\\d+_${escapeRegExp(safe)}\\.txt$`).test(e.name),
  );
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function runsLogsCommand(factory: Factory, run = runRunsLogs): Command {
  return addRepoOption(
    addDownloadOptions(
      verbCommand(
        'logs',
        "Print a finished run's logs, each line prefixed by job and step, or write the files with --dir",
        [
          'ops runs logs 30433643',
          'ops runs logs 30433643 --job 399444123 | grep error',
          'ops runs logs 30433643 --attempt 1 --dir ./logs',
          'ops runs delete-logs 30433642 --yes',
        ],
        {
          notes: `The logs come from a short-lived download address; the API token is never sent there. With --dir, a
file that exists stops the command before anything is written (exit 2) unless --clobber or
--skip-existing.`,
        },
      )
        .addArgument(runArgument())
        .option('--attempt <n>', "an earlier attempt's logs")
        .option('--job <job-id>', "only this job's logs")
        .option('--dir <dir>', 'write the log files into this folder instead'),
    ),
  ).action(
    async (
      raw: string | undefined,
      o: {
        repo?: string;
        attempt?: string;
        job?: string;
        dir?: string;
        clobber?: boolean;
        skipExisting?: boolean;
      },
      c: Command,
    ) => {
      requireOrPick(factory.io, c, 'run-id', raw);
      const given = raw === undefined ? undefined : parseId('run id', raw, RUN_ID);
      const existing = parseExisting(o);
      if (existing !== 'refuse' && o.dir === undefined)
        throw new UsageError('--clobber and --skip-existing need --dir', 'add --dir DIR, or drop them');
      const attempt = parseInteger('--attempt', o.attempt, { min: 1 });
      const jobId = o.job === undefined ? undefined : parseId('--job', o.job, RUN_ID);
      if (o.dir !== undefined && o.dir.trim() === '') throw new UsageError('--dir is empty', 'give a folder');
      const { ctx, base, repo } = await start(factory, c, o, { scope: inRepo });
      const runId = given ?? (await pickRun(ctx, c, base, repo));
      await run({ ...base, repo, runId, attempt, jobId, dir: o.dir, existing });
    },
  );
}

export async function runRunsLogs(o: RunsLogsOptions): Promise<void> {
  const client = await o.client();
  let job: string | undefined;
  let jobAttempt: number | undefined;
  if (o.jobId !== undefined) {
    const j = await client.getJobForWorkflowRun(o.repo, o.jobId);
    if (j.run_id !== o.runId)
      throw new OpsError(`job ${o.jobId} belongs to run ${j.run_id}, not ${o.runId}`, {
        hint: `ops runs logs ${j.run_id} --job ${o.jobId}`,
      });
    job = j.name;
    jobAttempt = j.run_attempt;
  }
  let archive: Uint8Array;
  try {
    archive =
      o.attempt === undefined
        ? await client.downloadWorkflowRunLogs(o.repo, o.runId)
        : await client.downloadWorkflowRunAttemptLogs(o.repo, o.runId, o.attempt);
  } catch (err) {
    // The service answers 404 for a run that has not finished: say so when that is why. The run is
    // there, in the wrong state for the action: a state conflict, exit 1 (docs/grammar.md).
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    const run = await client.getWorkflowRun(o.repo, o.runId);
    if (run.status === 'completed') throw err;
    throw new OpsError(`run ${o.runId} is ${run.status}: its logs can be downloaded once it completes`, {
      exitCode: ExitCode.failure,
      hint: notYetHint(o, run.run_attempt, jobAttempt),
    });
  }
  let entries = await readZip(archive, 'the log archive', 'runs');
  if (job !== undefined) entries = ofJob(entries, job);
  if (o.dir !== undefined) {
    await downloadInto(o.printer, entries, o.dir, o.existing);
    return;
  }
  const lines = logLines(entries);
  if (o.printer.format !== 'table') return o.printer.print(lines);
  await o.printer.text(lines.map((l) => terminalSafe(`${l.job}\t${l.step}\t${l.line}`)).join('\n'));
}

/**
 * What to do about a run not finished: watch it, then ask again; and where a rerun is what is going,
 * the attempt before it has finished and has logs now (`--attempt`): the job's own attempt when a
 * `--job` of an earlier one was asked for, else the one before the latest.
 */
function notYetHint(o: RunsLogsOptions, runAttempt?: number, jobAttempt?: number): string {
  const wait = `ops runs watch ${o.runId}, then ops runs logs ${o.runId}`;
  if (o.attempt !== undefined || runAttempt === undefined || runAttempt < 2) return wait;
  const earlier = jobAttempt ?? runAttempt - 1;
  if (earlier >= runAttempt) return wait;
  const job = o.jobId === undefined ? '' : ` --job ${o.jobId}`;
  return `${wait}; attempt ${earlier} has finished: ops runs logs ${o.runId}${job} --attempt ${earlier}`;
}
