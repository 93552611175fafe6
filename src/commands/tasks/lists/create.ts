import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type TasksFlags, type TasksRunBase, checkTitle, start } from '../shared.js';
import { LIST_COLUMNS } from '../columns.js';

export interface ListsCreateOptions extends TasksRunBase {
  title: string;
}

export function listsCreateCommand(factory: Factory, run = runListsCreate): Command {
  return verbCommand('create', 'Create a task list', [
    'ops tasks lists create "Holiday packing"',
    'ops tasks lists create Chores --field id',
  ])
    .argument('<title>', 'its title, at most 1,024 characters')
    .action(async (title: string, o: TasksFlags, c: Command) => {
      checkTitle(title);
      const { base } = await start(factory, c, o);
      await run({ ...base, title });
    });
}

export async function runListsCreate(o: ListsCreateOptions): Promise<void> {
  const list = await (await o.client()).insertTasklist({ title: o.title });
  await o.printer.print(list, { columns: LIST_COLUMNS });
}
