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
import { LIST_COLUMNS } from '../columns.js';

export interface ListsGetOptions extends TasksRunBase {
  /** An id, an exact title or @default. */
  list: string;
}

export function listsGetCommand(factory: Factory, run = runListsGet): Command {
  return tasksCommand('get', 'Show one task list')
    .argument('<list>', 'the list: its id, its exact title or @default')
    .addHelpText(
      'after',
      `
Examples:
  ops tasks lists get @default
  ops tasks lists get Groceries --json
  ops tasks lists get Work --field id`,
    )
    .action(async (list: string, o: TasksFlags, c: Command) => {
      parseListRef(list);
      const { base } = await start(factory, c, o);
      await run({ ...base, list });
    });
}

export async function runListsGet(o: ListsGetOptions): Promise<void> {
  const client = await o.client();
  const id = await new ListResolver(client).resolve(o.list);
  await o.printer.print(await client.getTasklist(id), { columns: LIST_COLUMNS });
}
