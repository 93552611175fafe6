import { type Reply, type SandboxRequest, empty, json } from '../core/framework.js';
import { type TaskInput, taskInput } from './body.js';
import { invalid } from './errors.js';
import { bool, bound, makeToken, pageSize, readToken, scopeOf } from './query.js';
import type { TasksState } from './state.js';
import {
  type ListRec,
  type TaskRec,
  type UserRec,
  dateOnly,
  hash,
  placeAfter,
  siblings,
  subtree,
  treeOrder,
} from './store.js';
import { origin, taskWire } from './wire.js';
import { pageAt } from '../core/paging.js';

/**
 * tasks.list: each parent followed by its subtasks, by position. Completed tasks are shown unless
 * `showCompleted=false`; hidden (cleared) ones only with `showHidden`, deleted ones only with
 * `showDeleted`, assigned ones only with `showAssigned`. A bound on a value a task lacks leaves it out.
 * Pages: 20 tasks by default, 100 at most.
 */
export function listTasks(s: TasksState, user: UserRec, req: SandboxRequest): Reply {
  const q = req.query;
  const list = s.list(user, req.params.tasklist!);
  const size = pageSize(q, 20, 100);
  const show = {
    completed: bool(q, 'showCompleted', true),
    hidden: bool(q, 'showHidden', false),
    deleted: bool(q, 'showDeleted', false),
    assigned: bool(q, 'showAssigned', false),
  };
  const b = {
    completedMin: bound(q, 'completedMin'),
    completedMax: bound(q, 'completedMax'),
    dueMin: bound(q, 'dueMin'),
    dueMax: bound(q, 'dueMax'),
    updatedMin: bound(q, 'updatedMin'),
  };
  const scope = scopeOf(`lists/${list.id}/tasks`, q, user.name);
  const offset = readToken(q, scope);
  const within = (v: number | undefined, min: number | undefined, max: number | undefined) =>
    (min === undefined && max === undefined) ||
    (v !== undefined && (min === undefined || v >= min) && (max === undefined || v <= max));
  const matching = treeOrder(list).filter(
    (t) =>
      (show.completed || t.status !== 'completed') &&
      (show.hidden || !t.hidden) &&
      (show.deleted || !t.deleted) &&
      (show.assigned || !t.assignment) &&
      within(t.completed, b.completedMin, b.completedMax) &&
      within(t.due === undefined ? undefined : Date.parse(t.due), b.dueMin, b.dueMax) &&
      within(t.updated, b.updatedMin, undefined),
  );
  const page = pageAt(matching, offset, size);
  const items = page.items.map((t) => taskWire(list, t, origin(req)));
  const next = page.next === undefined ? undefined : makeToken(scope, page.next);
  return json(200, {
    kind: 'tasks#tasks',
    etag: `"${hash(`${offset} ${items.map((i) => i.etag).join()}`)}"`,
    ...(next ? { nextPageToken: next } : {}),
    ...(items.length ? { items } : {}),
  });
}

export function getTask(s: TasksState, user: UserRec, req: SandboxRequest): Reply {
  const list = s.list(user, req.params.tasklist!);
  return json(200, taskWire(list, s.task(list, req.params.task!), origin(req)));
}

/** Status, completion and deletion rules shared by insert, patch and update. */
function apply(s: TasksState, list: ListRec, t: TaskRec, input: TaskInput, replace: boolean): void {
  const now = s.now();
  if (t.assignment && input.notes !== undefined && input.notes !== t.notes)
    throw invalid('Invalid value for notes: notes cannot be set on a task assigned from a document');
  if (input.title !== undefined || replace) t.title = input.title ?? '';
  if (input.notes !== undefined || replace) t.notes = input.notes || undefined;
  if (input.due !== undefined || replace) t.due = input.due == null ? undefined : dateOnly(input.due);
  const status = input.status ?? (replace ? 'needsAction' : t.status);
  if (status === 'completed') {
    t.completed = input.completed ?? (t.status === 'completed' ? t.completed : undefined) ?? now;
  } else {
    t.completed = undefined;
    // A task opened again is no longer cleared away.
    t.hidden = false;
  }
  t.status = status;
  if (input.deleted !== undefined || replace) {
    const deleted = input.deleted ?? false;
    for (const id of deleted ? subtree(list, t.id) : [t.id]) {
      const d = list.tasks.get(id)!;
      if (d.deleted !== deleted) {
        d.deleted = deleted;
        if (d !== t) [d.updated, d.version] = [now, d.version + 1];
      }
    }
  }
  t.updated = now;
  t.version++;
}

