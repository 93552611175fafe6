import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { ClaimsPatchWire } from '../../../clients/pipelines/types.js';
import { UsageError } from '../../../errors.js';
import { collectValues } from '../insights/shared.js';
import { type PipelinesBase, start } from '../shared.js';
import { parseOrg } from '../org.js';
import {
  CLAIMS_COLUMNS,
  type ClaimsTargetFlags,
  addTargetOptions,
  parseProject,
  claimsTarget,
} from './shared.js';

export interface OidcClaimsSetOptions extends PipelinesBase {
  orgId: string;
  projectId: string | undefined;
  patch: ClaimsPatchWire;
}

/** The service's pattern for a token lifetime: up to seven number-and-unit parts (reference §D.3). */
export const TTL = /^([0-9]+(ms|s|m|h|d|w)){1,7}$/;

export function parseClaimsPatch(o: { audience?: string[]; ttl?: string }): ClaimsPatchWire {
  if (o.audience === undefined && o.ttl === undefined)
    throw new UsageError('nothing to set', 'give --audience A (repeatable) and/or --ttl DURATION');
  if (o.audience?.some((a) => a.trim() === ''))
    throw new UsageError('--audience is empty', 'give an audience such as sts.amazonaws.com');
  if (o.ttl !== undefined && !TTL.test(o.ttl))
    throw new UsageError(
      `invalid --ttl "${o.ttl}"`,
      'give a duration such as 30m, 1h or 1h30m (units ms, s, m, h, d, w)',
    );
  return { audience: o.audience, ttl: o.ttl };
}

export function oidcClaimsSetCommand(factory: Factory, run = runOidcClaimsSet): Command {
  return addTargetOptions(
    verbCommand(
      'set',
      'Set the audience and/or lifetime of OIDC tokens issued to jobs of an organization or project',
      [
        'ops pipelines oidc-claims set --audience sts.amazonaws.com \\\n' +
          '    --audience https://vault.acme.example --ttl 30m',
        'ops pipelines oidc-claims set --project dfe353c7-5813-42bd-892a-3303ae7414ba \\\n' + '    --ttl 2h',
      ],
    )
      .option(
        '--audience <audience>',
        'an audience (aud) of the tokens; repeat for several (replaces the list)',
        collectValues,
      )
      .option('--ttl <duration>', 'token lifetime, e.g. 30m, 1h, 1h30m'),
  ).action(async (o: ClaimsTargetFlags & { audience?: string[]; ttl?: string }, c: Command) => {
    const project = parseProject(o);
    if (o.org !== undefined) parseOrg(o.org);
    const patch = parseClaimsPatch(o);
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
      patch,
    });
  });
}

export async function runOidcClaimsSet(o: OidcClaimsSetOptions): Promise<void> {
  await o.printer.print(await (await o.client()).patchClaims(o.orgId, o.projectId, o.patch), {
    columns: CLAIMS_COLUMNS,
  });
}
