import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import { TOKEN_COLUMNS } from '../../columns.js';
import { type RunnerScope, runnerToken } from '../../scoped.js';
import { type RunsBase, type ScopeFlags, addRepoOrOrgOptions, inRunnerScope, start } from '../../shared.js';

export interface RunnerTokenOptions extends RunsBase {
  scope: RunnerScope;
}

/** `runner token register` and `runner token remove`: a one-hour token for the runner's config script. */
export function tokenCommand(
  factory: Factory,
  kind: 'register' | 'remove',
  run: (o: RunnerTokenOptions) => Promise<void>,
): Command {
  const what =
    kind === 'register'
      ? 'Create a token that registers a new self-hosted runner (valid one hour); the token is printed'
      : 'Create a token that removes a self-hosted runner from its configuration (valid one hour)';
  return addRepoOrOrgOptions(
    verbCommand(kind, what, [
      `ops runs runner token ${kind}`,
      `ops runs runner token ${kind} --org octo-org --field token`,
    ]),
  ).action(async (o: ScopeFlags, c: Command) => {
    const { base, scope } = await start(factory, c, o, { scope: inRunnerScope(o) });
    await run({ ...base, scope });
  });
}

export async function printToken(o: RunnerTokenOptions, kind: 'register' | 'remove'): Promise<void> {
  const token = await runnerToken(await o.client(), o.scope, kind);
  await o.printer.print(token, { columns: TOKEN_COLUMNS });
}
