import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { WORKFLOW_COLUMNS } from '../columns.js';
import { type WorkflowStateOptions, stateCommand } from './state.js';

export function workflowDisableCommand(factory: Factory, run = runWorkflowDisable): Command {
  return stateCommand(factory, 'disable', run);
}

export async function runWorkflowDisable(o: WorkflowStateOptions): Promise<void> {
  const client = await o.client();
  await client.disableWorkflow(o.repo, o.workflow);
  await o.printer.print(await client.getWorkflow(o.repo, o.workflow), { columns: WORKFLOW_COLUMNS });
}
