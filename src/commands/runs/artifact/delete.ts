import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import { ARTIFACT_COLUMNS } from '../columns.js';
import { type RunsBase, addRepoOption, parseId, repoOf, runsBase, runsContext } from '../shared.js';

export interface ArtifactDeleteOptions extends RunsBase {
  repo: RepoRef;
  artifactId: number;
  confirm: (action: string) => Promise<void>;
}

export function artifactDeleteCommand(factory: Factory, run = runArtifactDelete): Command {
  return addRepoOption(
    new Command('delete')
      .description('Delete an artifact; asks first, --yes skips the question')
      .argument('<artifact-id>', 'the artifact id'),
  )
    .addHelpText(
      'after',
      '\nPrints the artifact as it was.\n\nExamples:\n  ops runs artifact delete 1000002 --yes',
    )
    .action(async (raw: string, o: { repo?: string }, c: Command) => {
      const artifactId = parseId('artifact id', raw);
      const ctx = await runsContext(factory, c, o);
      const repo = await repoOf(ctx);
      await run({ ...(await runsBase(ctx)), repo, artifactId, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runArtifactDelete(o: ArtifactDeleteOptions): Promise<void> {
  await o.confirm(`Delete artifact ${o.artifactId} of ${o.repo.owner}/${o.repo.repo}`);
  const client = await o.client();
  const artifact = await client.getArtifact(o.repo, o.artifactId);
  await client.deleteArtifact(o.repo, o.artifactId);
  await o.printer.print(artifact, { columns: ARTIFACT_COLUMNS });
}
