import { describe, expect, it } from 'vitest';
import type { TaskListWire, TaskWire } from '../../src/clients/tasks/types.js';
import { runTasksAdd } from '../../src/commands/tasks/add.js';
import { runTasksList } from '../../src/commands/tasks/list.js';
import { runTasksMove } from '../../src/commands/tasks/move.js';
import { ListResolver, isListId } from '../../src/commands/tasks/shared.js';
import { treeOrder } from '../../src/commands/tasks/tree.js';
import { ApiError, ExitCode, OpsError, UsageError } from '../../src/errors.js';
import { LISTS, output, pagesOf, stubClient, task } from './helpers.js';

const pos = (n: number) => String(n).padStart(20, '0');

describe('treeOrder', () => {
  it('parents then subtasks by position, at any depth; an orphan stays at the top level', () => {
    const tasks = [
      task({ id: 'b', title: 'B', position: pos(2) }),
      task({ id: 'b2', title: 'B2', parent: 'b', position: pos(9) }),
      task({ id: 'a', title: 'A', position: pos(1) }),
      task({ id: 'b1', title: 'B1', parent: 'b', position: pos(3) }),
      task({ id: 'b1x', title: 'B1x', parent: 'b1', position: pos(1) }),
      task({ id: 'o', title: 'Orphan', parent: 'gone', position: pos(5) }),
    ];
    const { tasks: ordered, depth } = treeOrder(tasks);
    expect(ordered.map((t) => `${depth.get(t)}:${t.title}`)).toEqual([
      '0:A',
      '0:B',
      '1:B1',
      '2:B1x',
      '1:B2',
      '0:Orphan',
    ]);
  });
});

describe('ListResolver', () => {
  const client = (pages: TaskListWire[][], calls = { n: 0 }) =>
    stubClient({
      listTasklists: () => {
        calls.n++;
        return pagesOf(pages);
      },
    });

  it('@default needs no request; an id wins over a title; the lists are read once for every name', async () => {
    const calls = { n: 0 };
    const r = new ListResolver(client([LISTS.slice(0, 2), LISTS.slice(2)], calls));
    expect(await r.resolve('@default')).toBe('@default');
    expect(calls.n).toBe(0);
    expect(await r.resolve('L2')).toBe('L2');
    expect(await r.resolve('Groceries')).toBe('L2');
    expect(await r.resolve('My Tasks')).toBe('L1');
    expect(calls.n).toBe(1);
    const titled = new ListResolver(client([[...LISTS, { id: 'x', title: 'L3' }]]));
    expect(await titled.resolve('L3')).toBe('L3');
  });

  it('a shared or unknown title is a usage error naming the ids or the titles (from every page); an unknown id is not found', async () => {
    const r = new ListResolver(client([LISTS.slice(0, 3), LISTS.slice(3)]));
    const err = await r.resolve('Trips').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe('2 task lists are named "Trips"');
    expect((err as UsageError).hint).toBe('give the id of one: L3, L4 (`ops tasks lists list` lists them)');
    const none = await r.resolve('Nope').catch((e: unknown) => e);
    expect(none).toBeInstanceOf(UsageError);
    expect((none as Error).message).toBe('no task list is named "Nope"');
    expect((none as UsageError).hint).toBe(
      `give an id or one of the names: ${[...new Set(LISTS.map((l) => l.title))].join(', ')} (\`ops tasks lists list\` lists them)`,
    );
    const gone = await r.resolve('MDAwMDAwMDAwOTk6MDow').catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(OpsError);
    expect((gone as OpsError).exitCode).toBe(ExitCode.notFound);
    expect((gone as Error).message).toBe(
      'list MDAwMDAwMDAwOTk6MDow not found in the task lists of this account',
    );
  });
});

describe('isListId', () => {
  it('is the form of a list id (base64 of digits:digits:digits), not a title', () => {
    expect(isListId('MDAwMDAwMDAwMDE6MDow')).toBe(true);
    expect(isListId('MTA3NjIwMjA1NTEzMDQ5MjQ1Mjk6MDow')).toBe(true);
    for (const title of ['Nope', 'Groceries', 'Reading list', 'L3', 'dDA6Mw', '@default'])
      expect(isListId(title)).toBe(false);
  });
});

