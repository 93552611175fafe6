import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { TaskStatus, TaskWire } from '../../clients/tasks/types.js';
import { UsageError, lookingFor } from '../../errors.js';
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
  taskIn,
} from './shared.js';
import { TASK_DETAIL } from './columns.js';
import { choiceOption } from '../shared/choices.js';
import { clockNow } from '../../clock.js';

export interface TasksUpdateOptions extends TasksRunBase {
  list: string;
  task: string;
  /** The fields to change; `null` clears notes or due. */
  patch: { title?: string; notes?: string | null; due?: string | null; status?: TaskStatus };
}

interface Flags extends TasksFlags {
  title?: string;
  notes?: string;
  due?: string;
  status?: string;
}

/** Only the fields given are sent (PATCH); an empty --notes or --due clears that field. */
export function parseUpdateFlags(o: Flags, now = clockNow()): TasksUpdateOptions['patch'] {
  const patch: TasksUpdateOptions['patch'] = {};
  if (o.title !== undefined) patch.title = checkTitle(o.title, '--title');
  if (o.notes !== undefined) patch.notes = o.notes === '' ? null : checkNotes(o.notes);
  if (o.due !== undefined) patch.due = o.due === '' ? null : dueDate('--due', o.due, now);
  if (o.status !== undefined) {
    if (o.status !== 'needsAction' && o.status !== 'completed')
      throw new UsageError(`invalid --status "${o.status}"`, 'give needsAction or completed');
    patch.status = o.status;
  }
  if (Object.keys(patch).length === 0)
    throw new UsageError('nothing to update', 'give --title, --notes, --due or --status');
  return patch;
}

export function tasksUpdateCommand(factory: Factory, run = runTasksUpdate): Command {
  return addListOption(
    verbCommand('update', 'Change some fields of a task (a partial update: PATCH)', [
      'ops tasks update dDA6Mw --title "Book dentist check-up" --due +5d',
      'ops tasks update dDA6Mg --notes ""',
      'ops tasks update dDA6MTc --list Work --status completed --json',
    ]),
  )
    .argument('<task>', 'the task id')
    .option('--title <text>', 'new title, at most 1,024 characters')
    .option('--notes <text>', 'new notes, at most 8,192 characters ("" clears them)')
    .option('--due <date>', 'new due date: 2026-05-01, an ISO time or relative (+3d) ("" clears it)')
    .addOption(choiceOption('--status <status>', 'needsAction or completed', ['needsAction', 'completed']))
    .action(async (task: string, o: Flags, c: Command) => {
      parseId('task id', task, TASK_ID);
      const patch = parseUpdateFlags(o);
      const { base, list } = await start(factory, c, o);
      await run({ ...base, list, task, patch });
    });
}

export async function runTasksUpdate(o: TasksUpdateOptions): Promise<void> {
  const client = await o.client();
  const list = await new ListResolver(client).resolve(o.list);
  const task = await lookingFor(taskIn(o.task, o.list), () =>
    client.patchTask(list, o.task, o.patch as TaskWire),
  );
  await o.printer.print(task, { columns: TASK_DETAIL });
}
