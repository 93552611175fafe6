import type { Command } from 'commander';
import type { Context } from '../../../app/types.js';
import { UsageError } from '../../../errors.js';
import { ownerIdOf, parseChoice, parseOrgSlug, parseUuid } from '../shared.js';

/** The owner of contexts as flags give it; the profile's owner id fills in when neither is given. */
export interface OwnerFlags {
  orgSlug?: string;
  ownerId?: string;
  ownerType?: string;
}

export interface Owner {
  /** Exactly one of id and slug. */
  id?: string | undefined;
  slug?: string | undefined;
  type: 'account' | 'organization' | undefined;
}

export function addOwnerOptions(cmd: Command): Command {
  return cmd
    .option('--org-slug <slug>', 'the owning organization by slug, e.g. gh/acme')
    .option('--owner-id <uuid>', 'the owning organization or account by id (default: OPS_PIPELINES_OWNER_ID)')
    .option(
      '--owner-type <type>',
      'account or organization (default organization; accounts only on self-managed servers)',
    );
}

/** Checks the owner flags; `id` stays undefined when the profile's owner id is to be used. */
export function parseOwnerFlags(o: OwnerFlags): Owner {
  if (o.orgSlug !== undefined && o.ownerId !== undefined)
    throw new UsageError('--org-slug and --owner-id cannot be combined', 'give one of them');
  const type =
    o.ownerType === undefined
      ? undefined
      : parseChoice('--owner-type', o.ownerType, ['account', 'organization'] as const);
  if (o.orgSlug !== undefined) {
    if (type === 'account') throw new UsageError('an account is named by --owner-id, not --org-slug');
    return { slug: parseOrgSlug('--org-slug', o.orgSlug), type };
  }
  const id =
    o.ownerId === undefined
      ? undefined
      : parseUuid('--owner-id', o.ownerId, 'the organization or account id');
  return { id, type };
}

/** The owner with the profile's id filled in (`pipelines.owner_id`), or a usage error naming the flags. */
export async function resolveOwner(ctx: Context, owner: Owner): Promise<Owner> {
  if (owner.slug !== undefined || owner.id !== undefined) return owner;
  const set = (await ctx.service('pipelines')).settings.get('owner_id');
  if (set === undefined || set === '')
    throw new UsageError(
      'no owner given',
      'pass --org-slug SLUG or --owner-id UUID, or set OPS_PIPELINES_OWNER_ID (`ops config set pipelines.owner_id UUID`)',
    );
  return { ...owner, id: await ownerIdOf(ctx) };
}
