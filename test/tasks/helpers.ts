import type { Command } from 'commander';
import type { Factory } from '../../src/app/types.js';
import type { TasksClient } from '../../src/clients/tasks/client.js';
import type { TaskListWire, TaskWire } from '../../src/clients/tasks/types.js';
import type { Page } from '../../src/clients/http/paginate.js';
import { output, parseVerb as parseVerbOf } from '../helpers/verbs.js';

/** What every tasks verb needs before its run function: an address and a token. */
export const ENV = { OPS_TASKS_BASE_URL: 'http://tasks.test', OPS_TASKS_TOKEN: 'test-token' };

/** `ops tasks [lists] <args>` parsed with the run function a spy; functions left out of the values. */
export async function parseVerb<O extends object>(
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  args: string[],
  o: { env?: Record<string, string>; input?: string; groups?: string[] } = {},
) {
  const r = await parseVerbOf('tasks', make, args, { ...o, env: { ...ENV, ...o.env } });
  const values = Object.fromEntries(Object.entries(r.values).filter(([, v]) => typeof v !== 'function'));
  return { ...r, values };
}

export { output };

/** A client whose every method fails unless the test gives it. */
export function stubClient(over: Partial<TasksClient>): TasksClient {
  const names: Array<keyof TasksClient> = [
    'listTasklists',
    'getTasklist',
    'insertTasklist',
    'patchTasklist',
    'updateTasklist',
    'deleteTasklist',
    'listTasks',
    'getTask',
    'insertTask',
    'patchTask',
    'updateTask',
    'deleteTask',
    'clearTasks',
    'moveTask',
  ];
  const fail = (name: string) => () => {
    throw new Error(`unexpected call to ${name}`);
  };
  return Object.fromEntries(names.map((n) => [n, over[n] ?? fail(n)])) as unknown as TasksClient;
}

/** Pages as the paginator yields them. */
export async function* pagesOf<T>(pages: T[][]): AsyncGenerator<Page<T>> {
  for (const [i, items] of pages.entries())
    yield {
      items,
      more: i < pages.length - 1,
      response: { status: 200, headers: {}, data: { items }, url: '', attempts: 1 },
    };
}

export const LISTS: TaskListWire[] = [
  { id: 'L1', title: 'My Tasks', updated: '2026-01-01T00:00:00.000Z' },
  { id: 'L2', title: 'Groceries', updated: '2026-01-02T00:00:00.000Z' },
  { id: 'L3', title: 'Trips', updated: '2026-01-03T00:00:00.000Z' },
  { id: 'L4', title: 'Trips', updated: '2026-01-04T00:00:00.000Z' },
];

export function task(over: TaskWire): TaskWire {
  return {
    kind: 'tasks#task',
    status: 'needsAction',
    updated: '2026-01-01T00:00:00.000Z',
    position: '00000000004294967296',
    ...over,
  };
}
