import type { Context } from '../../app/types.js';
import { UsageError } from '../../errors.js';
import { orgOf, orgSlug, parseOrg } from './org.js';
import { type PipelinesBase, parseProjectSlug } from './shared.js';

/** The help of a project argument and of the `--org` a project name is looked up in. */
export const PROJECT_ARG = 'project slug (gh/acme/web-app), or its name in --org';
export const PROJECT_ORG =
  'where a project name is looked up: slug (gh/acme), name or id (default OPS_PIPELINES_ORG)';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** A project slug, or a bare project name (with `--org` checked too), before any request. */
export function parseProjectArg(raw: string, opts: { org?: string }): string {
  if (opts.org !== undefined) parseOrg(opts.org);
  const v = raw.trim();
  if (v.includes('/')) return parseProjectSlug(raw);
  if (!NAME.test(v))
    throw new UsageError(
      `invalid project "${v.slice(0, 40)}"`,
      'give its slug (gh/acme/web-app) or its name (letters, digits, dots, dashes and underscores)',
    );
  return v;
}

/**
 * The project's slug: a slug as given; a name is `<org slug>/<name>`, the organization's slug read
 * from the user's organizations when `--org` is not one (a planning read, named by --dry-run). An
 * organization without a VCS provider names its projects by id (`circleci/<org id>/<project id>`),
 * which no read of this API gives from a name.
 */
export async function projectSlugOf(
  ctx: Context,
  base: PipelinesBase,
  given: string,
  opts: { org?: string },
): Promise<string> {
  if (given.includes('/')) return given;
  const org = opts.org !== undefined ? parseOrg(opts.org) : await orgOf(ctx);
  const slug = await orgSlug(await base.client(), org);
  if (slug.startsWith('circleci/'))
    throw new UsageError(
      `project "${given}" is in ${slug}, whose projects are named by slug only`,
      `give circleci/<org id>/<project id>, e.g. ${slug}/<project id>`,
    );
  return `${slug}/${given}`;
}
