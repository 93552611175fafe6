import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { TaskWire } from '../../clients/tasks/types.js';
import { ApiError, OpsError, UsageError } from '../../errors.js';
import { readAllText } from '../../io.js';
import {
  ListResolver,
  type TasksFlags,
  type TasksRunBase,
  addListOption,
  checkNotes,
  checkTitle,
  dueDate,
  TASK_ID,
  parseId,
  start,
} from './shared.js';
import { TASK_DETAIL, taskColumns } from './columns.js';

export interface TasksAddOptions extends TasksRunBase {
  list: string;
  /** One title, or (with `-`) one per line of stdin. */
  titles: string[];
  /** True with `-`: the result is printed as a list. */
  many: boolean;
  notes: string | undefined;
  due: string | undefined;
  parent: string | undefined;
  previous: string | undefined;
}

interface Flags extends TasksFlags {
  notes?: string;
  due?: string;
  parent?: string;
  previous?: string;
}

/** The titles from `-` (stdin, one a line; blank lines skipped), each checked before any request. */
export function titlesFromText(text: string): string[] {
  const titles: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const title = line.trim();
    if (title !== '') titles.push(checkTitle(title, `title on line ${i + 1}`));
  });
  if (titles.length === 0) throw new UsageError('no titles on stdin', 'pipe one title a line');
  return titles;
}

export function tasksAddCommand(factory: Factory, run = runTasksAdd): Command {
  return addListOption(
    verbCommand('add', 'Add a task, or one task a line from stdin with -', [
      'ops tasks add "Buy stamps"',
      'ops tasks add "Book flights" --list Work --due +14d --notes "Aisle seat"',
      'ops tasks add "Confirm catering" --parent dDA6NA --previous dDA6NQ',
      "printf 'Bread\\nButter\\nJam\\n' | ops tasks add - --list Groceries",
    ]),
  )
    .argument('<title>', 'the title (at most 1,024 characters), or - to read one title a line from stdin')
    .option('--notes <text>', 'notes, at most 8,192 characters')
    .option('--due <date>', 'due date: 2026-05-01, an ISO time or relative (+3d); the service keeps the date')
    .option('--parent <task>', 'make it a subtask of this task')
    .option('--previous <task>', 'put it after this sibling (default: first)')
    .action(async (title: string, o: Flags, c: Command) => {
      const many = title === '-';
      const notes = o.notes === undefined ? undefined : checkNotes(o.notes);
      const due = o.due === undefined ? undefined : dueDate('--due', o.due);
      const parent = o.parent === undefined ? undefined : parseId('parent task id', o.parent, TASK_ID);
      const previous =
        o.previous === undefined ? undefined : parseId('previous task id', o.previous, TASK_ID);
      if (o.tokenStdin && many)
        throw new UsageError(
          '--token-stdin and - (titles on stdin) cannot both read stdin',
          'set the token with OPS_TASKS_TOKEN',
        );
      const titles = many ? titlesFromText(await readAllText(factory.io.stdin)) : [checkTitle(title)];
      const { base, list } = await start(factory, c, o);
      await run({ ...base, list, titles, many, notes, due, parent, previous });
    });
}

/**
 * Inserts the tasks in order: each after the one added before it, so the list shows them as given
 * (the service puts a task without `previous` first). What was added before a failure is printed.
 */
export async function runTasksAdd(o: TasksAddOptions): Promise<void> {
  const client = await o.client();
  const list = await new ListResolver(client).resolve(o.list);
  const added: TaskWire[] = [];
  let previous = o.previous;
  try {
    for (const title of o.titles) {
      const body: TaskWire = {
        title,
        ...(o.notes !== undefined ? { notes: o.notes } : {}),
        ...(o.due ? { due: o.due } : {}),
      };
      const task = await client.insertTask(list, body, { parent: o.parent, previous });
      added.push(task);
      previous = task.id;
    }
  } catch (err) {
    if (added.length === 0 || !(err instanceof OpsError)) throw err;
    await o.printer.print(added, { columns: taskColumns() });
    const message = `added ${added.length} of ${o.titles.length} tasks, then: ${err.message}`;
    if (err instanceof ApiError) throw new ApiError({ ...err, message, hint: err.hint });
    throw new OpsError(message, {
      exitCode: err.exitCode,
      code: err.code,
      cause: err,
      ...(err.hint ? { hint: err.hint } : {}),
    });
  }
  if (o.many) await o.printer.print(added, { columns: taskColumns() });
  else await o.printer.print(added[0]!, { columns: TASK_DETAIL });
}
