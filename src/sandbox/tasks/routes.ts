import { type Operations, op } from '../core/anatomy.js';
import type { Reply, SandboxRequest } from '../core/framework.js';
import type { Gate } from '../core/gate.js';
import type { mountAuthServer } from '../core/oauth/mount.js';
import { changeList, deleteList, getList, insertList, listLists } from './lists.js';
import type { TasksKit, TasksState } from './state.js';
import type { UserRec } from './store.js';
import { changeTask, clearTasks, deleteTask, getTask, insertTask, listTasks, moveTask } from './tasks.js';

export interface Grant {
  user: string;
  write: boolean;
}

type Handler = (s: TasksState, user: UserRec, req: SandboxRequest) => Reply;

export interface TasksParts {
  auth: ReturnType<typeof mountAuthServer>;
  counts: Record<string, number>;
  gate: Gate<Grant, boolean>;
}

/** The 14 routes, by the client operation each serves (clients/tasks/client.ts). */
export function tasksRoutes(k: TasksKit, p: TasksParts): Operations {
  const guarded = (handler: Handler, change: boolean) =>
    p.gate.guard((req, grant) => handler(k.state(), k.state().user(grant.user), req), change);
  const LISTS = '/tasks/v1/users/@me/lists';
  const TASKS = '/tasks/v1/lists/:tasklist/tasks';
  return {
    listTasklists: op('GET', LISTS, guarded(listLists, false)),
    insertTasklist: op('POST', LISTS, guarded(insertList, true)),
    getTasklist: op('GET', `${LISTS}/:tasklist`, guarded(getList, false)),
    patchTasklist: op(
      'PATCH',
      `${LISTS}/:tasklist`,
      guarded((s, u, r) => changeList(s, u, r, false), true),
    ),
    updateTasklist: op(
      'PUT',
      `${LISTS}/:tasklist`,
      guarded((s, u, r) => changeList(s, u, r, true), true),
    ),
    deleteTasklist: op('DELETE', `${LISTS}/:tasklist`, guarded(deleteList, true)),
    clearTasks: op('POST', '/tasks/v1/lists/:tasklist/clear', guarded(clearTasks, true)),
    listTasks: op('GET', TASKS, guarded(listTasks, false)),
    insertTask: op('POST', TASKS, guarded(insertTask, true)),
    getTask: op('GET', `${TASKS}/:task`, guarded(getTask, false)),
    patchTask: op(
      'PATCH',
      `${TASKS}/:task`,
      guarded((s, u, r) => changeTask(s, u, r, false), true),
    ),
    updateTask: op(
      'PUT',
      `${TASKS}/:task`,
      guarded((s, u, r) => changeTask(s, u, r, true), true),
    ),
    deleteTask: op('DELETE', `${TASKS}/:task`, guarded(deleteTask, true)),
    moveTask: op('POST', `${TASKS}/:task/move`, guarded(moveTask, true)),
  };
}
