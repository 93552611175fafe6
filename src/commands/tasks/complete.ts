import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import type { TaskStatus } from '../../clients/tasks/types.js';
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
import { verbCommand } from '../shared/verbs.js';

export interface TasksCompleteOptions extends TasksRunBase {
  list: string;
  task: string;
}

/** `complete` and `reopen`: a PATCH of the status; the service sets or clears `completed`. */
export function statusCommand(
  factory: Factory,
  verb: 'complete' | 'reopen',
  run: (o: TasksCompleteOptions) => Promise<void>,
): Command {
  const examples =
    verb === 'complete'
      ? ['ops tasks complete dDA6Mw', 'ops tasks complete dDA6MTM --list Groceries --json']
      : ['ops tasks reopen dDA6OA', 'ops tasks reopen dDA6Ng --field status'];
  return addListOption(
    verbCommand(
      verb,
      verb === 'complete' ? 'Mark a task completed' : 'Mark a completed task as needing action again',
      examples,
    ),
  )
    .argument('<task>', 'the task id')
    .action(async (task: string, o: TasksFlags, c: Command) => {
      parseId('task id', task, TASK_ID);
      const { base, list } = await start(factory, c, o);
      await run({ ...base, list, task });
    });
}

export async function setStatus(o: TasksCompleteOptions, status: TaskStatus): Promise<void> {
  const client = await o.client();
  const list = await new ListResolver(client).resolve(o.list);
  const task = await lookingFor(taskIn(o.task, o.list), () => client.patchTask(list, o.task, { status }));
  await o.printer.print(task, { columns: TASK_DETAIL });
}

export function tasksCompleteCommand(factory: Factory, run = runTasksComplete): Command {
  return statusCommand(factory, 'complete', run);
}

export function runTasksComplete(o: TasksCompleteOptions): Promise<void> {
  return setStatus(o, 'completed');
}
