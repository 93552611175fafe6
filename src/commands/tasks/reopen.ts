import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { type TasksCompleteOptions, setStatus, statusCommand } from './complete.js';

export type TasksReopenOptions = TasksCompleteOptions;

export function tasksReopenCommand(factory: Factory, run = runTasksReopen): Command {
  return statusCommand(factory, 'reopen', run);
}

/** Status back to needsAction: the service clears `completed` (and `hidden`, for a cleared task). */
export function runTasksReopen(o: TasksReopenOptions): Promise<void> {
  return setStatus(o, 'needsAction');
}
