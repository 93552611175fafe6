import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import { requireOrPick } from '../../shared/pick.js';
import { pickList, pickableListArgument } from '../pick-list.js';
import type { Factory } from '../../../app/types.js';
import { ListResolver, type TasksFlags, type TasksRunBase, parseListRef, start } from '../shared.js';
import { LIST_COLUMNS } from '../columns.js';

export interface ListsGetOptions extends TasksRunBase {
  /** An id, an exact title or @default. */
  list: string;
  /** The list's id, chosen in the picker: known to exist, not looked up again. */
  picked?: boolean;
}

export function listsGetCommand(factory: Factory, run = runListsGet): Command {
  return verbCommand('get', 'Show one task list', [
    'ops tasks lists get @default',
    'ops tasks lists get Groceries --json',
    'ops tasks lists get Work --field id',
  ])
    .addArgument(
      pickableListArgument(
        'the list: its id, its exact title or @default (on a terminal, chosen when left out)',
      ),
    )
    .action(async (given: string | undefined, o: TasksFlags, c: Command) => {
      requireOrPick(factory.io, c, 'list', given);
      if (given !== undefined) parseListRef(given);
      const { ctx, base } = await start(factory, c, o);
      const list = given ?? (await pickList(ctx, c, base));
      await run({ ...base, list, ...(given === undefined ? { picked: true } : {}) });
    });
}

export async function runListsGet(o: ListsGetOptions): Promise<void> {
  const client = await o.client();
  const id = o.picked ? o.list : await new ListResolver(client).resolve(o.list);
  await o.printer.print(await client.getTasklist(id), { columns: LIST_COLUMNS });
}
