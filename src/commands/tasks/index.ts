import type { Command } from 'commander';
import { TASK_FIELDS } from '../../clients/tasks/types.js';
import type { Factory } from '../../app/types.js';
import { TASK_LIST_FIELDS } from '../../clients/tasks/types.js';
import { tasksAddCommand } from './add.js';
import { tasksClearCommand } from './clear.js';
import { tasksCompleteCommand } from './complete.js';
import { tasksDeleteCommand } from './delete.js';
import { tasksGetCommand } from './get.js';
import { tasksListCommand } from './list.js';
import { tasksLoginCommand } from './login.js';
import { listsCreateCommand } from './lists/create.js';
import { listsDeleteCommand } from './lists/delete.js';
import { listsGetCommand } from './lists/get.js';
import { listsListCommand } from './lists/list.js';
import { listsRenameCommand } from './lists/rename.js';
import { listsReplaceCommand } from './lists/replace.js';
import { tasksMoveCommand } from './move.js';
import { tasksReopenCommand } from './reopen.js';
import { tasksReplaceCommand } from './replace.js';
import { tasksUpdateCommand } from './update.js';
import { addVerbs, destructive, read, write, groupCommand } from '../shared/verbs.js';

/** `ops tasks`: task lists and tasks (seed 001 B). */
export function register(parent: Command, factory: Factory): void {
  const tasks = groupCommand(
    parent,
    'tasks',
    'Task lists and tasks: list, add, update, complete, move, clear',
    [
      'ops tasks lists list',
      'ops tasks list --list Groceries',
      'ops tasks add "Buy stamps" --due +2d',
      'ops tasks complete dDA6Mw',
      'ops tasks login',
    ],
  );
  const lists = groupCommand(tasks, 'lists', 'Task lists: list, get, create, rename, replace, delete', [
    'ops tasks lists list',
    'ops tasks lists create Chores',
  ]);

  addVerbs(
    lists,
    {
      list: read(listsListCommand, { list: true, fields: TASK_LIST_FIELDS }),
      get: read(listsGetCommand, { fields: TASK_LIST_FIELDS }),
      create: write(listsCreateCommand),
      rename: write(listsRenameCommand, { idempotent: true }),
      replace: write(listsReplaceCommand, { idempotent: true }),
      delete: destructive(listsDeleteCommand),
    },
    factory,
  );
  addVerbs(
    tasks,
    {
      list: read(tasksListCommand, { list: true, fields: TASK_FIELDS }),
      get: read(tasksGetCommand, { fields: TASK_FIELDS }),
      add: write(tasksAddCommand),
      update: write(tasksUpdateCommand, { idempotent: true }),
      replace: write(tasksReplaceCommand, { idempotent: true }),
      complete: write(tasksCompleteCommand, { idempotent: true }),
      reopen: write(tasksReopenCommand, { idempotent: true }),
      delete: destructive(tasksDeleteCommand),
      move: write(tasksMoveCommand),
      clear: write(tasksClearCommand, { asks: true }),
      login: write(tasksLoginCommand),
    },
    factory,
  );
}

/** `ops sandbox demo` steps: read-only, each succeeds against a fresh sandbox. */
export const demo: Array<{ title: string; argv: string[] }> = [
  { title: 'Task lists of the sandbox user', argv: ['tasks', 'lists', 'list'] },
  {
    title: 'Open tasks of the default list, subtasks under their parent',
    argv: ['tasks', 'list', '--no-show-completed'],
  },
];
