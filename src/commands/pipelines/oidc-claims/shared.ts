import type { Command } from 'commander';
import type { ClaimsWire } from '../../../clients/pipelines/types.js';
import type { Column } from '../../../output/printer.js';
import type { Context } from '../../../app/types.js';
import { addOrgOption } from '../org.js';
import { type ProjectRef, parseProjectArg, projectIdOf } from '../project-ref.js';
import type { PipelinesBase } from '../shared.js';

/** `--org` (default: OPS_PIPELINES_ORG or the profile's `pipelines.org`) and `--project`. */
export interface ClaimsTargetFlags {
  org?: string;
  project?: string;
}

export function addTargetOptions(cmd: Command): Command {
  return addOrgOption(cmd).option(
    '--project <project>',
    "a project's claims instead of the organization's: its id, slug, or name in --org",
  );
}

/** The project, checked now (with --org); a name or slug becomes its id once the settings are read. */
export function parseProject(o: ClaimsTargetFlags): ProjectRef | undefined {
  return o.project === undefined ? undefined : parseProjectArg(o.project, o);
}

/** The id of the project (one planned read for a name or a slug), or none: the organization's claims. */
export async function projectIdFor(
  ctx: Context,
  base: PipelinesBase,
  ref: ProjectRef | undefined,
  o: ClaimsTargetFlags,
): Promise<string | undefined> {
  return ref === undefined ? undefined : projectIdOf(ctx, base, ref, o);
}

export const CLAIMS_COLUMNS: Column<ClaimsWire>[] = [
  { header: 'org id', get: (c) => c.org_id },
  { header: 'project id', get: (c) => c.project_id },
  { header: 'audience', get: (c) => c.audience, kind: 'text' },
  { header: 'audience updated', get: (c) => c.audience_updated_at, format: 'relative' },
  { header: 'ttl', get: (c) => c.ttl },
  { header: 'ttl updated', get: (c) => c.ttl_updated_at, format: 'relative' },
];
