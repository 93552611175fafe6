import type { TaskListWire, TaskWire } from '../../clients/tasks/types.js';
import type { Column } from '../../output/printer.js';

// How lists and tasks are shown in tables and CSV; JSON and YAML give the API’s objects.

/** `completed (hidden)`, `needsAction (deleted)`: the status with the flags that change where a task shows. */
export function statusText(t: TaskWire): string {
  const flags = [t.hidden ? 'hidden' : '', t.deleted ? 'deleted' : ''].filter(Boolean);
  return `${t.status ?? ''}${flags.length ? ` (${flags.join(', ')})` : ''}`;
}

/** The date of `due` (the service keeps no time of day). */
export function dueText(t: TaskWire): string | undefined {
  return t.due?.slice(0, 10);
}

export const LIST_COLUMNS: Column<TaskListWire>[] = [
  { header: 'id', get: (l) => l.id },
  { header: 'title', get: (l) => l.title, kind: 'text' },
  { header: 'updated', get: (l) => l.updated, format: 'relative' },
];

export function taskColumns(title: (t: TaskWire) => unknown = (t) => t.title): Column<TaskWire>[] {
  return [
    { header: 'id', get: (t) => t.id },
    { header: 'title', get: title, kind: 'text' },
    {
      header: 'status',
      get: statusText,
      color: (v, s) => (String(v).startsWith('completed') ? s.green : undefined),
    },
    { header: 'due', get: dueText },
    { header: 'updated', get: (t) => t.updated, format: 'relative' },
  ];
}

/** One task as key / value rows. */
export const TASK_DETAIL: Column<TaskWire>[] = [
  { header: 'id', get: (t) => t.id },
  { header: 'title', get: (t) => t.title, kind: 'text' },
  { header: 'status', get: statusText },
  { header: 'due', get: dueText },
  { header: 'completed', get: (t) => t.completed, format: 'relative' },
  { header: 'notes', get: (t) => t.notes, kind: 'text' },
  { header: 'parent', get: (t) => t.parent },
  { header: 'position', get: (t) => t.position },
  { header: 'updated', get: (t) => t.updated, format: 'relative' },
];
