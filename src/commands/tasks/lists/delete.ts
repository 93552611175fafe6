import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import {
  ListResolver,
  type TasksFlags,
  type TasksRunBase,
  parseListRef,
  tasksCommand,
  start,
} from '../shared.js';
import { printDeleted } from '../../shared/outcome.js';

export interface ListsDeleteOptions extends TasksRunBase {
  /** An id or an exact title. */
  list: string;
  confirm: (action: string) => Promise<void>;
}

export function listsDeleteCommand(factory: Factory, run = runListsDelete): Command {
  return tasksCommand(
    'delete',
    'Delete a task list and every task in it (the default list cannot be deleted)',
  )
    .argument('<list>', 'the list: its id or its exact title')
    .addHelpText(
      'after',
      `
Examples:
  ops tasks lists delete "Reading list" --yes
  ops tasks lists delete Groceries -y`,
    )
    .action(async (list: string, o: TasksFlags, c: Command) => {
      parseListRef(list);
      const { ctx, base } = await start(factory, c, o);
      await run({ ...base, list, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runListsDelete(o: ListsDeleteOptions): Promise<void> {
  // Asked before any request: without a terminal and without --yes, nothing is sent.
  await o.confirm(`Delete task list "${o.list}" and all its tasks`);
  const client = await o.client();
  const id = await new ListResolver(client).resolve(o.list);
  await client.deleteTasklist(id);
  await printDeleted(o, 'task list', id);
}
