import { planning } from '../../../clients/http/planning.js';
import type { PipelinesClient } from '../../../clients/pipelines/client.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../../app/types.js';
import { PROJECT_ORG, findProject, parseProjectArg } from '../project-ref.js';
import { type PipelinesBase, parseUuid } from '../shared.js';

export { PROJECT_ORG };

/** A project named by id (uuid) or by slug (resolved with one read before anything changes). */
export type ProjectRef = { id: string } | { slug: string };

/** A project id, slug or name in --org (see `parseProjectArg`). */
export const parseProjectRef = parseProjectArg;

/**
 * The project a definition verb names, resolved once in the start (see `withSlug`): a name is looked
 * up now (one planned read); an id or a slug stays, the slug read by the run function.
 */
export function withProjectRef(
  ref: ReturnType<typeof parseProjectArg>,
  opts: { org?: string },
): (ctx: Context, base: PipelinesBase) => Promise<{ project: ProjectRef }> {
  return async (ctx, base) => ({
    project: 'name' in ref ? { id: (await findProject(ctx, base, ref, opts)).id } : ref,
  });
}

export async function readProjectId(client: PipelinesClient, ref: ProjectRef): Promise<string> {
  if ('id' in ref) return ref.id;
  // The slug's lookup plans the change: --dry-run sends it (see `planning`).
  return (await planning(() => client.getProjectBySlug(ref.slug))).id;
}

export function parseDefinitionId(raw: string): string {
  return parseUuid('pipeline definition id', raw, 'the id `ops pipelines definition list PROJECT` shows');
}

/** An external repository id of the version-control host (GitHub's numeric id). */
export function parseRepoId(flag: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(raw.trim()))
    throw new UsageError(`invalid ${flag} "${raw}"`, "give the repository's external id, e.g. 401122001");
  return raw.trim();
}

export function parseFilePath(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '' || raw.startsWith('/') || raw.split('/').includes('..'))
    throw new UsageError(
      `invalid --config-path "${raw}"`,
      'give a path inside the repository, e.g. .circleci/config.yml',
    );
  return raw;
}
