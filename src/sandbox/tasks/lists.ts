import { type Reply, type SandboxRequest, empty, json } from '../core/framework.js';
import { listInput } from './body.js';
import { fail, invalid } from './errors.js';
import { makeToken, pageSize, readToken, scopeOf } from './query.js';
import { LIMITS, type TasksState } from './state.js';
import { type UserRec, hash } from './store.js';
import { listWire, origin } from './wire.js';
import { pageAt } from '../core/paging.js';

/** tasklists.list: default and largest page 1,000 (reference §B.3, current revision). */
export function listLists(_s: TasksState, user: UserRec, req: SandboxRequest): Reply {
  const size = pageSize(req.query, 1000, 1000);
  const scope = scopeOf('lists', req.query, user.name);
  const offset = readToken(req.query, scope);
  const page = pageAt(user.lists, offset, size);
  const items = page.items.map((l) => listWire(l, origin(req)));
  const next = page.next === undefined ? undefined : makeToken(scope, page.next);
  return json(200, {
    kind: 'tasks#taskLists',
    etag: `"${hash(`${offset} ${items.map((i) => i.etag).join()}`)}"`,
    ...(next ? { nextPageToken: next } : {}),
    ...(items.length ? { items } : {}),
  });
}

export function getList(s: TasksState, user: UserRec, req: SandboxRequest): Reply {
  return json(200, listWire(s.list(user, req.params.tasklist!), origin(req)));
}

export function insertList(s: TasksState, user: UserRec, req: SandboxRequest): Reply {
  const input = listInput(req);
  if (!input.title) throw invalid('Invalid value for title: a task list needs a title');
  if (user.lists.length >= LIMITS.lists)
    throw fail(400, 'limitExceeded', `Limit exceeded: a user can have at most ${LIMITS.lists} task lists`);
  const list = {
    id: s.newId('list', user),
    title: input.title,
    updated: s.now(),
    version: 1,
    tasks: new Map(),
  };
  user.lists.push(list);
  return json(200, listWire(list, origin(req)));
}

/** PATCH changes the fields sent; PUT replaces the resource, so its title is required. */
export function changeList(s: TasksState, user: UserRec, req: SandboxRequest, replace: boolean): Reply {
  const list = s.list(user, req.params.tasklist!);
  const input = listInput(req);
  if (input.id !== undefined && input.id !== list.id)
    throw invalid(`Invalid value for id: "${input.id}" is not the task list in the path`);
  if (input.title === '' || input.title === null || (replace && input.title === undefined))
    throw invalid('Invalid value for title: a task list needs a title');
  if (input.title !== undefined) list.title = input.title;
  list.updated = s.now();
  list.version++;
  return json(200, listWire(list, origin(req)));
}

/** tasklists.delete: the list and its tasks are gone; the default list cannot be deleted. */
export function deleteList(s: TasksState, user: UserRec, req: SandboxRequest): Reply {
  const list = s.list(user, req.params.tasklist!);
  if (list === user.lists[0])
    throw invalid('Invalid value for tasklist: the default task list cannot be deleted');
  user.lists = user.lists.filter((l) => l !== list);
  return empty(204);
}
