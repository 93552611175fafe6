import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { ClaimName } from '../../../clients/pipelines/types.js';
import { UsageError } from '../../../errors.js';
import { type Confirm, type PipelinesBase, start } from '../shared.js';
import { parseOrg } from '../org.js';
import { type ClaimsTargetFlags, addTargetOptions, parseProject, claimsTarget } from './shared.js';
import { choiceOption } from '../../shared/choices.js';
import { printDeleted } from '../../shared/outcome.js';

export interface OidcClaimsDeleteOptions extends PipelinesBase {
  orgId: string;
  projectId: string | undefined;
  claims: ClaimName[];
  confirm: Confirm;
}

export function parseClaimNames(raw: string | undefined): ClaimName[] {
  if (raw === undefined) return ['audience', 'ttl'];
  const names = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const bad = names.filter((n) => n !== 'audience' && n !== 'ttl');
  if (names.length === 0 || bad.length)
    throw new UsageError(`invalid --claims "${raw}"`, 'give audience, ttl, or audience,ttl');
  return [...new Set(names)] as ClaimName[];
}

export function oidcClaimsDeleteCommand(factory: Factory, run = runOidcClaimsDelete): Command {
  return addTargetOptions(
    verbCommand('delete', 'Remove custom claims, so tokens go back to the default audience or lifetime', [
      'ops pipelines oidc-claims delete --claims ttl --yes',
      'ops pipelines oidc-claims delete \\\n' + '    --project dfe353c7-5813-42bd-892a-3303ae7414ba --yes',
    ]).addOption(
      choiceOption('--claims <list>', 'which claims: audience, ttl or audience,ttl (default both)', [
        'audience',
        'ttl',
        'audience,ttl',
      ]),
    ),
  ).action(async (o: ClaimsTargetFlags & { claims?: string }, c: Command) => {
    const project = parseProject(o);
    if (o.org !== undefined) parseOrg(o.org);
    const claims = parseClaimNames(o.claims);
    const { ctx, base, orgId, projectId } = await start(
      factory,
      c,
      { org: o.org },
      { resolve: claimsTarget(project, o) },
    );
    await run({
      ...base,
      orgId,
      projectId,
      claims,
      confirm: (a) => ctx.confirm(a),
    });
  });
}

export async function runOidcClaimsDelete(o: OidcClaimsDeleteOptions): Promise<void> {
  await o.confirm(
    `Remove the ${o.claims.join(' and ')} claims of ${o.projectId ? `project ${o.projectId}` : `organization ${o.orgId}`}`,
  );
  await (await o.client()).deleteClaims(o.orgId, o.projectId, o.claims);
  await printDeleted(o, o.claims.length > 1 ? 'oidc claims' : 'oidc claim', o.claims.join(','));
}
