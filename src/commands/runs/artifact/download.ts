import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import { UsageError } from '../../../errors.js';
import { type Existing, addDownloadOptions, downloadInto, parseExisting, readZip } from '../../shared/zip.js';
import { type RunsBase, addRepoOption, inRepo, RUN_ID, parseId, start } from '../shared.js';

export interface ArtifactDownloadOptions extends RunsBase {
  repo: RepoRef;
  artifactId: number;
  /** Where the files go; undefined: the current folder. */
  dir: string | undefined;
  /** A file that exists: refused (exit 2), overwritten (--clobber) or kept (--skip-existing). */
  existing: Existing;
}

interface DownloadFlags {
  repo?: string;
  dir?: string;
  clobber?: boolean;
  skipExisting?: boolean;
}

export function artifactDownloadCommand(factory: Factory, run = runArtifactDownload): Command {
  return addRepoOption(
    addDownloadOptions(
      verbCommand(
        'download',
        "Download an artifact's zip archive and unpack it into a folder (default .)",
        [
          'ops runs artifact download 1000003',
          'ops runs artifact download 1000003 --dir ./build --clobber --json',
        ],
        {
          notes: `The archive comes from a short-lived download address; the API token is never sent there. An entry
that would land outside the folder is refused and nothing is written. A file that exists is not
overwritten: the command stops before writing anything (exit 2) unless --clobber or --skip-existing.`,
        },
      )
        .argument('<artifact-id>', 'the artifact id (ops runs artifact list RUN_ID shows them)')
        .option('--dir <dir>', 'unpack here (default: the current folder)'),
    ),
  ).action(async (raw: string, o: DownloadFlags, c: Command) => {
    const artifactId = parseId('artifact id', raw, RUN_ID);
    const existing = parseExisting(o);
    if (o.dir !== undefined && o.dir.trim() === '') throw new UsageError('--dir is empty', 'give a folder');
    const { base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({ ...base, repo, artifactId, dir: o.dir, existing });
  });
}

export async function runArtifactDownload(o: ArtifactDownloadOptions): Promise<void> {
  const client = await o.client();
  const dir = o.dir ?? '.';
  const entries = await readZip(
    await client.downloadArtifact(o.repo, o.artifactId),
    `artifact ${o.artifactId}`,
    'runs',
  );
  await downloadInto(o.printer, entries, dir, o.existing);
}
