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
  start,
  taskIn,
} from './shared.js';
import { lookingFor } from '../../errors.js';
import { printDeleted } from '../shared/outcome.js';

export interface TasksDeleteOptions extends TasksRunBase {
  list: string;
  task: string;
  confirm: (action: string) => Promise<void>;
}

export function tasksDeleteCommand(factory: Factory, run = runTasksDelete): Command {
  return addListOption(
    verbCommand('delete', 'Delete a task and its subtasks (listed afterwards only with --show-deleted)', [
      'ops tasks delete dDA6Mw --yes',
      'ops tasks delete dDA6MTQ --list Groceries -y',
    ]),
  )
    .argument('<task>', 'the task id')
    .action(async (task: string, o: TasksFlags, c: Command) => {
      parseId('task id', task, TASK_ID);
      const { ctx, base, list } = await start(factory, c, o);
      await run({ ...base, list, task, confirm: (a) => ctx.confirm(a) });
    });
}

export async function runTasksDelete(o: TasksDeleteOptions): Promise<void> {
  // Asked before any request: without a terminal and without --yes, nothing is sent.
  await o.confirm(`Delete task ${o.task}`);
  const client = await o.client();
  const list = await new ListResolver(client).resolve(o.list);
  await lookingFor(taskIn(o.task, o.list), () => client.deleteTask(list, o.task));
  await printDeleted(o, 'task', o.task);
}
