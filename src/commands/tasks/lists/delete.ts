import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import { requireFirst, requireOrPick } from '../../shared/pick.js';
import { pickList, pickableListArgument } from '../pick-list.js';
import type { Factory } from '../../../app/types.js';
import { ListResolver, type TasksFlags, type TasksRunBase, parseListRef, start } from '../shared.js';
import { printDeleted } from '../../shared/outcome.js';

export interface ListsDeleteOptions extends TasksRunBase {
  /** An id or an exact title. */
  list: string;
  /** The list's id, chosen in the picker: known to exist, not looked up again. */
  picked?: boolean;
  confirm: (action: string) => Promise<void>;
}

export function listsDeleteCommand(factory: Factory, run = runListsDelete): Command {
  return verbCommand(
    'delete',
    'Delete a task list and every task in it (the default list cannot be deleted)',
    ['ops tasks lists delete "Reading list" --yes', 'ops tasks lists delete Groceries -y'],
  )
    .addArgument(
      pickableListArgument('the list: its id or its exact title (on a terminal, chosen when left out)'),
    )
    .hook('preAction', requireFirst(factory.io, 'list'))
    .action(async (given: string | undefined, o: TasksFlags, c: Command) => {
      requireOrPick(factory.io, c, 'list', given);
      if (given !== undefined) parseListRef(given);
      const { ctx, base } = await start(factory, c, o);
      const list = given ?? (await pickList(ctx, c, base));
      await run({
        ...base,
        list,
        ...(given === undefined ? { picked: true } : {}),
        confirm: (a) => ctx.confirm(a),
      });
    });
}

export async function runListsDelete(o: ListsDeleteOptions): Promise<void> {
  // Asked before any request: without a terminal and without --yes, nothing is sent.
  await o.confirm(`Delete task list "${o.list}" and all its tasks`);
  const client = await o.client();
  const id = o.picked ? o.list : await new ListResolver(client).resolve(o.list);
  await client.deleteTasklist(id);
  await printDeleted(o, 'task list', id);
}
