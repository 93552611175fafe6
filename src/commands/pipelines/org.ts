import type { Command } from 'commander';
import type { Context } from '../../app/types.js';
import type { CollaborationWire, PipelinesClient } from '../../clients/pipelines/client.js';
import { ConfigError, UsageError } from '../../errors.js';
import { resolveByName } from '../shared/resolve.js';
import { UUID } from '../shared/ids.js';

/**
 * The owner of contexts, claims, policies, insights and new projects, in the form it was given: an
 * id (UUID), a slug (`gh/acme`, `circleci/<org id>`) or a bare name (`acme`). Each endpoint needs one
 * form; `orgId` and `orgSlug` turn one into another, with one read of the user's organizations
 * (`GET /me/collaborations`) when no rule can.
 */
export type OrgRef = { id: string } | { slug: string } | { name: string };

/** The VCS words of a slug the API takes, each with the short form the API answers with. */
const PROVIDERS: Record<string, string> = {
  gh: 'gh',
  github: 'gh',
  bb: 'bb',
  bitbucket: 'bb',
  circleci: 'circleci',
};
const HINT = 'give a slug such as gh/acme, a name such as acme, or the organization id (a UUID)';

export function addOrgOption(cmd: Command, what = 'the organization'): Command {
  return cmd.option('--org <org>', `${what}: slug (gh/acme), name or id (default OPS_PIPELINES_ORG)`);
}

/** Any form the API accepts, checked before any request. */
export function parseOrg(raw: string, flag = '--org'): OrgRef {
  const v = raw.trim();
  if (UUID.test(v)) return { id: v.toLowerCase() };
  if (v.includes('/')) {
    const parts = v.replace(/^\/+|\/+$/g, '').split('/');
    const vcs = PROVIDERS[parts[0]?.toLowerCase() ?? ''];
    if (parts.length !== 2 || !vcs || !/^[A-Za-z0-9_.-]+$/.test(parts[1]!) || /^\.+$/.test(parts[1]!))
      throw new UsageError(`invalid ${flag} "${v.slice(0, 60)}"`, HINT);
    return { slug: `${vcs}/${parts[1]}` };
  }
  if (!/^[A-Za-z0-9_.-]+$/.test(v) || /^\.+$/.test(v))
    throw new UsageError(`invalid ${flag} "${v.slice(0, 60)}"`, HINT);
  return { name: v };
}

/**
 * The organization of a command: `--org` (laid over the settings by the pipelines `start` as
 * `pipelines.org`), else OPS_PIPELINES_ORG or the profile's `pipelines.org`.
 */
export async function orgOf(ctx: Context): Promise<OrgRef> {
  const raw = (await ctx.service('pipelines')).settings.get('org');
  if (raw === undefined || raw.trim() === '')
    throw new ConfigError(
      'pipelines: no organization given',
      'pass --org ORG (gh/acme, acme or its id), set OPS_PIPELINES_ORG, or run `ops config set pipelines.org gh/acme`',
    );
  return parseOrg(raw);
}

/** What is shown of an organization: its slug, name or id as given. */
export function orgText(org: OrgRef): string {
  return 'id' in org ? org.id : 'slug' in org ? org.slug : org.name;
}

/** One read of the user's organizations, made as a planning read; matched on `key`, answered with `give`. */
function lookup(
  client: PipelinesClient,
  given: string,
  key: (c: CollaborationWire) => string,
  give: (c: CollaborationWire) => string,
): Promise<string> {
  return resolveByName<CollaborationWire>({
    kind: 'organization',
    given,
    isId: () => false,
    list: () => client.getCollaborations(),
    nameOf: key,
    idOf: give,
  });
}

/** The organization's id (`/org/{orgID}`, `/owner/{ownerID}`); a `circleci/<id>` slug holds it already. */
export async function orgId(client: PipelinesClient, org: OrgRef): Promise<string> {
  if ('id' in org) return org.id;
  if ('slug' in org) {
    const [vcs, rest] = org.slug.split('/');
    if (vcs === 'circleci' && UUID.test(rest!)) return rest!.toLowerCase();
    return lookup(
      client,
      org.slug,
      (c) => c.slug,
      (c) => c.id,
    );
  }
  return lookup(
    client,
    org.name,
    (c) => c.name,
    (c) => c.id,
  );
}

/** The organization's slug (`/insights/{org-slug}/summary`). */
export async function orgSlug(client: PipelinesClient, org: OrgRef): Promise<string> {
  if ('slug' in org) return org.slug;
  if ('id' in org)
    return lookup(
      client,
      org.id,
      (c) => c.id,
      (c) => c.slug,
    );
  return lookup(
    client,
    org.name,
    (c) => c.name,
    (c) => c.slug,
  );
}

/** The slug or id, whichever the organization was given as (endpoints that take either); a name becomes the id. */
export async function orgSlugOrId(
  client: PipelinesClient,
  org: OrgRef,
): Promise<{ id: string } | { slug: string }> {
  return 'name' in org ? { id: await orgId(client, org) } : org;
}

/** The id of the command's organization (`--org`, else the settings), converted when given another way. */
export async function orgIdOf(
  ctx: Context,
  base: { client: () => Promise<PipelinesClient> },
): Promise<string> {
  return orgId(await base.client(), await orgOf(ctx));
}
