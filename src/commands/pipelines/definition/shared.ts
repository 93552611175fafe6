import { planning } from '../../../clients/http/planning.js';
import type { PipelinesClient } from '../../../clients/pipelines/client.js';
import { UsageError } from '../../../errors.js';
import { parseProjectSlug, parseUuid } from '../shared.js';

/** A project named by id (uuid) or by slug (resolved with one read before anything changes). */
export type ProjectRef = { id: string } | { slug: string };

export function parseProjectRef(raw: string): ProjectRef {
  return raw.includes('/')
    ? { slug: parseProjectSlug(raw) }
    : { id: parseUuid('project', raw, 'the project id (uuid) or its slug, e.g. gh/acme/web-app') };
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
