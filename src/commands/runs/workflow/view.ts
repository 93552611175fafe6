import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { RepoRef } from '../../../clients/runs/client.js';
import { openWeb } from '../../shared/browser.js';
import { WORKFLOW_COLUMNS } from '../columns.js';
import { type RunsBase, addRepoOption, inRepo, parseWorkflow, start } from '../shared.js';

export interface WorkflowViewOptions extends RunsBase {
  repo: RepoRef;
  workflow: number | string;
  /** `--web`: open the workflow's page (its html_url) instead of printing it. */
  web?: (url: string) => Promise<void>;
}

export function workflowViewCommand(factory: Factory, run = runWorkflowView): Command {
  return addRepoOption(
    verbCommand('view', 'Show a workflow', [
      'ops runs workflow view ci.yml',
      'ops runs workflow view 161335 --field state',
      'ops runs workflow view ci.yml --web',
    ])
      .argument('<workflow>', 'its id or file name (ci.yml)')
      .option('--web', "open the workflow's page in a browser (the address is printed if none opens)"),
  ).action(async (raw: string, o: { repo?: string; web?: boolean }, c: Command) => {
    const workflow = parseWorkflow(raw);
    const { ctx, base, repo } = await start(factory, c, o, { scope: inRepo });
    const web = o.web ? (url: string) => openWeb(ctx, url) : undefined;
    await run({ ...base, repo, workflow, web });
  });
}

export async function runWorkflowView(o: WorkflowViewOptions): Promise<void> {
  const wf = await (await o.client()).getWorkflow(o.repo, o.workflow);
  if (o.web) return o.web(wf.html_url);
  await o.printer.print(wf, { columns: WORKFLOW_COLUMNS });
}
