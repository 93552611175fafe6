import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type PipelinesBase, start } from '../shared.js';
import { parseOrg } from '../org.js';
import {
  CLAIMS_COLUMNS,
  type ClaimsTargetFlags,
  addTargetOptions,
  parseProject,
  claimsTarget,
} from './shared.js';

export interface OidcClaimsGetOptions extends PipelinesBase {
  orgId: string;
  projectId: string | undefined;
}

export function oidcClaimsGetCommand(factory: Factory, run = runOidcClaimsGet): Command {
  return addTargetOptions(
    verbCommand(
      'get',
      "Show the custom claims (audience, token lifetime) of the OIDC tokens of an organization's or project's jobs",
      [
        'ops pipelines oidc-claims get',
        'ops pipelines oidc-claims get --project web-app  # by name, default --org',
        'ops pipelines oidc-claims get --org d1c91133-b7d0-4bb8-ae74-11c794816047 \\\n' +
          '    --project dfe353c7-5813-42bd-892a-3303ae7414ba',
      ],
    ),
  ).action(async (o: ClaimsTargetFlags, c: Command) => {
    const project = parseProject(o);
    if (o.org !== undefined) parseOrg(o.org);
    const { base, orgId, projectId } = await start(
      factory,
      c,
      { org: o.org },
      { resolve: claimsTarget(project, o) },
    );
    await run({
      ...base,
      orgId,
      projectId,
    });
  });
}

export async function runOidcClaimsGet(o: OidcClaimsGetOptions): Promise<void> {
  await o.printer.print(await (await o.client()).getClaims(o.orgId, o.projectId), {
    columns: CLAIMS_COLUMNS,
  });
}