/** tasks.insert: under `parent` (not hidden, not assigned), after `previous` (a sibling, not hidden). */
export function insertTask(s: TasksState, user: UserRec, req: SandboxRequest): Reply {
  const list = s.list(user, req.params.tasklist!);
  const input = taskInput(req);
  const { parent, previous } = placement(s, list, req.query, undefined);
  s.checkRoom(user, list, parent, { added: 1, intoList: 1 });
  const t: TaskRec = {
    id: s.newId('task', user),
    title: '',
    notes: undefined,
    status: 'needsAction',
    due: undefined,
    completed: undefined,
    deleted: false,
    hidden: false,
    parent,
    pos: placeAfter(siblings(list, parent), previous),
    updated: s.now(),
    version: 0,
    assignment: undefined,
  };
  apply(s, list, t, input, false);
  list.tasks.set(t.id, t);
  return json(200, taskWire(list, t, origin(req)));
}

/** PATCH changes the fields sent (`null` clears one); PUT replaces every writable field. */
export function changeTask(s: TasksState, user: UserRec, req: SandboxRequest, replace: boolean): Reply {
  const list = s.list(user, req.params.tasklist!);
  const t = s.task(list, req.params.task!);
  const input = taskInput(req);
  if (input.id !== undefined && input.id !== t.id)
    throw invalid(`Invalid value for id: "${input.id}" is not the task in the path`);
  apply(s, list, t, input, replace);
  return json(200, taskWire(list, t, origin(req)));
}

/** tasks.delete: the task and its subtasks are marked deleted (listed with `showDeleted`). */
export function deleteTask(s: TasksState, user: UserRec, req: SandboxRequest): Reply {
  const list = s.list(user, req.params.tasklist!);
  const t = s.task(list, req.params.task!);
  apply(s, list, t, { deleted: true }, false);
  return empty(204);
}

/** tasks.clear: completed tasks become hidden. */
export function clearTasks(s: TasksState, user: UserRec, req: SandboxRequest): Reply {
  const list = s.list(user, req.params.tasklist!);
  const now = s.now();
  for (const t of list.tasks.values()) {
    if (t.status === 'completed' && !t.hidden && !t.deleted) {
      t.hidden = true;
      t.updated = now;
      t.version++;
    }
  }
  return empty(204);
}

/**
 * `parent` and `previous` of an insert or move, checked by reference §B.3: both exist in `list` and
 * are not hidden; an assigned task is never a parent; `previous` is a sibling under `parent`; a task
 * never goes below itself.
 */
function placement(
  s: TasksState,
  list: ListRec,
  q: URLSearchParams,
  moving: TaskRec | undefined,
): { parent: string | undefined; previous: string | undefined } {
  const parent = q.get('parent') || undefined;
  const previous = q.get('previous') || undefined;
  if (parent !== undefined) {
    const p = s.anchor(list, parent, 'parent');
    if (p.assignment)
      throw invalid(`Invalid value for parent: assigned task "${parent}" cannot have subtasks`);
    if (moving && list.tasks.has(moving.id) && subtree(list, moving.id).includes(parent))
      throw invalid(`Invalid value for parent: a task cannot be moved below itself`);
  }
  if (previous !== undefined) {
    const p = s.anchor(list, previous, 'previous');
    if (moving && p.id === moving.id)
      throw invalid('Invalid value for previous: a task cannot follow itself');
    if (p.parent !== parent)
      throw invalid(`Invalid value for previous: task "${previous}" is not a sibling under the given parent`);
  }
  return { parent, previous };
}

/**
 * tasks.move: to the position after `previous` under `parent`, in `destinationTasklist` when given
 * (the subtasks go along). Assigned tasks cannot become subtasks; a completed and hidden task can
 * only go first at the top level.
 */
export function moveTask(s: TasksState, user: UserRec, req: SandboxRequest): Reply {
  const from = s.list(user, req.params.tasklist!);
  const t = s.task(from, req.params.task!);
  const dest = req.query.get('destinationTasklist');
  const to = dest ? s.list(user, dest) : from;
  const { parent, previous } = placement(s, to, req.query, t);
  if (t.assignment && parent !== undefined)
    throw invalid('Invalid value for parent: an assigned task cannot become a subtask');
  if (t.hidden && t.status === 'completed' && (parent !== undefined || previous !== undefined))
    throw invalid('A completed and hidden task can only be moved to the first position at the top level');
  const moved = subtree(from, t.id);
  if (to !== from || parent !== t.parent)
    s.checkRoom(user, to, parent, {
      added: 0,
      intoList: to === from ? 0 : moved.length,
    });
  if (to !== from) {
    for (const id of moved) {
      to.tasks.set(id, from.tasks.get(id)!);
      from.tasks.delete(id);
    }
  }
  t.parent = parent;
  t.pos = placeAfter(
    siblings(to, parent).filter((x) => x.id !== t.id),
    previous,
  );
  t.updated = s.now();
  t.version++;
  return json(200, taskWire(to, t, origin(req)));
}
