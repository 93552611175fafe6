import { Argument, type Command } from 'commander';
import type { Context } from '../../app/types.js';
import type { RepoRef } from '../../clients/runs/client.js';
import type { WorkflowRunWire } from '../../clients/runs/types.js';
import { DEFAULT_LIMIT } from '../shared/list-flags.js';
import { type Completer, completing } from '../shared/complete.js';
import { firstItems, pickOrRequire, pickableArgument } from '../shared/pick.js';
import { stateOf } from './columns.js';
import { type RunsBase, type ScopeFlags, inRepo, start } from './shared.js';

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

/** The recent runs a shell completes (`ops runs view <TAB>`): each id, with its workflow, branch and state. */
export const runCandidates: Completer = async (c) => {
  const { base, repo } = await start(c.factory, c.cmd, c.cmd.opts() as ScopeFlags, { scope: inRepo });
  const runs = await firstItems(
    (await base.client()).listWorkflowRunsForRepo(repo, {}, { limit: c.limit }),
    c.limit,
  );
  return runs.map((r) => ({
    value: String(r.id),
    description: [r.name, r.head_branch, stateOf(r)].filter(Boolean).join('  '),
  }));
};

const RUN_ID = 'the run id (on a terminal, chosen from a list when left out)';

/** The `[run-id]` a verb picks on a terminal when it is left out, completed from the recent runs. */
export const runArgument = (): Argument => completing(pickableArgument('run-id', RUN_ID), runCandidates);

/** The same, for a verb that can do without it (`rerun --job`). */
export const optionalRunArgument = (): Argument =>
  completing(new Argument('[run-id]', RUN_ID), runCandidates);

/** A `<run-id>` no picker asks for, completed from the recent runs. */
export const requiredRunArgument = (): Argument =>
  completing(new Argument('<run-id>', 'the run id'), runCandidates);
