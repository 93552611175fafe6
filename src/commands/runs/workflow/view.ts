import { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import { WORKFLOW_COLUMNS } from '../columns.js';
import { type RunsBase, addRepoOption, inRepo, parseWorkflow, start } from '../shared.js';

export interface WorkflowViewOptions extends RunsBase {
  repo: RepoRef;
  workflow: number | string;
}

export function workflowViewCommand(factory: Factory, run = runWorkflowView): Command {
  return addRepoOption(
    new Command('view').description('Show a workflow').argument('<workflow>', 'its id or file name (ci.yml)'),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  ops runs workflow view ci.yml\n  ops runs workflow view 161335 --field state',
    )
    .action(async (raw: string, o: { repo?: string }, c: Command) => {
      const workflow = parseWorkflow(raw);
      const { base, repo } = await start(factory, c, o, { scope: inRepo });
      await run({ ...base, repo, workflow });
    });
}

export async function runWorkflowView(o: WorkflowViewOptions): Promise<void> {
  const wf = await (await o.client()).getWorkflow(o.repo, o.workflow);
  await o.printer.print(wf, { columns: WORKFLOW_COLUMNS });
}
