import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import type { TaskWire } from '../../clients/tasks/types.js';
import { UsageError, lookingFor } from '../../errors.js';
import {
  ListResolver,
  type TasksFlags,
  type TasksRunBase,
  addListOption,
  checkNotes,
  checkTitle,
  TASK_ID,
  parseId,
  readJsonObject,
  start,
  taskIn,
} from './shared.js';
import { TASK_DETAIL } from './columns.js';

export interface TasksReplaceOptions extends TasksRunBase {
  list: string;
  task: string;
  /** The whole resource as sent; what it leaves out is cleared (the service ignores read-only fields). */
  body: TaskWire;
}

/** The limits and types the service checks, found here rather than in a 400. */
export function checkTaskBody(body: Record<string, unknown>, file: string): TaskWire {
  const where = `--file "${file}"`;
  for (const field of ['title', 'notes', 'due', 'completed', 'id'])
    if (body[field] !== undefined && typeof body[field] !== 'string')
      throw new UsageError(`${where}: "${field}" must be a string`);
  if (typeof body.title === 'string') checkTitle(body.title);
  if (typeof body.notes === 'string') checkNotes(body.notes, `"notes" in ${where}`);
  if (body.status !== undefined && body.status !== 'needsAction' && body.status !== 'completed')
    throw new UsageError(
      `${where}: invalid "status" ${JSON.stringify(body.status)}`,
      'give needsAction or completed',
    );
  if (body.deleted !== undefined && typeof body.deleted !== 'boolean')
    throw new UsageError(`${where}: "deleted" must be true or false`);
  return body as TaskWire;
}

export function tasksReplaceCommand(factory: Factory, run = runTasksReplace): Command {
  return addListOption(
    verbCommand('replace', 'Replace a task with a JSON resource (a full update: PUT)', [
      'ops tasks get dDA6Mg --json > task.json',
      'ops tasks replace dDA6Mg --file task.json',
      'echo \'{"title": "Renew passport"}\' | ops tasks replace dDA6Mg --file -',
    ]),
  )
    .argument('<task>', 'the task id')
    .requiredOption('--file <file>', 'the task as JSON, or - for stdin; fields left out are cleared')
    .action(async (task: string, o: TasksFlags & { file: string }, c: Command) => {
      parseId('task id', task, TASK_ID);
      if (o.file === '-' && o.tokenStdin)
        throw new UsageError(
          '--token-stdin and --file - cannot both read stdin',
          'set the token with OPS_TASKS_TOKEN',
        );
      const body = checkTaskBody(await readJsonObject(factory.io, o.file), o.file);
      if (body.id !== undefined && body.id !== task)
        throw new UsageError(
          `--file "${o.file}" is task ${body.id}, not ${task}`,
          'give the id the file holds',
        );
      const { base, list } = await start(factory, c, o);
      await run({ ...base, list, task, body });
    });
}

export async function runTasksReplace(o: TasksReplaceOptions): Promise<void> {
  const client = await o.client();
  const list = await new ListResolver(client).resolve(o.list);
  const task = await lookingFor(taskIn(o.task, o.list), () => client.updateTask(list, o.task, o.body));
  await o.printer.print(task, { columns: TASK_DETAIL });
}
