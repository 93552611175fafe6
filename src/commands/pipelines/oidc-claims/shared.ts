import type { Command } from 'commander';
import type { ClaimsWire } from '../../../clients/pipelines/types.js';
import type { Column } from '../../../output/printer.js';
import type { Context } from '../../../app/types.js';
import { addOrgOption, orgIdOf } from '../org.js';
import { type ProjectRef, parseProjectArg, withProjectId } from '../project-ref.js';
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

/**
 * What a claims verb acts on, resolved once in its start: the organization's id (a slug or name costs
 * one read of the user's organizations), then the project's id, or none for the organization's claims
 * (a name or a slug costs one planned read).
 */
export function claimsTarget(
  ref: ProjectRef | undefined,
  o: ClaimsTargetFlags,
): (ctx: Context, base: PipelinesBase) => Promise<{ orgId: string; projectId: string | undefined }> {
  return async (ctx, base) => ({
    orgId: await orgIdOf(ctx, base),
    ...(await withProjectId(ref, o)(ctx, base)),
  });
}

export const CLAIMS_COLUMNS: Column<ClaimsWire>[] = [
  { header: 'org id', get: (c) => c.org_id },
  { header: 'project id', get: (c) => c.project_id },
  { header: 'audience', get: (c) => c.audience, kind: 'text' },
  { header: 'audience updated', get: (c) => c.audience_updated_at, format: 'relative' },
  { header: 'ttl', get: (c) => c.ttl },
  { header: 'ttl updated', get: (c) => c.ttl_updated_at, format: 'relative' },
];
