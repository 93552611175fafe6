/**
 * The state of the task-list emulator: users, their task lists and tasks, positions and etags.
 * Kept in memory; everything changes on the sandbox clock.
 */

export interface AssignmentInfo {
  linkToTask: string;
  surfaceType: 'DOCUMENT' | 'SPACE';
  driveResourceInfo?: { driveFileId: string; resourceKey: string };
  spaceInfo?: { space: string };
}

export interface TaskRec {
  id: string;
  title: string;
  notes: string | undefined;
  status: 'needsAction' | 'completed';
  /** RFC 3339, the date only (midnight UTC). */
  due: string | undefined;
  /** Epoch ms, while completed. */
  completed: number | undefined;
  deleted: boolean;
  hidden: boolean;
  parent: string | undefined;
  /** Orders siblings; sent as a 20-digit zero-padded string, so that text order is number order. */
  pos: number;
  /** Epoch ms. */
  updated: number;
  /** Bumped on every change: the etag follows it. */
  version: number;
  assignment: AssignmentInfo | undefined;
}

export interface ListRec {
  id: string;
  title: string;
  updated: number;
  version: number;
  tasks: Map<string, TaskRec>;
}

export interface UserRec {
  name: string;
  /** In creation order; the first is the default list (`@default`). */
  lists: ListRec[];
}

/** The gap left between neighbours; a move between two tasks takes the midpoint. */
export const POSITION_STEP = 2 ** 32;

export function positionText(pos: number): string {
  return String(pos).padStart(20, '0');
}

/** A short hash (FNV-1a) as base64url, for etags and page tokens. */
export function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return Buffer.from(h.toString(16).padStart(8, '0')).toString('base64url');
}

export function etag(kind: string, id: string, version: number, updated: number): string {
  return `"${Buffer.from(`${kind}:${id}:${version}:${updated}`).toString('base64url')}"`;
}

/** Ids are opaque to clients; these are stable across resets so that docs can name seed items. */
export function makeId(kind: 'list' | 'task', user: number, n: number): string {
  const text = kind === 'list' ? `${String(n).padStart(11, '0')}:${user}:0` : `t${user}:${n}`;
  return Buffer.from(text).toString('base64url');
}

export function siblings(list: ListRec, parent: string | undefined): TaskRec[] {
  return [...list.tasks.values()].filter((t) => t.parent === parent).sort((a, b) => a.pos - b.pos);
}

/** Ids of a task and every task below it. */
export function subtree(list: ListRec, id: string): string[] {
  const out = [id];
  for (let i = 0; i < out.length; i++)
    for (const t of list.tasks.values()) if (t.parent === out[i]) out.push(t.id);
  return out;
}

/**
 * The position for a task placed right after `previous` (undefined: first) among `group` (the
 * siblings without the task itself). When two neighbours leave no gap, the group is renumbered.
 */
export function placeAfter(group: TaskRec[], previous: string | undefined): number {
  const at = previous === undefined ? 0 : group.findIndex((t) => t.id === previous) + 1;
  const before = group[at - 1]?.pos ?? 0;
  const after = group[at]?.pos;
  if (after === undefined) return before + POSITION_STEP;
  if (after - before >= 2) return Math.floor((before + after) / 2);
  group.forEach((t, i) => {
    t.pos = (i + (i >= at ? 2 : 1)) * POSITION_STEP;
    t.version++;
  });
  return (at + 1) * POSITION_STEP;
}

/** Tasks in the order the service lists them: each parent followed by its subtasks, by position. */
export function treeOrder(list: ListRec): TaskRec[] {
  const children = new Map<string | undefined, TaskRec[]>();
  for (const t of list.tasks.values()) {
    const key = t.parent !== undefined && list.tasks.has(t.parent) ? t.parent : undefined;
    const group = children.get(key) ?? [];
    group.push(t);
    children.set(key, group);
  }
  const out: TaskRec[] = [];
  const walk = (parent: string | undefined) => {
    for (const t of (children.get(parent) ?? []).sort((a, b) => a.pos - b.pos)) {
      out.push(t);
      walk(t.id);
    }
  };
  walk(undefined);
  return out;
}

/** RFC 3339 date-time, as the service takes it in bodies and filters. */
export const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

export function parseRfc3339(value: string): number | undefined {
  if (!RFC3339.test(value)) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : t;
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The service keeps the date of `due` only. */
export function dateOnly(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 10)}T00:00:00.000Z`;
}
