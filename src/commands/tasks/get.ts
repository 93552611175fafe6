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
import { TASK_DETAIL } from './columns.js';
import { lookingFor } from '../../errors.js';

export interface TasksGetOptions extends TasksRunBase {
  list: string;
  task: string;
}

export function tasksGetCommand(factory: Factory, run = runTasksGet): Command {
  return addListOption(
    verbCommand('get', 'Show one task (deleted and hidden ones too)', [
      'ops tasks get dDA6Mg',
      'ops tasks get dDA6Mg --json',
      'ops tasks get dDA6MTQ --list Groceries --field notes',
    ]),
  )
    .argument('<task>', 'the task id')
    .action(async (task: string, o: TasksFlags, c: Command) => {
      parseId('task id', task, TASK_ID);
      const { base, list } = await start(factory, c, o);
      await run({ ...base, list, task });
    });
}

export async function runTasksGet(o: TasksGetOptions): Promise<void> {
  const client = await o.client();
  const list = await new ListResolver(client).resolve(o.list);
  const task = await lookingFor(taskIn(o.task, o.list), () => client.getTask(list, o.task));
  await o.printer.print(task, { columns: TASK_DETAIL });
}
