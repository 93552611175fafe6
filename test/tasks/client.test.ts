import { describe, expect, it } from 'vitest';
import { collect } from '../../src/clients/http/paginate.js';
import { RawJson } from '../../src/clients/http/raw-json.js';
import { type TasksClient, createTasksClient } from '../../src/clients/tasks/client.js';
import { descriptor } from '../../src/clients/tasks/index.js';
import type { TaskListWire, TaskWire } from '../../src/clients/tasks/types.js';
import { ApiError, UsageError } from '../../src/errors.js';
import { serviceHttp, useMockAgent } from '../helpers/http.js';

const ORIGIN = 'http://tasks.test';
const mock = useMockAgent();
const AUTH = { authorization: 'Bearer tok-secret-1' };
const JSON_BODY = { 'content-type': 'application/json' };

async function client(retries = 2): Promise<TasksClient> {
  return createTasksClient(
    await serviceHttp(
      descriptor,
      { token: 'tok-secret-1' },
      {
        baseUrl: `${ORIGIN}/base`,
        dispatcher: mock.agent(),
        retries,
        sleeps: mock.sleeps(),
      },
    ),
  );
}
const pool = () => mock.agent().get(ORIGIN);
const task = (id: string, extra: TaskWire = {}): TaskWire => ({
  kind: 'tasks#task',
  id,
  title: id,
  ...extra,
});
const items = async <T>(pages: AsyncIterable<{ items: T[] }>) => {
  const out: T[] = [];
  for await (const p of pages) out.push(...p.items);
  return out;
};

