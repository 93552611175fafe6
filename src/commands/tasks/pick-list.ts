import type { Argument, Command } from 'commander';
import type { Context } from '../../app/types.js';
import type { TaskListWire } from '../../clients/tasks/types.js';
import { completing } from '../shared/complete.js';
import { firstItems, pickOrRequire, pickableArgument } from '../shared/pick.js';
import { type TasksRunBase, listCandidates } from './shared.js';

/** A task list chosen on the terminal from the user's lists (`ops tasks lists get` with no list). */
export async function pickList(ctx: Context, cmd: Command, base: TasksRunBase): Promise<string> {
  return pickOrRequire<TaskListWire>(ctx, cmd, {
    argument: 'list',
    what: 'task list',
    list: async () => firstItems((await base.client()).listTasklists()),
    label: (l) => `${l.title ?? ''}  ${l.id ?? ''}`,
    id: (l) => l.id ?? '',
  });
}

/** The `[list]` a verb picks on a terminal when it is left out, completed from the task lists. */
export const pickableListArgument = (description: string): Argument =>
  completing(pickableArgument('list', description), listCandidates);
