import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { WORKFLOW_COLUMNS } from '../columns.js';
import { type WorkflowStateOptions, stateCommand } from './state.js';

export function workflowEnableCommand(factory: Factory, run = runWorkflowEnable): Command {
  return stateCommand(factory, 'enable', run);
}

export async function runWorkflowEnable(o: WorkflowStateOptions): Promise<void> {
  const client = await o.client();
  await client.enableWorkflow(o.repo, o.workflow);
  await o.printer.print(await client.getWorkflow(o.repo, o.workflow), { columns: WORKFLOW_COLUMNS });
}
