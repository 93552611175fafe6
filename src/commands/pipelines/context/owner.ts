import type { Command } from 'commander';
import type { Context } from '../../../app/types.js';
import type { PipelinesClient } from '../../../clients/pipelines/client.js';
import { type OrgRef, addOrgOption, orgOf, orgSlugOrId, parseOrg } from '../org.js';

/** The owner of contexts as `--org` gives it; the profile's `pipelines.org` fills in when it is not given. */
export interface OwnerFlags {
  org?: string;
}

/** The owning organization as the context endpoints take it: by id or by slug. */
export type Owner = { id: string } | { slug: string };

export function addOwnerOptions(cmd: Command): Command {
  return addOrgOption(cmd, 'the owning organization');
}

/** Checks `--org` before any request. */
export function parseOwnerFlags(o: OwnerFlags): OrgRef | undefined {
  return o.org === undefined ? undefined : parseOrg(o.org);
}

/**
 * The owner as the API takes it: the id or slug given (or set), used as is; a bare name becomes the
 * id with one read of the user's organizations (a planning read, named by --dry-run).
 */
export async function resolveOwner(
  ctx: Context,
  client: () => Promise<PipelinesClient>,
  given: OrgRef | undefined,
): Promise<Owner> {
  return orgSlugOrId(await client(), given ?? (await orgOf(ctx)));
}
