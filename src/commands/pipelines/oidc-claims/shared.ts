import type { Command } from 'commander';
import type { ClaimsWire } from '../../../clients/pipelines/types.js';
import type { Column } from '../../../output/printer.js';
import { addOrgOption } from '../org.js';
import { parseUuid } from '../shared.js';

/** `--org` (default: OPS_PIPELINES_ORG or the profile's `pipelines.org`) and `--project`. */
export interface ClaimsTargetFlags {
  org?: string;
  project?: string;
}

export function addTargetOptions(cmd: Command): Command {
  return addOrgOption(cmd).option(
    '--project <project-id>',
    "a project's claims instead of the organization's",
  );
}

/** The project, checked now; the organization is resolved with the settings (`pipelines.org`). */
export function parseProject(o: ClaimsTargetFlags): string | undefined {
  return o.project === undefined
    ? undefined
    : parseUuid(
        '--project',
        o.project,
        'the project id, e.g. from `ops pipelines project get SLUG --field id`',
      );
}

export const CLAIMS_COLUMNS: Column<ClaimsWire>[] = [
  { header: 'org id', get: (c) => c.org_id },
  { header: 'project id', get: (c) => c.project_id },
  { header: 'audience', get: (c) => c.audience, kind: 'text' },
  { header: 'audience updated', get: (c) => c.audience_updated_at, format: 'relative' },
  { header: 'ttl', get: (c) => c.ttl },
  { header: 'ttl updated', get: (c) => c.ttl_updated_at, format: 'relative' },
];
