import type { Command } from 'commander';
import type { Context } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import type { WorkflowRunWire } from '../../clients/runs/types.js';
import { DEFAULT_LIMIT } from '../shared/list-options.js';
import { firstItems, pickOrRequire } from '../shared/pick.js';
import { stateOf } from './columns.js';
import type { RunsBase } from './shared.js';

/** A run chosen on the terminal from the repository's recent runs (`ops runs view` with no run id). */
export async function pickRun(ctx: Context, cmd: Command, base: RunsBase, repo: RepoRef): Promise<number> {
  const id = await pickOrRequire<WorkflowRunWire>(ctx, cmd, {
    argument: 'run-id',
    what: 'run',
    list: async () =>
      firstItems((await base.client()).listWorkflowRunsForRepo(repo, {}, { limit: DEFAULT_LIMIT })),
    label: (r) => `${stateOf(r)}  ${r.display_title}  ${r.name} · ${r.head_branch ?? ''}  ${r.id}`,
    id: (r) => String(r.id),
  });
  return Number(id);
}
