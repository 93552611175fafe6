import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { runRunsRerun } from '../rerun.js';
import { addRepoOption, inRepo, RUN_ID, parseId, start } from '../shared.js';

/** `ops runs job rerun JOB_ID`: the same as `ops runs rerun --job JOB_ID`. */
export function jobRerunCommand(factory: Factory, run = runRunsRerun): Command {
  return addRepoOption(
    verbCommand(
      'rerun',
      'Run one job of a finished run again (and the jobs that need it), as a new attempt',
      ['ops runs job rerun 399444123', 'ops runs job rerun 399444123 --debug-logging'],
    )
      .argument('<job-id>', 'the job id')
      .option('--debug-logging', 'with step debug logging'),
  ).action(async (raw: string, o: { repo?: string; debugLogging?: boolean }, c: Command) => {
    const jobId = parseId('job id', raw, RUN_ID);
    const { base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({
      ...base,
      repo,
      runId: undefined,
      failed: false,
      jobId,
      debugLogging: Boolean(o.debugLogging),
    });
  });
}
