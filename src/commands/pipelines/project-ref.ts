import type { Context } from '../../app/types.js';
import { planning } from '../../clients/http/planning.js';
import type { PipelinesClient } from '../../clients/pipelines/client.js';
import type { ProjectWire } from '../../clients/pipelines/types.js';
import { ApiError, NotFoundError, UsageError, lookingFor } from '../../errors.js';
import { notBlank, quote } from '../shared/parse.js';
import { candidates } from '../shared/resolve.js';
import { orgOf, orgSlug, parseOrg } from './org.js';
import { type PipelinesBase, parseProjectSlug } from './shared.js';
import { UUID } from '../shared/ids.js';

/** The help of a project argument and of the `--org` a project name or id is looked up in. */
export const PROJECT_ARG = 'project: slug (gh/acme/web-app), id, or its name in --org';
export const PROJECT_ORG =
  'where a project name or id is looked up: slug (gh/acme), name or id (default OPS_PIPELINES_ORG)';

/**
 * A project as the user named it (docs/grammar.md, "Names or ids"): its slug, used as is where an
 * endpoint takes a slug; its id (UUID), used as is where one takes an id; or its name in `--org`.
 */
export type ProjectRef = { slug: string } | { id: string } | { name: string };

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** A project slug, id or name (with `--org` checked too), before any request. */
export function parseProjectArg(raw: string, opts: { org?: string }): ProjectRef {
  if (opts.org !== undefined) parseOrg(opts.org);
  const hint =
    'give its slug (gh/acme/web-app), its id, or its name (letters, digits, dots, dashes and underscores)';
  const v = notBlank('project', raw, hint);
  if (v.includes('/')) return { slug: parseProjectSlug(raw) };
  if (UUID.test(v)) return { id: v.toLowerCase() };
  if (!NAME.test(v)) throw new UsageError(`invalid project ${quote(v)}`, hint);
  return { name: v };
}

/** The project's slug (insights, variables, checkout keys): a slug as given, else looked up. */
export async function projectSlugOf(
  ctx: Context,
  base: PipelinesBase,
  ref: ProjectRef,
  opts: { org?: string },
): Promise<string> {
  return 'slug' in ref ? ref.slug : (await findProject(ctx, base, ref, opts)).slug;
}

/** The project's id (claims, pipeline definitions): an id as given, else looked up. */
export async function projectIdOf(
  ctx: Context,
  base: PipelinesBase,
  ref: ProjectRef,
  opts: { org?: string },
): Promise<string> {
  if ('id' in ref) return ref.id;
  return (await findProject(ctx, base, ref, opts)).id;
}

/**
 * The project itself, read once as a planning read (named by --dry-run). The API lists no projects: a
 * name is read at `<org slug>/<name>`, and when it is not there the organization's summary gives the
 * names to offer (exit 2). An id is the slug `circleci/<org id>/<id>` in an app-based organization; in a
 * classic one, the projects the summary names are read until one has the id.
 */
export async function findProject(
  ctx: Context,
  base: PipelinesBase,
  ref: ProjectRef,
  opts: { org?: string },
): Promise<ProjectWire> {
  const client = await base.client();
  if ('slug' in ref) return planning(() => client.getProjectBySlug(ref.slug));
  const org = await orgSlug(client, opts.org !== undefined ? parseOrg(opts.org) : await orgOf(ctx));
  const appBased = org.startsWith('circleci/');
  if ('id' in ref) {
    if (appBased) return planning(() => projectById(client, org, ref.id));
    for (const name of await projectNames(client, org)) {
      const p = await planning(() => client.getProjectBySlug(`${org}/${name}`));
      if (p.id === ref.id) return p;
    }
    throw new NotFoundError(
      { kind: 'project', id: ref.id, where: `organization ${org}`, hint: ORG_HINT },
      { service: 'pipelines' },
    );
  }
  if (appBased)
    throw new UsageError(
      `project "${ref.name}" is in ${org}, whose projects are named by slug or id only`,
      `give its id or circleci/<org id>/<project id>, e.g. ${org}/<project id>`,
    );
  try {
    return await planning(() => client.getProjectBySlug(`${org}/${ref.name}`));
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
  }
  throw new UsageError(
    `no project is named "${ref.name}" in organization ${org}`,
    `give a slug, an id or one of the names: ${candidates(await projectNames(client, org))}`,
  );
}

const ORG_HINT = 'give --org ORG to look in another organization';

/** `GET /project/circleci/<org id>/<id>`, its 404 naming the id and the organization looked in. */
function projectById(client: PipelinesClient, org: string, id: string): Promise<ProjectWire> {
  return lookingFor({ kind: 'project', id, where: `organization ${org}`, hint: ORG_HINT }, () =>
    client.getProjectBySlug(`${org}/${id}`),
  );
}

/** The names of an organization's projects: the one read of this API that lists them. */
async function projectNames(client: PipelinesClient, org: string): Promise<string[]> {
  return (await planning(() => client.getOrgSummaryData(org, {}))).all_projects;
}

type Resolver<Y> = (ctx: Context, base: PipelinesBase) => Promise<Y>;
type Given = ProjectRef | undefined;
type Found<R extends Given> = R extends ProjectRef ? string : undefined;

/**
 * The project a verb names, resolved once in the pipelines start as runs resolves its repository
 * (`start(factory, c, flags, { resolve: withSlug(given, c.opts()) })` gives `{ ctx, base, slug }`): a
 * slug as given, else found by one planned read (named by --dry-run). No project given, none found.
 */
export function withSlug<R extends Given>(ref: R, opts: { org?: string }): Resolver<{ slug: Found<R> }> {
  return async (ctx, base) => ({
    slug: (ref === undefined ? undefined : await projectSlugOf(ctx, base, ref, opts)) as Found<R>,
  });
}

/** The project's id, resolved once in the start (see `withSlug`): an id as given, else found. */
export function withProjectId<R extends Given>(
  ref: R,
  opts: { org?: string },
): Resolver<{ projectId: Found<R> }> {
  return async (ctx, base) => ({
    projectId: (ref === undefined ? undefined : await projectIdOf(ctx, base, ref, opts)) as Found<R>,
  });
}

/** The project itself where a verb shows it: a slug costs no read here (the verb reads it). */
export function withProject(
  ref: ProjectRef,
  opts: { org?: string },
): Resolver<{ slug: string; found?: ProjectWire }> {
  return async (ctx, base) => {
    if ('slug' in ref) return { slug: ref.slug };
    const found = await findProject(ctx, base, ref, opts);
    return { slug: found.slug, found };
  };
}
