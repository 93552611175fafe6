import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import { type RunsBase, addRepoOption, inRepo, parseWorkflow, start } from '../shared.js';
import { verbCommand } from '../../shared/verbs.js';

export interface WorkflowStateOptions extends RunsBase {
  repo: RepoRef;
  workflow: number | string;
}

/** `workflow enable` and `workflow disable`: one PUT, then the workflow as it now is. */
export function stateCommand(
  factory: Factory,
  name: 'enable' | 'disable',
  run: (o: WorkflowStateOptions) => Promise<void>,
): Command {
  const what =
    name === 'disable'
      ? 'Disable a workflow: no event starts it until it is enabled (state disabled_manually)'
      : 'Enable a disabled workflow again (state active)';
  const example = name === 'disable' ? 'ci.yml' : 'nightly.yml';
  return addRepoOption(
    verbCommand(name, what, [
      `ops runs workflow ${name} ${example}`,
      `ops runs workflow ${name} 161337 --json`,
    ]).argument('<workflow>', 'its id or file name (ci.yml)'),
  ).action(async (raw: string, o: { repo?: string }, c: Command) => {
    const workflow = parseWorkflow(raw);
    const { base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({ ...base, repo, workflow });
  });
}
