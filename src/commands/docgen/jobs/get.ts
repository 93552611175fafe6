import { Argument, type Command } from 'commander';
import { completing } from '../../shared/complete.js';
import { verbCommand } from '../../shared/verbs.js';
import type { DocgenClient } from '../../../clients/docgen/client.js';
import type { Printer } from '../../../output/printer.js';
import type { Factory } from '../../../app/types.js';
import { JOB_DETAIL, jobCandidates, DOCGEN_ID, parseId, start } from '../shared.js';

export interface JobsGetOptions {
  printer: Printer;
  client: () => Promise<DocgenClient>;
  jobId: string;
}

export function jobsGetCommand(factory: Factory, run = runJobsGet): Command {
  return verbCommand(
    'get',
    'Show one document-generation job: status, output file, template, batch, errors and warnings',
    [
      'ops docgen jobs get 91847520',
      'ops docgen jobs get 91847520 --json',
      'ops docgen jobs get 91847520 --field status',
    ],
    {
      notes: `The output file and its version are empty until the job completes; a failed job lists its errors.`,
    },
  )
    .addArgument(
      completing(new Argument('<job-id>', 'the job id, as `ops docgen jobs list` shows it'), jobCandidates),
    )
    .action(async (jobId: string, _o: unknown, c: Command) => {
      const id = parseId('job id', jobId, DOCGEN_ID);
      const { ctx, base } = await start(factory, c);
      await run({ printer: ctx.printer, client: base.client, jobId: id });
    });
}

export async function runJobsGet(o: JobsGetOptions): Promise<void> {
  const job = await (await o.client()).getDocgenJobById(o.jobId);
  // Fields this variant does not carry (creation time) or that do not apply (failures) are left out;
  // an output file that is null until the job completes shows as empty.
  await o.printer.print(job, { columns: JOB_DETAIL.filter((c) => c.get(job) !== undefined) });
}
