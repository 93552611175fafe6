import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import {
  ListResolver,
  type TasksFlags,
  type TasksRunBase,
  addListOption,
  TASK_ID,
  parseId,
  parseListRef,
  start,
  taskIn,
} from './shared.js';
import { TASK_DETAIL } from './columns.js';
import { lookingFor } from '../../errors.js';

export interface TasksMoveOptions extends TasksRunBase {
  list: string;
  task: string;
  parent: string | undefined;
  previous: string | undefined;
  /** Another list (id, exact title or @default); parent and previous then name tasks there. */
  toList: string | undefined;
}

interface Flags extends TasksFlags {
  parent?: string;
  previous?: string;
  toList?: string;
}

export function tasksMoveCommand(factory: Factory, run = runTasksMove): Command {
  return addListOption(
    verbCommand(
      'move',
      'Move a task: under --parent (else to the top level), after --previous (else first), into --to-list',
      [
        'ops tasks move dDA6Mw --previous dDA6NA',
        'ops tasks move dDA6Mg --parent dDA6NA --previous dDA6Nw',
        'ops tasks move dDA6MTM --list Groceries --to-list Work',
      ],
    ),
  )
    .argument('<task>', 'the task id')
    .option('--parent <task>', 'the new parent task (it must not be hidden)')
    .option('--previous <task>', 'the sibling to follow (it must not be hidden)')
    .option('--to-list <list>', 'move it, with its subtasks, into this list: id, exact title or @default')
    .action(async (task: string, o: Flags, c: Command) => {
      parseId('task id', task, TASK_ID);
      const parent = o.parent === undefined ? undefined : parseId('parent task id', o.parent, TASK_ID);
      const previous =
        o.previous === undefined ? undefined : parseId('previous task id', o.previous, TASK_ID);
      const toList = o.toList === undefined ? undefined : parseListRef(o.toList, '--to-list');
      const { base, list } = await start(factory, c, o);
      await run({ ...base, list, task, parent, previous, toList });
    });
}

export async function runTasksMove(o: TasksMoveOptions): Promise<void> {
  const client = await o.client();
  const lists = new ListResolver(client);
  const list = await lists.resolve(o.list);
  const to = o.toList === undefined ? undefined : await lists.resolve(o.toList);
  const task = await lookingFor(taskIn(o.task, o.list), () =>
    client.moveTask(list, o.task, { parent: o.parent, previous: o.previous, destinationTasklist: to }),
  );
  await o.printer.print(task, { columns: TASK_DETAIL });
}