describe('task lists', () => {
  it('tasklists.list walks nextPageToken → pageToken with maxResults from the limit', async () => {
    pool()
      .intercept({ path: '/base/tasks/v1/users/@me/lists?maxResults=3', method: 'GET', headers: AUTH })
      .reply(200, {
        kind: 'tasks#taskLists',
        nextPageToken: 'p2',
        items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      });
    const c = await client();
    expect((await items(c.listTasklists({ limit: 3 }))).map((l) => (l as TaskListWire).id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    // The limit cut the first walk; an explicit page size and no limit walk every page.
    pool()
      .intercept({ path: '/base/tasks/v1/users/@me/lists?maxResults=3', method: 'GET' })
      .reply(200, { nextPageToken: 'p2', items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] });
    pool()
      .intercept({ path: '/base/tasks/v1/users/@me/lists?maxResults=3&pageToken=p2', method: 'GET' })
      .reply(200, { items: [{ id: 'd' }] });
    expect((await items(c.listTasklists({ maxResults: 3 }))).map((l) => (l as TaskListWire).id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('an empty page without items is an empty list, and every page is 100 at most', async () => {
    pool()
      .intercept({ path: '/base/tasks/v1/users/@me/lists?maxResults=100', method: 'GET' })
      .reply(200, { kind: 'tasks#taskLists', etag: '"e"' });
    expect(await items((await client()).listTasklists())).toEqual([]);
  });

  it('get, insert, patch, update and delete: method, encoded path and JSON body', async () => {
    pool()
      .intercept({ path: '/base/tasks/v1/users/@me/lists/%40default', method: 'GET', headers: AUTH })
      .reply(200, { id: 'L1', title: 'My Tasks' });
    pool()
      .intercept({
        path: '/base/tasks/v1/users/@me/lists',
        method: 'POST',
        headers: JSON_BODY,
        body: '{"title":"Chores"}',
      })
      .reply(200, { id: 'L9', title: 'Chores' });
    pool()
      .intercept({ path: '/base/tasks/v1/users/@me/lists/a%2Fb', method: 'PATCH', body: '{"title":"New"}' })
      .reply(200, { id: 'a/b', title: 'New' });
    pool()
      .intercept({
        path: '/base/tasks/v1/users/@me/lists/L1',
        method: 'PUT',
        body: '{"id":"L1","title":"Inbox"}',
      })
      .reply(200, { id: 'L1', title: 'Inbox' });
    pool().intercept({ path: '/base/tasks/v1/users/@me/lists/L9', method: 'DELETE' }).reply(204, '');
    const c = await client();
    expect(await c.getTasklist('@default')).toEqual({ id: 'L1', title: 'My Tasks' });
    expect(await c.insertTasklist({ title: 'Chores' })).toEqual({ id: 'L9', title: 'Chores' });
    expect((await c.patchTasklist('a/b', { title: 'New' })).title).toBe('New');
    expect((await c.updateTasklist('L1', { id: 'L1', title: 'Inbox' })).title).toBe('Inbox');
    expect(await c.deleteTasklist('L9')).toBeUndefined();
  });
});

describe('tasks', () => {
  it('tasks.list sends every filter by its API name and leaves out what was not asked', async () => {
    pool()
      .intercept({
        path:
          '/base/tasks/v1/lists/L1/tasks?completedMin=2026-01-01T00%3A00%3A00.000Z&dueMax=2026-02-01T00%3A00%3A00.000Z' +
          '&updatedMin=2026-01-15T00%3A00%3A00.000Z&showCompleted=false&showHidden=true&showDeleted=true&showAssigned=true&maxResults=5',
        method: 'GET',
        headers: AUTH,
      })
      .reply(200, { kind: 'tasks#tasks', items: [task('t1')] });
    const c = await client();
    const got = await items(
      c.listTasks(
        'L1',
        {
          completedMin: '2026-01-01T00:00:00.000Z',
          dueMax: '2026-02-01T00:00:00.000Z',
          updatedMin: '2026-01-15T00:00:00.000Z',
          showCompleted: false,
          showHidden: true,
          showDeleted: true,
          showAssigned: true,
          dueMin: undefined,
        },
        { limit: 5 },
      ),
    );
    expect(got).toEqual([task('t1')]);
  });

  it('two pages, the token carried with the same filters; raw items stay the service’s text', async () => {
    pool()
      .intercept({ path: '/base/tasks/v1/lists/L1/tasks?showHidden=true&maxResults=2', method: 'GET' })
      .reply(200, JSON.stringify({ items: [task('a'), task('b')], nextPageToken: 'n1' }), {
        headers: JSON_BODY,
      });
    pool()
      .intercept({
        path: '/base/tasks/v1/lists/L1/tasks?showHidden=true&maxResults=2&pageToken=n1',
        method: 'GET',
      })
      .reply(200, JSON.stringify({ items: [task('c')] }), { headers: JSON_BODY });
    const got = await items(
      (await client()).listTasks('L1', { showHidden: true }, { maxResults: 2, raw: true }),
    );
    expect(got.every((t) => t instanceof RawJson)).toBe(true);
    expect(got.map((t) => (t as RawJson).text)).toEqual(
      [task('a'), task('b'), task('c')].map((t) => JSON.stringify(t)),
    );
  });

  it('get, insert with parent and previous, patch, update, delete, clear and move', async () => {
    const p = '/base/tasks/v1/lists/L1/tasks';
    pool()
      .intercept({ path: `${p}/T1`, method: 'GET' })
      .reply(200, task('T1'));
    pool()
      .intercept({
        path: `${p}?parent=P&previous=S`,
        method: 'POST',
        headers: JSON_BODY,
        body: '{"title":"x","notes":"n"}',
      })
      .reply(200, task('T2', { parent: 'P' }));
    pool().intercept({ path: p, method: 'POST', body: '{"title":"top"}' }).reply(200, task('T3'));
    pool()
      .intercept({ path: `${p}/T1`, method: 'PATCH', body: '{"status":"completed"}' })
      .reply(200, task('T1', { status: 'completed' }));
    pool()
      .intercept({ path: `${p}/T1`, method: 'PUT', body: '{"title":"whole"}' })
      .reply(200, task('T1', { title: 'whole' }));
    pool()
      .intercept({ path: `${p}/T1`, method: 'DELETE' })
      .reply(204, '');
    pool()
      .intercept({ path: '/base/tasks/v1/lists/L1/clear', method: 'POST', body: (b) => !b })
      .reply(204, '');
    pool()
      .intercept({
        path: `${p}/T1/move?parent=P&previous=S&destinationTasklist=L2`,
        method: 'POST',
        body: (b) => !b,
      })
      .reply(200, task('T1', { parent: 'P' }));
    pool()
      .intercept({ path: `${p}/T1/move`, method: 'POST' })
      .reply(200, task('T1'));
    const c = await client();
    expect((await c.getTask('L1', 'T1')).id).toBe('T1');
    expect(
      (await c.insertTask('L1', { title: 'x', notes: 'n' }, { parent: 'P', previous: 'S' })).parent,
    ).toBe('P');
    expect((await c.insertTask('L1', { title: 'top' })).id).toBe('T3');
    expect((await c.patchTask('L1', 'T1', { status: 'completed' })).status).toBe('completed');
    expect((await c.updateTask('L1', 'T1', { title: 'whole' })).title).toBe('whole');
    expect(await c.deleteTask('L1', 'T1')).toBeUndefined();
    expect(await c.clearTasks('L1')).toBeUndefined();
    expect(
      (await c.moveTask('L1', 'T1', { parent: 'P', previous: 'S', destinationTasklist: 'L2' })).parent,
    ).toBe('P');
    expect((await c.moveTask('L1', 'T1')).id).toBe('T1');
  });

  it('refuses ids that would leave the path, before sending', async () => {
    const c = await client();
    await expect(c.getTask('L1', '..')).rejects.toBeInstanceOf(UsageError);
    await expect(c.deleteTasklist('.')).rejects.toBeInstanceOf(UsageError);
  });
});

describe('retries and errors', () => {
  const body = (code: number, reason: string, message: string, status: string) => ({
    error: { code, message, errors: [{ message, domain: 'global', reason }], status },
  });

  it('a 503 then success is retried for a read; a 429 waits for Retry-After', async () => {
    const p = '/base/tasks/v1/lists/L1/tasks/T1';
    pool()
      .intercept({ path: p, method: 'GET' })
      .reply(503, body(503, 'backendError', 'busy', 'UNAVAILABLE'));
    pool()
      .intercept({ path: p, method: 'GET' })
      .reply(429, body(429, 'rateLimitExceeded', 'slow down', 'RESOURCE_EXHAUSTED'), {
        headers: { 'retry-after': '3' },
      });
    pool().intercept({ path: p, method: 'GET' }).reply(200, task('T1'));
    expect((await (await client()).getTask('L1', 'T1')).id).toBe('T1');
    expect(mock.sleeps()).toHaveLength(2);
    expect(mock.sleeps()[1]).toBe(3000);
  });

  it('a 403 whose reason is a spent quota is a rate limit: retried, even an insert; other 403s are not', async () => {
    const p = '/base/tasks/v1/lists/L1/tasks';
    pool()
      .intercept({ path: p, method: 'POST' })
      .reply(403, body(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded', 'PERMISSION_DENIED'));
    pool().intercept({ path: p, method: 'POST' }).reply(200, task('T9'));
    expect((await (await client()).insertTask('L1', { title: 'x' })).id).toBe('T9');
    expect(mock.sleeps()).toHaveLength(1);

    pool()
      .intercept({ path: p, method: 'POST' })
      .reply(403, body(403, 'insufficientPermissions', 'Insufficient Permission', 'PERMISSION_DENIED'));
    const err = (await (
      await client()
    )
      .insertTask('L1', { title: 'x' })
      .catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.exitCode]).toEqual([403, 4]);
    expect(mock.sleeps()).toHaveLength(1);
  });

  it('an insert is not sent twice after a 503 (it would add the task twice); a patch and a move are', async () => {
    const p = '/base/tasks/v1/lists/L1/tasks';
    pool()
      .intercept({ path: p, method: 'POST' })
      .reply(503, body(503, 'backendError', 'busy', 'UNAVAILABLE'));
    await expect((await client()).insertTask('L1', { title: 'x' })).rejects.toMatchObject({ status: 503 });
    pool()
      .intercept({ path: `${p}/T1`, method: 'PATCH' })
      .reply(503, body(503, 'backendError', 'busy', 'UNAVAILABLE'));
    pool()
      .intercept({ path: `${p}/T1`, method: 'PATCH' })
      .reply(200, task('T1'));
    pool()
      .intercept({ path: `${p}/T1/move`, method: 'POST' })
      .reply(502, 'bad gateway');
    pool()
      .intercept({ path: `${p}/T1/move`, method: 'POST' })
      .reply(200, task('T1'));
    const c = await client();
    expect((await c.patchTask('L1', 'T1', { title: 'y' })).id).toBe('T1');
    expect((await c.moveTask('L1', 'T1')).id).toBe('T1');
  });

  it.each([
    [400, 'invalid', 'Invalid value for parent', 'INVALID_ARGUMENT', 1, undefined],
    [
      401,
      'authError',
      'Request had invalid authentication credentials.',
      'UNAUTHENTICATED',
      4,
      /OPS_TASKS_TOKEN/,
    ],
    [
      403,
      'insufficientPermissions',
      'Request had insufficient authentication scopes.',
      'PERMISSION_DENIED',
      4,
      /read-only|readonly/,
    ],
    [404, 'notFound', 'Requested entity was not found.', 'NOT_FOUND', 3, undefined],
    [429, 'rateLimitExceeded', 'Rate limit exceeded', 'RESOURCE_EXHAUSTED', 5, undefined],
    [500, 'backendError', 'Backend Error', 'INTERNAL', 7, undefined],
  ])(
    '%i maps to its exit code, with the reason as the code',
    async (status, reason, message, name, exit, hint) => {
      pool()
        .intercept({ path: '/base/tasks/v1/lists/L1/tasks/T1', method: 'GET' })
        .reply(status, body(status, reason, message, name));
      const err = (await (await client(0)).getTask('L1', 'T1').catch((e: unknown) => e)) as ApiError;
      expect(err).toBeInstanceOf(ApiError);
      expect(err.message).toBe(message);
      expect(err.code).toBe(reason);
      expect(err.exitCode).toBe(exit);
      if (hint) expect(err.hint).toMatch(hint);
      else expect(err.hint).toBeUndefined();
      expect(`${err.message} ${err.hint}`).not.toContain('tok-secret-1');
    },
  );

  it('an error body of another shape still gives its message; the status name when there is no reason', async () => {
    pool()
      .intercept({ path: '/base/tasks/v1/users/@me/lists/L1', method: 'GET' })
      .reply(404, { error: { code: 404, message: 'gone', status: 'NOT_FOUND' } });
    pool().intercept({ path: '/base/tasks/v1/users/@me/lists/L2', method: 'GET' }).reply(400, 'plain words');
    const c = await client(0);
    expect(await c.getTasklist('L1').catch((e: unknown) => e)).toMatchObject({
      message: 'gone',
      code: 'NOT_FOUND',
    });
    expect(await c.getTasklist('L2').catch((e: unknown) => e)).toMatchObject({
      message: 'plain words',
      status: 400,
    });
  });

  it('collect stops at the limit', async () => {
    pool()
      .intercept({ path: '/base/tasks/v1/lists/L1/tasks?maxResults=1', method: 'GET' })
      .reply(200, { items: [task('a')], nextPageToken: 'x' });
    const c = await client();
    const first = await collect(
      (async function* () {
        for await (const p of c.listTasks('L1', {}, { limit: 1 })) yield* p.items;
      })(),
    );
    expect(first).toHaveLength(1);
  });
});
