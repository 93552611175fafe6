import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import type { WorkflowWire } from '../../../clients/runs/types.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { WORKFLOW_COLUMNS } from '../columns.js';
import { type RunsBase, addRepoOption, inRepo, start } from '../shared.js';

export interface WorkflowListOptions extends RunsBase {
  repo: RepoRef;
  limit: number | undefined;
}

export function workflowListCommand(factory: Factory, run = runWorkflowList): Command {
  const cmd = verbCommand('list', 'List the workflows of the repository, with their state', [
    'ops runs workflow list',
    'ops runs workflow list --json --query "[?state==\'active\'].path"',
  ]);
  addListFlags(cmd);
  addRepoOption(cmd);
  return cmd.action(async (o: { repo?: string; limit?: string; all?: boolean }, c: Command) => {
    const { limit } = parseListFlags(o);
    const { base, repo } = await start(factory, c, o, { scope: inRepo });
    await run({ ...base, repo, limit });
  });
}

export async function runWorkflowList(o: WorkflowListOptions): Promise<void> {
  const client = await o.client();
  await printPages<WorkflowWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listRepoWorkflows(o.repo, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: WORKFLOW_COLUMNS,
    limit: o.limit,
    noun: 'workflows',
  });
}
