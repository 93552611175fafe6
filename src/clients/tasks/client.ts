import { type ListOptions, type Page, listPages } from '../http/paginate.js';
import type { RawJson } from '../http/raw-json.js';
import type { HttpClient, QueryValue, RequestSpec } from '../http/types.js';
import { route } from '../http/url.js';
import { taskPages } from './pages.js';
import type { ListTasksQuery, MoveTaskQuery, TaskListWire, TaskPlacement, TaskWire } from './types.js';

type Pages<T> = AsyncGenerator<Page<T | RawJson>>;
/** What the task-list API adds to a list's options. */
interface PageSize {
  /** Page size (`maxResults`); by default the paginator picks it from the limit. */
  maxResults?: number | undefined;
}

/** One method per operation of the task-list API (seed 001 B), named after the discovery ids. */
export interface TasksClient {
  /** tasklists.list, page by page. */
  listTasklists(opts?: ListOptions & PageSize): Pages<TaskListWire>;
  /** tasklists.get. */
  getTasklist(tasklist: string): Promise<TaskListWire>;
  /** tasklists.insert. */
  insertTasklist(body: TaskListWire): Promise<TaskListWire>;
  /** tasklists.patch: only the fields given change. */
  patchTasklist(tasklist: string, body: TaskListWire): Promise<TaskListWire>;
  /** tasklists.update: the whole resource is replaced by the body. */
  updateTasklist(tasklist: string, body: TaskListWire): Promise<TaskListWire>;
  /** tasklists.delete. */
  deleteTasklist(tasklist: string): Promise<void>;
  /** tasks.list, page by page. */
  listTasks(tasklist: string, query?: ListTasksQuery, opts?: ListOptions & PageSize): Pages<TaskWire>;
  /** tasks.get. */
  getTask(tasklist: string, task: string): Promise<TaskWire>;
  /** tasks.insert, under `parent` and after `previous` when given. */
  insertTask(tasklist: string, body: TaskWire, placement?: TaskPlacement): Promise<TaskWire>;
  /** tasks.patch. */
  patchTask(tasklist: string, task: string, body: TaskWire): Promise<TaskWire>;
  /** tasks.update. */
  updateTask(tasklist: string, task: string, body: TaskWire): Promise<TaskWire>;
  /** tasks.delete: the task is marked deleted. */
  deleteTask(tasklist: string, task: string): Promise<void>;
  /** tasks.clear: completed tasks of the list become hidden. */
  clearTasks(tasklist: string): Promise<void>;
  /** tasks.move: to another position, parent or list. */
  moveTask(tasklist: string, task: string, query?: MoveTaskQuery): Promise<TaskWire>;
}

/** Leaves out what was not asked for, so the API's own defaults apply. */
function defined(q: object): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') out[k] = v as QueryValue;
  return out;
}

export function createTasksClient(http: HttpClient): TasksClient {
  async function send<T>(spec: RequestSpec): Promise<T> {
    return (await http.request<T>(spec)).data;
  }
  function pages<T>(first: RequestSpec, opts: ListOptions & PageSize): Pages<T> {
    const spec = opts.maxResults
      ? { ...first, query: { ...first.query, maxResults: opts.maxResults } }
      : first;
    return listPages<T, ListOptions>(http, spec, taskPages<T>(), 'items', opts);
  }
  const list = (tasklist: string) => route`/tasks/v1/users/@me/lists/${tasklist}`;
  const task = (tasklist: string, id: string) => route`/tasks/v1/lists/${tasklist}/tasks/${id}`;

  return {
    listTasklists: (opts = {}) =>
      pages({ method: 'GET', path: '/tasks/v1/users/@me/lists', query: {} }, opts),
    getTasklist: async (tasklist) => send({ method: 'GET', path: list(tasklist), expect: 'object' }),
    insertTasklist: async (body) => send({ method: 'POST', path: '/tasks/v1/users/@me/lists', body }),
    // A PATCH changes only the fields sent, so sending it again gives the same list (or task).
    patchTasklist: async (tasklist, body) =>
      send({ method: 'PATCH', path: list(tasklist), body, idempotent: true }),
    updateTasklist: async (tasklist, body) => send({ method: 'PUT', path: list(tasklist), body }),
    async deleteTasklist(tasklist) {
      await send({ method: 'DELETE', path: list(tasklist) });
    },
    listTasks: (tasklist, query = {}, opts = {}) =>
      pages({ method: 'GET', path: route`/tasks/v1/lists/${tasklist}/tasks`, query: defined(query) }, opts),
    getTask: async (tasklist, id) => send({ method: 'GET', path: task(tasklist, id), expect: 'object' }),
    insertTask: async (tasklist, body, placement = {}) =>
      send({
        method: 'POST',
        path: route`/tasks/v1/lists/${tasklist}/tasks`,
        query: defined(placement),
        body,
      }),
    patchTask: async (tasklist, id, body) =>
      send({ method: 'PATCH', path: task(tasklist, id), body, idempotent: true }),
    updateTask: async (tasklist, id, body) => send({ method: 'PUT', path: task(tasklist, id), body }),
    async deleteTask(tasklist, id) {
      await send({ method: 'DELETE', path: task(tasklist, id) });
    },
    async clearTasks(tasklist) {
      // Hiding the completed tasks twice leaves the same state: safe to send again.
      await send({ method: 'POST', path: route`/tasks/v1/lists/${tasklist}/clear`, idempotent: true });
    },
    moveTask: async (tasklist, id, query = {}) =>
      send({ method: 'POST', path: `${task(tasklist, id)}/move`, query: defined(query), idempotent: true }),
  };
}
