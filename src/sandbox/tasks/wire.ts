import type { SandboxRequest } from '../core/framework.js';
import { type ListRec, type TaskRec, etag, iso, positionText } from './store.js';

/** Where the emulator is reached, for `selfLink` (the service prefix is the emulator's name). */
export function origin(req: SandboxRequest): string {
  return `http://${req.headers.host ?? '127.0.0.1'}/tasks`;
}

export function listWire(list: ListRec, base: string): Record<string, unknown> {
  return {
    kind: 'tasks#taskList',
    id: list.id,
    etag: etag('taskList', list.id, list.version, list.updated),
    title: list.title,
    updated: iso(list.updated),
    selfLink: `${base}/tasks/v1/users/@me/lists/${list.id}`,
  };
}

/** A task with the fields in the service's order; absent values are left out, as the service does. */
export function taskWire(list: ListRec, t: TaskRec, base: string): Record<string, unknown> {
  return {
    kind: 'tasks#task',
    id: t.id,
    etag: etag('task', t.id, t.version, t.updated),
    title: t.title,
    updated: iso(t.updated),
    selfLink: `${base}/tasks/v1/lists/${list.id}/tasks/${t.id}`,
    ...(t.parent !== undefined ? { parent: t.parent } : {}),
    position: positionText(t.pos),
    ...(t.notes !== undefined ? { notes: t.notes } : {}),
    status: t.status,
    ...(t.due !== undefined ? { due: t.due } : {}),
    ...(t.completed !== undefined ? { completed: iso(t.completed) } : {}),
    ...(t.deleted ? { deleted: true } : {}),
    ...(t.hidden ? { hidden: true } : {}),
    links: [],
    ...(t.assignment ? { assignmentInfo: t.assignment } : {}),
  };
}
