import { completing } from '../../shared/complete.js';
import { Argument, type Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import {
  ListResolver,
  type TasksFlags,
  type TasksRunBase,
  checkTitle,
  parseListRef,
  start,
  listCandidates,
} from '../shared.js';
import { LIST_COLUMNS } from '../columns.js';

export interface ListsRenameOptions extends TasksRunBase {
  /** An id, an exact title or @default. */
  list: string;
  title: string;
}

export function listsRenameCommand(factory: Factory, run = runListsRename): Command {
  return verbCommand('rename', 'Give a task list a new title (a partial update: PATCH)', [
    'ops tasks lists rename Groceries "Weekly shop"',
    'ops tasks lists rename @default Inbox --json',
  ])
    .addArgument(
      completing(new Argument('<list>', 'the list: its id, its exact title or @default'), listCandidates),
    )
    .argument('<title>', 'the new title, at most 1,024 characters')
    .action(async (list: string, title: string, o: TasksFlags, c: Command) => {
      parseListRef(list);
      checkTitle(title, 'new title');
      const { base } = await start(factory, c, o);
      await run({ ...base, list, title });
    });
}

export async function runListsRename(o: ListsRenameOptions): Promise<void> {
  const client = await o.client();
  const id = await new ListResolver(client).resolve(o.list);
  await o.printer.print(await client.patchTasklist(id, { title: o.title }), { columns: LIST_COLUMNS });
}
