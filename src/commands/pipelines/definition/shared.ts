import { planning } from '../../../clients/http/planning.js';
import type { PipelinesClient } from '../../../clients/pipelines/client.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../../app/types.js';
import { PROJECT_ORG, parseProjectArg, projectSlugOf } from '../project-ref.js';
import { type PipelinesBase, parseProjectSlug, parseUuid } from '../shared.js';

export { PROJECT_ORG };

/** A project named by id (uuid) or by slug (resolved with one read before anything changes). */
export type ProjectRef = { id: string } | { slug: string };

export function parseProjectRef(raw: string, opts: { org?: string } = {}): ProjectRef {
  if (raw.includes('/')) return { slug: parseProjectSlug(raw) };
  if (UUID.test(raw.trim())) return { id: parseUuid('project', raw, 'the project id (uuid) or its slug') };
  // A bare name: the slug in --org (see projectSlugOf), made once the settings are read.
  return { slug: parseProjectArg(raw, opts) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A project named by name becomes `<org slug>/<name>`; an id or a slug stays. */
export async function projectRefOf(
  ctx: Context,
  base: PipelinesBase,
  ref: ProjectRef,
  opts: { org?: string },
): Promise<ProjectRef> {
  return 'slug' in ref ? { slug: await projectSlugOf(ctx, base, ref.slug, opts) } : ref;
}

export async function projectIdOf(client: PipelinesClient, ref: ProjectRef): Promise<string> {
  // The slug's lookup plans the change: --dry-run sends it (see `planning`).
  return 'id' in ref ? ref.id : (await planning(() => client.getProjectBySlug(ref.slug))).id;
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
