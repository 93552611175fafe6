import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { Scope } from '../../../clients/runs/client.js';
import type { ActionsVariableWire } from '../../../clients/runs/types.js';
import { UsageError } from '../../../errors.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { VARIABLE_COLUMNS } from '../columns.js';
import { listVariables } from '../scoped.js';
import { type RunsBase, type ScopeFlags, addScopeOptions, inScope, start } from '../shared.js';

export interface VariableListOptions extends RunsBase {
  scope: Scope;
  /** The organisation's variables this repository may use (listRepoOrganizationVariables). */
  inherited: boolean;
  limit: number | undefined;
}

interface Flags extends ScopeFlags {
  inherited?: boolean;
  limit?: string;
  all?: boolean;
}

export function variableListCommand(factory: Factory, run = runVariableList): Command {
  const cmd = verbCommand(
    'list',
    'List the variables of a repository, an organisation (--org) or an environment (--env), with values',
    [
      'ops runs variable list',
      'ops runs variable list --org octo-org',
      'ops runs variable list --env production --json',
      'ops runs variable list --inherited',
    ],
    { notes: `Pages hold at most 30 variables.` },
  ).option('--inherited', "the organisation's variables this repository may use");
  addListFlags(cmd);
  addScopeOptions(cmd);
  return cmd.action(async (o: Flags, c: Command) => {
    const { limit } = parseListFlags(o);
    if (o.inherited && (o.org !== undefined || o.env !== undefined))
      throw new UsageError('--inherited lists what a repository may use', 'leave out --org and --env');
    const { base, scope } = await start(factory, c, o, { scope: inScope(o) });
    if (o.inherited && scope.kind !== 'repo')
      throw new UsageError('--inherited needs a repository', 'give --repo OWNER/REPO');
    await run({ ...base, scope, inherited: Boolean(o.inherited), limit });
  });
}

export async function runVariableList(o: VariableListOptions): Promise<void> {
  const client = await o.client();
  const opts = { limit: o.limit, raw: o.printer.takesRawJson };
  await printPages<ActionsVariableWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages:
      o.inherited && o.scope.kind === 'repo'
        ? client.listRepoOrganizationVariables(o.scope.repo, opts)
        : listVariables(client, o.scope, opts),
    columns: VARIABLE_COLUMNS.filter((c) => c.header !== 'visibility' || o.scope.kind === 'org'),
    limit: o.limit,
    noun: 'variables',
  });
}
