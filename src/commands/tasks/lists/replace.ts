import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import { requireOrPick } from '../../shared/pick.js';
import { pickList, pickableListArgument } from '../pick-list.js';
import type { Factory } from '../../../app/types.js';
import type { TaskListWire } from '../../../clients/tasks/types.js';
import { UsageError } from '../../../errors.js';
import {
  ListResolver,
  type TasksFlags,
  type TasksRunBase,
  checkTitle,
  readJsonObject,
  parseListRef,
  start,
} from '../shared.js';
import { LIST_COLUMNS } from '../columns.js';

export interface ListsReplaceOptions extends TasksRunBase {
  /** An id, an exact title or @default. */
  list: string;
  /** The list's id, chosen in the picker: known to exist, not looked up again. */
  picked?: boolean;
  /** The whole resource as sent (the service ignores its read-only fields). */
  body: TaskListWire;
}

/** The body of a PUT: a title is required, since the resource is replaced by what is sent. */
export function checkListBody(body: Record<string, unknown>, file: string): TaskListWire {
  if (typeof body.title !== 'string')
    throw new UsageError(`--file "${file}" has no "title" string`, 'a task list needs a title');
  checkTitle(body.title);
  return body as TaskListWire;
}

export function listsReplaceCommand(factory: Factory, run = runListsReplace): Command {
  return verbCommand('replace', 'Replace a task list with a JSON resource (a full update: PUT)', [
    'ops tasks lists get Work --json > work.json',
    'ops tasks lists replace Work --file work.json',
    'echo \'{"title": "Errands"}\' | ops tasks lists replace Groceries --file -',
  ])
    .addArgument(
      pickableListArgument(
        'the list: its id, its exact title or @default (on a terminal, chosen when left out)',
      ),
    )
    .requiredOption('--file <file>', 'the task list as JSON, or - for stdin (read-only fields are ignored)')
    .action(async (given: string | undefined, o: TasksFlags & { file: string }, c: Command) => {
      requireOrPick(factory.io, c, 'list', given);
      if (given !== undefined) parseListRef(given);
      if (o.file === '-' && o.tokenStdin)
        throw new UsageError(
          '--token-stdin and --file - cannot both read stdin',
          'set the token with OPS_TASKS_TOKEN',
        );
      const body = checkListBody(await readJsonObject(factory.io, o.file), o.file);
      const { ctx, base } = await start(factory, c, o);
      const list = given ?? (await pickList(ctx, c, base));
      await run({ ...base, list, ...(given === undefined ? { picked: true } : {}), body });
    });
}

export async function runListsReplace(o: ListsReplaceOptions): Promise<void> {
  const client = await o.client();
  const id = o.picked ? o.list : await new ListResolver(client).resolve(o.list);
  await o.printer.print(await client.updateTasklist(id, o.body), { columns: LIST_COLUMNS });
}