describe('runTasksList', () => {
  const tasks = [
    task({ id: 'p', title: 'Parent', position: pos(1) }),
    task({ id: 'q', title: 'Other', position: pos(2) }),
    task({ id: 'c', title: 'Child', parent: 'p', position: pos(1) }),
  ];
  const base = { query: {}, limit: 100, pageSize: undefined, list: '@default' };

  it('tree: subtasks indented under their parent across pages', async () => {
    const out = output({ tty: true });
    await runTasksList({
      ...out,
      ...base,
      tree: true,
      client: async () => stubClient({ listTasks: () => pagesOf([tasks.slice(0, 2), tasks.slice(2)]) }),
    });
    const rows = out.io.out().trim().split('\n');
    expect(rows.map((r) => r.split(/\s{2,}/)[0])).toEqual(['ID', 'p', 'c', 'q']);
    expect(rows[2]).toMatch(/^c\s+ {2}Child\s/);
    expect(rows[1]!.indexOf('Parent') + 2).toBe(rows[2]!.indexOf('Child'));
  });

  it('without tree: the service’s order, no indent; the list is resolved first', async () => {
    const out = output({ format: 'csv' });
    const seen: string[] = [];
    await runTasksList({
      ...out,
      ...base,
      list: 'Groceries',
      tree: false,
      client: async () =>
        stubClient({
          listTasklists: () => pagesOf([LISTS]),
          listTasks: (list) => {
            seen.push(list);
            return pagesOf([tasks]);
          },
        }),
    });
    expect(seen).toEqual(['L2']);
    expect(
      out.io
        .out()
        .split('\n')
        .slice(1, 4)
        .map((l) => l.split(',')[1]),
    ).toEqual(['Parent', 'Other', 'Child']);
  });
});

describe('runTasksAdd and runTasksMove', () => {
  it('adds each title after the one before, starting after --previous, under --parent', async () => {
    const calls: Array<[string, TaskWire, unknown]> = [];
    let n = 0;
    const out = output({ format: 'json' });
    await runTasksAdd({
      ...out,
      list: '@default',
      titles: ['a', 'b', 'c'],
      many: true,
      notes: 'n',
      due: '2026-05-01T00:00:00.000Z',
      parent: 'P',
      previous: 'S',
      client: async () =>
        stubClient({
          insertTask: async (list, body, placement) => {
            calls.push([list, body, placement]);
            return task({ id: `t${++n}`, title: body.title! });
          },
        }),
    });
    expect(calls).toEqual([
      [
        '@default',
        { title: 'a', notes: 'n', due: '2026-05-01T00:00:00.000Z' },
        { parent: 'P', previous: 'S' },
      ],
      [
        '@default',
        { title: 'b', notes: 'n', due: '2026-05-01T00:00:00.000Z' },
        { parent: 'P', previous: 't1' },
      ],
      [
        '@default',
        { title: 'c', notes: 'n', due: '2026-05-01T00:00:00.000Z' },
        { parent: 'P', previous: 't2' },
      ],
    ]);
    expect(JSON.parse(out.io.out()).map((t: TaskWire) => t.id)).toEqual(['t1', 't2', 't3']);
  });

  it('a failure after some were added keeps the status and the service', async () => {
    const out = output({ format: 'json' });
    let n = 0;
    const err = await runTasksAdd({
      ...out,
      list: '@default',
      titles: ['a', 'b'],
      many: true,
      notes: undefined,
      due: undefined,
      parent: undefined,
      previous: undefined,
      client: async () =>
        stubClient({
          insertTask: async (_l, body) => {
            if (++n === 2)
              throw new ApiError({ status: 429, service: 'tasks', message: 'slow down', retryAfter: 3 });
            return task({ id: 't1', title: body.title! });
          },
        }),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 429,
      service: 'tasks',
      exitCode: 5,
      retryAfter: 3,
      message: 'added 1 of 2 tasks, then: slow down',
    });
    expect(JSON.parse(out.io.out())).toHaveLength(1);
  });

  it('move resolves both lists with one lookup and sends destinationTasklist', async () => {
    const out = output({ format: 'json' });
    let lookups = 0;
    const sent: unknown[] = [];
    await runTasksMove({
      ...out,
      list: 'My Tasks',
      task: 'T1',
      parent: undefined,
      previous: 'S',
      toList: 'Groceries',
      client: async () =>
        stubClient({
          listTasklists: () => {
            lookups++;
            return pagesOf([LISTS]);
          },
          moveTask: async (list, id, q) => {
            sent.push([list, id, q]);
            return task({ id });
          },
        }),
    });
    expect(lookups).toBe(1);
    expect(sent).toEqual([['L1', 'T1', { parent: undefined, previous: 'S', destinationTasklist: 'L2' }]]);
  });
});
