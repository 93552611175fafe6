import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { Scope } from '../../../clients/runs/client.js';
import type { ActionsSecretWire } from '../../../clients/runs/types.js';
import { UsageError } from '../../../errors.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { SECRET_COLUMNS } from '../columns.js';
import { listSecrets } from '../scoped.js';
import { type RunsBase, type ScopeFlags, addScopeOptions, inScope, start } from '../shared.js';

export interface SecretListOptions extends RunsBase {
  scope: Scope;
  /** The organisation's secrets this repository may use (listRepoOrganizationSecrets). */
  inherited: boolean;
  limit: number | undefined;
}

interface Flags extends ScopeFlags {
  inherited?: boolean;
  limit?: string;
  all?: boolean;
}

export function secretListCommand(factory: Factory, run = runSecretList): Command {
  const cmd = verbCommand(
    'list',
    'List the secrets of a repository, an organisation (--org) or an environment (--env): names, never values',
    [
      'ops runs secret list',
      'ops runs secret list --org octo-org',
      'ops runs secret list --env production',
      'ops runs secret list --inherited --json',
    ],
  ).option('--inherited', "the organisation's secrets this repository may use");
  addListFlags(cmd);
  addScopeOptions(cmd);
  return cmd.action(async (o: Flags, c: Command) => {
    const { limit } = parseListFlags(o);
    if (o.inherited && (o.org !== undefined || o.env !== undefined))
      throw new UsageError('--inherited lists what a repository may use', 'leave out --org and --env');
    const { base, scope } = await start(factory, c, o, {
      scope: async (ctx) => {
        const s = await inScope(o)(ctx);
        if (o.inherited && s.scope.kind !== 'repo')
          throw new UsageError('--inherited needs a repository', 'give --repo OWNER/REPO');
        return s;
      },
    });
    await run({ ...base, scope, inherited: Boolean(o.inherited), limit });
  });
}

export async function runSecretList(o: SecretListOptions): Promise<void> {
  const client = await o.client();
  const opts = { limit: o.limit, raw: o.printer.takesRawJson };
  await printPages<ActionsSecretWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages:
      o.inherited && o.scope.kind === 'repo'
        ? client.listRepoOrganizationSecrets(o.scope.repo, opts)
        : listSecrets(client, o.scope, opts),
    columns: SECRET_COLUMNS.filter((c) => c.header !== 'visibility' || o.scope.kind === 'org'),
    limit: o.limit,
    noun: 'secrets',
  });
}
