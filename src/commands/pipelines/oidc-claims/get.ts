import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type PipelinesBase, start } from '../shared.js';
import { orgIdOf, parseOrg } from '../org.js';
import {
  CLAIMS_COLUMNS,
  type ClaimsTargetFlags,
  addTargetOptions,
  parseProject,
  projectIdFor,
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
    const { ctx, base } = await start(factory, c, { org: o.org });
    await run({
      ...base,
      orgId: await orgIdOf(ctx, base),
      projectId: await projectIdFor(ctx, base, project, o),
    });
  });
}

export async function runOidcClaimsGet(o: OidcClaimsGetOptions): Promise<void> {
  await o.printer.print(await (await o.client()).getClaims(o.orgId, o.projectId), {
    columns: CLAIMS_COLUMNS,
  });
}
