import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from '../shared.js';
import { printDeleted } from '../../shared/outcome.js';

export interface ArtifactDeleteOptions extends RunsBase {
  repo: RepoRef;
  artifactId: number;
  confirm: (action: string) => Promise<void>;
}

export function artifactDeleteCommand(factory: Factory, run = runArtifactDelete): Command {
  return addRepoOption(
    verbCommand('delete', 'Delete an artifact; asks first, --yes skips the question', [
      'ops runs artifact delete 1000002 --yes',
    ]).argument('<artifact-id>', 'the artifact id'),
  ).action(async (raw: string, o: { repo?: string }, c: Command) => {
    const artifactId = parseId('artifact id', raw, RUN_ID);
    const { ctx, base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({ ...base, repo, artifactId, confirm: (a) => ctx.confirm(a) });
  });
}

export async function runArtifactDelete(o: ArtifactDeleteOptions): Promise<void> {
  const where = `${o.repo.owner}/${o.repo.repo}`;
  await o.confirm(`Delete artifact ${o.artifactId} of ${where}`);
  await (await o.client()).deleteArtifact(o.repo, o.artifactId);
  await printDeleted(o, 'artifact', o.artifactId);
}
