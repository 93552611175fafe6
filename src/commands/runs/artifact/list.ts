import { requiredRunArgument } from '../pick-run.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import type { ArtifactWire } from '../../../clients/runs/types.js';
import { UsageError } from '../../../errors.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { ARTIFACT_COLUMNS } from '../columns.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from '../shared.js';

export interface ArtifactListOptions extends RunsBase {
  repo: RepoRef;
  runId: number;
  name: string | undefined;
  limit: number | undefined;
}

export function artifactListCommand(factory: Factory, run = runArtifactList): Command {
  const cmd = verbCommand('list', 'List the artifacts a run uploaded, newest first', [
    'ops runs artifact list 30433643',
    'ops runs artifact list 30433643 --name build-output --field id',
  ])
    .addArgument(requiredRunArgument())
    .option('--name <name>', 'only the artifacts of this name');
  addListFlags(cmd);
  addRepoOption(cmd);
  return cmd.action(
    async (raw: string, o: { repo?: string; name?: string; limit?: string; all?: boolean }, c: Command) => {
      const runId = parseId('run id', raw, RUN_ID);
      const { limit } = parseListFlags(o);
      if (o.name !== undefined && o.name.trim() === '')
        throw new UsageError('--name is empty', 'give an artifact name');
      const { base, repo } = await start(factory, c, o, { scope: inRepo });
      await run({ ...base, repo, runId, name: o.name, limit });
    },
  );
}

export async function runArtifactList(o: ArtifactListOptions): Promise<void> {
  const client = await o.client();
  await printPages<ArtifactWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listWorkflowRunArtifacts(
      o.repo,
      o.runId,
      { name: o.name },
      { limit: o.limit, raw: o.printer.takesRawJson },
    ),
    columns: ARTIFACT_COLUMNS,
    limit: o.limit,
    noun: 'artifacts',
  });
}
