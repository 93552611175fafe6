import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmulator } from '../../src/sandbox/tasks/index.js';
import { OTHER_USER_TOKEN, READONLY_TOKEN } from '../../src/sandbox/tasks/seed.js';
import { directEmulator } from '../helpers/emulator.js';

interface Task {
  id: string;
  title: string;
  status: string;
  parent?: string;
  position: string;
  notes?: string;
  due?: string;
  completed?: string;
  deleted?: boolean;
  hidden?: boolean;
  etag: string;
  updated: string;
}
interface Page<T> {
  kind: string;
  etag: string;
  items?: T[];
  nextPageToken?: string;
}
interface ErrorBody {
  error: { code: number; message: string; status: string; errors: Array<{ reason: string; domain: string }> };
}

const TOKEN = 'sandbox-tasks-token';

// The emulator's clock is real time plus what tests advance: real time stands still here.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-10T09:30:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});
const ME = '/tasks/v1/users/@me/lists';
const T = (list: string) => `/tasks/v1/lists/${list}/tasks`;

function setup(settings: Record<string, string> = {}) {
  const e = directEmulator('tasks', createEmulator, { settings });
  const as =
    (token: string | undefined) =>
    <B = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
      e.call<B>(method, path, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { body }),
      });
  const call = as(TOKEN);
  const titles = async (list = '@default', q = '') =>
    ((await call<Page<Task>>('GET', `${T(list)}?maxResults=100${q}`)).body.items ?? []).map((t) => t.title);
  const byTitle = async (title: string, list = '@default') => {
    const all =
      (
        await call<Page<Task>>(
          'GET',
          `${T(list)}?maxResults=100&showHidden=true&showDeleted=true&showAssigned=true`,
        )
      ).body.items ?? [];
    return all.find((t) => t.title === title)!;
  };
  const listId = async (title: string) =>
    ((await call<Page<{ id: string; title: string }>>('GET', ME)).body.items ?? []).find(
      (l) => l.title === title,
    )!.id;
  return { ...e, as, call, titles, byTitle, listId };
}

describe('auth', () => {
  it('no token: 401 required; an unknown one: 401 authError; both with WWW-Authenticate and the vendor body', async () => {
    const e = setup();
    const none = await e.as(undefined)<ErrorBody>('GET', ME);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="tasks"');
    expect(none.body.error).toMatchObject({
      code: 401,
      status: 'UNAUTHENTICATED',
      errors: [{ reason: 'required', domain: 'global' }],
    });
    const bad = await e.as('nope')<ErrorBody>('GET', ME);
    expect(bad.status).toBe(401);
    expect(bad.body.error.errors[0]!.reason).toBe('authError');
    expect(bad.headers['www-authenticate']).toContain('error="invalid_token"');
    const basic = await e.call('GET', ME);
    expect(basic.status).toBe(200);
    const query = await e.as(undefined)('GET', `${ME}?access_token=${TOKEN}`);
    expect(query.status).toBe(200);
  });

  it('the read-only token reads and gets 403 insufficientPermissions on every change', async () => {
    const e = setup();
    const ro = e.as(READONLY_TOKEN);
    expect((await ro('GET', ME)).status).toBe(200);
    expect((await ro('GET', T('@default'))).status).toBe(200);
    const task = await e.byTitle('Milk', await e.listId('Groceries'));
    for (const [method, path, body] of [
      ['POST', ME, { title: 'x' }],
      ['PATCH', `${ME}/@default`, { title: 'x' }],
      ['PUT', `${ME}/@default`, { title: 'x' }],
      ['DELETE', `${ME}/@default`, undefined],
      ['POST', T('@default'), { title: 'x' }],
      ['PATCH', `${T('@default')}/${task.id}`, { title: 'x' }],
      ['DELETE', `${T('@default')}/${task.id}`, undefined],
      ['POST', '/tasks/v1/lists/@default/clear', undefined],
      ['POST', `${T('@default')}/${task.id}/move`, undefined],
    ] as const) {
      const r = await ro<ErrorBody>(method, path, body);
      expect(`${method} ${path} ${r.status}`).toBe(`${method} ${path} 403`);
      expect(r.body.error).toMatchObject({
        status: 'PERMISSION_DENIED',
        errors: [{ reason: 'insufficientPermissions' }],
      });
      expect(r.headers['www-authenticate']).toContain('insufficient_scope');
    }
    expect(e.emulator.stats!()).toMatchObject({ forbidden: 9, changes: 0 });
  });

  it('each user sees only their own lists', async () => {
    const e = setup();
    const other = e.as(OTHER_USER_TOKEN);
    const lists = (await other<Page<{ id: string; title: string }>>('GET', ME)).body.items!;
    expect(lists.map((l) => l.title)).toEqual(['My Tasks']);
    const mine = await e.listId('Groceries');
    expect((await other('GET', `${ME}/${mine}`)).status).toBe(404);
    expect((await other('GET', T(mine))).status).toBe(404);
  });
});

describe('task lists', () => {
  it('@default is the first list; lists page with opaque tokens bound to their query', async () => {
    const e = setup();
    const def = await e.call<{ id: string; title: string; kind: string; etag: string }>(
      'GET',
      `${ME}/@default`,
    );
    expect(def.body).toMatchObject({ kind: 'tasks#taskList', title: 'My Tasks' });
    expect(def.body.etag).toMatch(/^".+"$/);
    const p1 = await e.call<Page<{ title: string }>>('GET', `${ME}?maxResults=3`);
    expect(p1.body.items!.map((l) => l.title)).toEqual(['My Tasks', 'Groceries', 'Work']);
    const p2 = await e.call<Page<{ title: string }>>(
      'GET',
      `${ME}?maxResults=3&pageToken=${p1.body.nextPageToken}`,
    );
    expect(p2.body.items!.map((l) => l.title)).toEqual(['Reading list']);
    expect(p2.body.nextPageToken).toBeUndefined();
    expect((await e.call('GET', `${ME}?pageToken=garbage`)).status).toBe(400);
    expect((await e.call('GET', `${T('@default')}?pageToken=${p1.body.nextPageToken}`)).status).toBe(400);
  });

  it('maxResults: lists take 1 to 1000, tasks 1 to 100 (default 20)', async () => {
    const e = setup();
    expect((await e.call('GET', `${ME}?maxResults=1000`)).status).toBe(200);
    expect((await e.call('GET', `${ME}?maxResults=1001`)).status).toBe(400);
    expect((await e.call('GET', `${ME}?maxResults=0`)).status).toBe(400);
    expect((await e.call('GET', `${T('@default')}?maxResults=101`)).status).toBe(400);
    expect((await e.call('GET', `${T('@default')}?maxResults=x`)).status).toBe(400);
    const list = await e.call('POST', ME, { title: 'Many' });
    const id = (list.body as { id: string }).id;
    for (let i = 0; i < 25; i++) await e.call('POST', T(id), { title: `t${i}` });
    const page = await e.call<Page<Task>>('GET', T(id));
    expect(page.body.items).toHaveLength(20);
    expect(page.body.nextPageToken).toBeTruthy();
  });

  it('insert needs a title; patch changes it; put replaces it; delete removes the list; the default stays', async () => {
    const e = setup();
    expect((await e.call<ErrorBody>('POST', ME, {})).body.error.code).toBe(400);
    expect((await e.call('POST', ME, { title: 'x'.repeat(1025) })).status).toBe(400);
    expect((await e.call('POST', ME, { title: 'ok', colour: 'red' })).status).toBe(400);
    const made = await e.call<{ id: string; etag: string; updated: string }>('POST', ME, {
      title: 'Chores',
      kind: 'tasks#taskList',
    });
    expect(made.status).toBe(200);
    e.clock.advance(1000);
    const renamed = await e.call<{ title: string; etag: string }>('PATCH', `${ME}/${made.body.id}`, {
      title: 'House',
    });
    expect(renamed.body.title).toBe('House');
    expect(renamed.body.etag).not.toBe(made.body.etag);
    expect((await e.call('PUT', `${ME}/${made.body.id}`, {})).status).toBe(400);
    expect((await e.call('PUT', `${ME}/${made.body.id}`, { id: 'other', title: 'x' })).status).toBe(400);
    expect(
      (await e.call<{ title: string }>('PUT', `${ME}/${made.body.id}`, { title: 'Home' })).body.title,
    ).toBe('Home');
    expect((await e.call('DELETE', `${ME}/${made.body.id}`)).status).toBe(204);
    expect((await e.call('GET', `${ME}/${made.body.id}`)).status).toBe(404);
    expect((await e.call('DELETE', `${ME}/${made.body.id}`)).status).toBe(404);
    const def = await e.call<ErrorBody>('DELETE', `${ME}/@default`);
    expect(def.status).toBe(400);
    expect(def.body.error.message).toContain('default task list cannot be deleted');
  });

  it('a user has at most 2,000 lists', async () => {
    const e = setup({ 'tasks.rate_limit': '5000' });
    for (let i = 4; i < 2000; i++) expect((await e.call('POST', ME, { title: `l${i}` })).status).toBe(200);
    const over = await e.call<ErrorBody>('POST', ME, { title: 'one too many' });
    expect(over.status).toBe(400);
    expect(over.body.error.errors[0]!.reason).toBe('limitExceeded');
  });
});

describe('listing tasks', () => {
  it('parents then their subtasks by position; completed shown, hidden, deleted and assigned not by default', async () => {
    const e = setup();
    expect(await e.titles()).toEqual([
      'Renew passport',
      'Book dentist appointment',
      'Plan team offsite',
      'Pick a venue',
      'Send invitations',
      'Draft the agenda',
      'Pay electricity bill',
    ]);
    expect(await e.titles('@default', '&showCompleted=false')).not.toContain('Pay electricity bill');
    expect(await e.titles('@default', '&showHidden=true')).toContain('Return library books');
    expect(await e.titles('@default', '&showHidden=true&showCompleted=false')).not.toContain(
      'Return library books',
    );
    expect(await e.titles('@default', '&showDeleted=true')).toContain('Call the plumber');
    expect(await e.titles('@default', '&showAssigned=true')).toContain('Review the design doc');
    const page = await e.call<Page<Task>>('GET', T('@default'));
    expect(page.body).toMatchObject({ kind: 'tasks#tasks', etag: expect.stringMatching(/^".+"$/) });
    const sub = page.body.items!.find((t) => t.title === 'Pick a venue')!;
    expect(sub.parent).toBe(page.body.items!.find((t) => t.title === 'Plan team offsite')!.id);
    expect(sub.position).toMatch(/^\d{20}$/);
  });

  it('bounds on completed, due and updated; a task without the value is left out', async () => {
    const e = setup();
    const now = e.clock.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(await e.titles('@default', `&completedMin=${iso(now - 30 * 3600_000)}`)).toEqual([
      'Send invitations',
    ]);
    expect(await e.titles('@default', `&completedMax=${iso(now - 30 * 3600_000)}`)).toEqual([
      'Pay electricity bill',
    ]);
    expect(await e.titles('@default', `&dueMax=${encodeURIComponent(iso(now + 5 * 86_400_000))}`)).toEqual([
      'Book dentist appointment',
    ]);
    expect(await e.titles('@default', `&dueMin=${iso(now + 20 * 86_400_000)}`)).toEqual([
      'Plan team offsite',
    ]);
    expect(await e.titles('@default', `&updatedMin=${iso(now - 90 * 60_000)}`)).toEqual(['Renew passport']);
    expect((await e.call('GET', `${T('@default')}?dueMin=2026-01-01`)).status).toBe(400);
    expect((await e.call('GET', `${T('@default')}?showHidden=yes`)).status).toBe(400);
  });

  it('an unknown list is 404 with the vendor body', async () => {
    const e = setup();
    const r = await e.call<ErrorBody>('GET', T('nope'));
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 404, status: 'NOT_FOUND', errors: [{ reason: 'notFound' }] });
    expect((await e.call('GET', `${T('@default')}/nope`)).status).toBe(404);
  });
});

describe('insert', () => {
  it('without previous a task goes first; with previous right after it; under a parent as a subtask', async () => {
    const e = setup();
    const first = await e.call<Task>('POST', T('@default'), { title: 'First' });
    expect(first.status).toBe(200);
    expect((await e.titles())[0]).toBe('First');
    const renew = await e.byTitle('Renew passport');
    await e.call('POST', `${T('@default')}?previous=${renew.id}`, { title: 'After renew' });
    expect((await e.titles()).slice(0, 3)).toEqual(['First', 'Renew passport', 'After renew']);
    const plan = await e.byTitle('Plan team offsite');
    const venue = await e.byTitle('Pick a venue');
    const sub = await e.call<Task>('POST', `${T('@default')}?parent=${plan.id}&previous=${venue.id}`, {
      title: 'Catering',
    });
    expect(sub.body.parent).toBe(plan.id);
    const all = await e.titles();
    expect(all.slice(all.indexOf('Plan team offsite'), all.indexOf('Plan team offsite') + 3)).toEqual([
      'Plan team offsite',
      'Pick a venue',
      'Catering',
    ]);
  });

  it('parent and previous must exist, not be hidden, previous a sibling, an assigned task never a parent', async () => {
    const e = setup();
    const hidden = await e.byTitle('Return library books');
    const venue = await e.byTitle('Pick a venue');
    const assigned = await e.byTitle('Review the design doc');
    const deleted = await e.byTitle('Call the plumber');
    for (const [q, message] of [
      ['parent=nope', /no task "nope"/],
      [`parent=${hidden.id}`, /is hidden/],
      [`previous=${hidden.id}`, /is hidden/],
      [`parent=${deleted.id}`, /no task/],
      [`previous=${venue.id}`, /not a sibling/],
      [`parent=${assigned.id}`, /cannot have subtasks/],
    ] as const) {
      const r = await e.call<ErrorBody>('POST', `${T('@default')}?${q}`, { title: 'x' });
      expect(`${q} ${r.status}`).toBe(`${q} 400`);
      expect(r.body.error.message).toMatch(message);
    }
  });

  it('the body: limits, types, unknown fields, due kept as a date, completed set with the status', async () => {
    const e = setup();
    const post = (body: unknown) => e.call<ErrorBody & Task>('POST', T('@default'), body);
    expect((await post({ title: 'x'.repeat(1025) })).status).toBe(400);
    expect((await post({ title: '😀'.repeat(1024) })).status).toBe(200);
    expect((await post({ title: 'x', notes: 'n'.repeat(8193) })).status).toBe(400);
    expect((await post({ title: 'x', status: 'done' })).status).toBe(400);
    expect((await post({ title: 5 })).status).toBe(400);
    expect((await post({ title: 'x', due: '2026-05-01' })).status).toBe(400);
    expect((await post({ title: 'x', priority: 1 })).body.error.message).toContain('Unknown name "priority"');
    expect((await e.call('POST', T('@default'), undefined as unknown)).status).toBe(200);
    const raw = await e.emulator.handle({
      method: 'POST',
      path: T('@default'),
      query: new URLSearchParams(),
      headers: { authorization: `Bearer ${TOKEN}` },
      body: Buffer.from('{"title":'),
      params: {},
    });
    expect(raw.status).toBe(400);
    const t = await post({
      title: 'Dated',
      due: '2026-05-01T18:45:00-02:00',
      status: 'completed',
      id: 'ignored',
      kind: 'x',
    });
    expect(t.body.due).toBe('2026-05-01T00:00:00.000Z');
    expect(t.body.status).toBe('completed');
    expect(t.body.completed).toBe(new Date(e.clock.now()).toISOString());
    expect(t.body.id).not.toBe('ignored');
  });

  it('a task has at most 2,000 subtasks, by insert or by move', async () => {
    const e = setup({ 'tasks.rate_limit': '5000' });
    const list = (await e.call<{ id: string }>('POST', ME, { title: 'Big' })).body.id;
    const parent = (await e.call<Task>('POST', T(list), { title: 'parent' })).body.id;
    const loose = (await e.call<Task>('POST', T(list), { title: 'loose' })).body.id;
    for (let i = 0; i < 2000; i++) await e.call('POST', `${T(list)}?parent=${parent}`, { title: `s${i}` });
    const over = await e.call<ErrorBody>('POST', `${T(list)}?parent=${parent}`, { title: 'one too many' });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toBe('Limit exceeded: a task can have at most 2000 subtasks');
    expect((await e.call('POST', `${T(list)}/${loose}/move?parent=${parent}`)).status).toBe(400);
    expect((await e.call('POST', `${T(list)}/${loose}/move`)).status).toBe(200);
  });

  it('positions stay in order when a gap runs out (the siblings are renumbered)', async () => {
    const e = setup();
    const list = (await e.call<{ id: string }>('POST', ME, { title: 'Stack' })).body.id;
    for (let i = 0; i < 40; i++) await e.call('POST', T(list), { title: `n${i}` });
    const got = await e.titles(list);
    expect(got).toEqual(Array.from({ length: 40 }, (_, i) => `n${39 - i}`));
    const positions = ((await e.call<Page<Task>>('GET', `${T(list)}?maxResults=100`)).body.items ?? []).map(
      (t) => t.position,
    );
    expect([...positions].sort()).toEqual(positions);
  });
});

describe('patch, update, delete, clear', () => {
  it('status sets and clears completed; reopening a cleared task shows it again; the etag follows changes', async () => {
    const e = setup();
    const t = await e.byTitle('Book dentist appointment');
    e.clock.advance(5000);
    const done = await e.call<Task>('PATCH', `${T('@default')}/${t.id}`, { status: 'completed' });
    expect(done.body.completed).toBe(new Date(e.clock.now()).toISOString());
    expect(done.body.etag).not.toBe(t.etag);
    expect(done.body.title).toBe(t.title);
    const again = await e.call<Task>('PATCH', `${T('@default')}/${t.id}`, { status: 'needsAction' });
    expect(again.body.completed).toBeUndefined();
    const hidden = await e.byTitle('Return library books');
    const reopened = await e.call<Task>('PATCH', `${T('@default')}/${hidden.id}`, { status: 'needsAction' });
    expect(reopened.body.hidden).toBeUndefined();
    expect(await e.titles()).toContain('Return library books');
  });

  it('patch null clears a field; notes cannot be set on an assigned task; the id must match', async () => {
    const e = setup();
    const t = await e.byTitle('Renew passport');
    const cleared = await e.call<Task>('PATCH', `${T('@default')}/${t.id}`, { notes: null, due: null });
    expect(cleared.body.notes).toBeUndefined();
    expect(cleared.body.due).toBeUndefined();
    const assigned = await e.byTitle('Review the design doc');
    expect((await e.call('PATCH', `${T('@default')}/${assigned.id}`, { notes: 'mine' })).status).toBe(400);
    expect((await e.call('PATCH', `${T('@default')}/${assigned.id}`, { title: 'Review it' })).status).toBe(
      200,
    );
    expect((await e.call('PATCH', `${T('@default')}/${t.id}`, { id: 'other' })).status).toBe(400);
  });

  it('put replaces the resource: what it leaves out is cleared; read-only fields are ignored', async () => {
    const e = setup();
    const t = await e.byTitle('Renew passport');
    const r = await e.call<Task>('PUT', `${T('@default')}/${t.id}`, {
      ...t,
      title: 'Renew ID',
      notes: undefined,
      due: undefined,
      parent: 'x',
      position: '0',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: 'Renew ID', status: 'needsAction', position: t.position });
    expect(r.body.notes).toBeUndefined();
    expect(r.body.due).toBeUndefined();
    expect(r.body.parent).toBeUndefined();
  });

  it('delete marks the task and its subtasks deleted; they are listed only with showDeleted', async () => {
    const e = setup();
    const plan = await e.byTitle('Plan team offsite');
    expect((await e.call('DELETE', `${T('@default')}/${plan.id}`)).status).toBe(204);
    const titles = await e.titles();
    expect(titles).not.toContain('Plan team offsite');
    expect(titles).not.toContain('Pick a venue');
    expect(await e.titles('@default', '&showDeleted=true')).toContain('Pick a venue');
    expect((await e.call<Task>('GET', `${T('@default')}/${plan.id}`)).body.deleted).toBe(true);
    const back = await e.call<Task>('PATCH', `${T('@default')}/${plan.id}`, { deleted: false });
    expect(back.body.deleted).toBeUndefined();
    expect((await e.call('DELETE', `${T('@default')}/nope`)).status).toBe(404);
  });

  it('clear hides the completed tasks, which then show only with showHidden', async () => {
    const e = setup();
    expect((await e.call('POST', '/tasks/v1/lists/@default/clear')).status).toBe(204);
    const titles = await e.titles();
    expect(titles).not.toContain('Pay electricity bill');
    expect(titles).not.toContain('Send invitations');
    expect(titles).toContain('Renew passport');
    const hidden = await e.byTitle('Pay electricity bill');
    expect(hidden.hidden).toBe(true);
    expect((await e.call('POST', '/tasks/v1/lists/nope/clear')).status).toBe(404);
  });
});

describe('move', () => {
  it('after previous, under a parent, back to the top first', async () => {
    const e = setup();
    const [renew, book, plan, draft] = await Promise.all(
      ['Renew passport', 'Book dentist appointment', 'Plan team offsite', 'Draft the agenda'].map((x) =>
        e.byTitle(x),
      ),
    );
    const moved = await e.call<Task>('POST', `${T('@default')}/${renew!.id}/move?previous=${book!.id}`);
    expect(moved.status).toBe(200);
    expect((await e.titles()).slice(0, 2)).toEqual(['Book dentist appointment', 'Renew passport']);
    const under = await e.call<Task>(
      'POST',
      `${T('@default')}/${renew!.id}/move?parent=${plan!.id}&previous=${draft!.id}`,
    );
    expect(under.body.parent).toBe(plan!.id);
    const all = await e.titles();
    expect(all.indexOf('Renew passport')).toBe(all.indexOf('Draft the agenda') + 1);
    const top = await e.call<Task>('POST', `${T('@default')}/${renew!.id}/move`);
    expect(top.body.parent).toBeUndefined();
    expect((await e.titles())[0]).toBe('Renew passport');
  });

  it('the rules: no cycles, previous a sibling, hidden anchors refused, a hidden completed task only first at the top', async () => {
    const e = setup();
    const [plan, venue, renew, hidden, assigned] = await Promise.all(
      [
        'Plan team offsite',
        'Pick a venue',
        'Renew passport',
        'Return library books',
        'Review the design doc',
      ].map((x) => e.byTitle(x)),
    );
    const move = (id: string, q: string) => e.call<ErrorBody>('POST', `${T('@default')}/${id}/move?${q}`);
    expect((await move(plan!.id, `parent=${venue!.id}`)).body.error.message).toMatch(/below itself/);
    expect((await move(plan!.id, `parent=${plan!.id}`)).status).toBe(400);
    expect((await move(renew!.id, `previous=${venue!.id}`)).body.error.message).toMatch(/not a sibling/);
    expect((await move(renew!.id, `previous=${hidden!.id}`)).body.error.message).toMatch(/hidden/);
    expect((await move(hidden!.id, `previous=${renew!.id}`)).body.error.message).toMatch(
      /first position at the top level/,
    );
    expect((await move(hidden!.id, '')).status).toBe(200);
    expect((await move(assigned!.id, `parent=${renew!.id}`)).body.error.message).toMatch(
      /cannot become a subtask/,
    );
    expect((await move('nope', '')).status).toBe(404);
  });

  it('destinationTasklist moves the task with its subtasks into the other list', async () => {
    const e = setup();
    const work = await e.listId('Work');
    const plan = await e.byTitle('Plan team offsite');
    const report = await e.byTitle('Quarterly report', work);
    const r = await e.call<Task>(
      'POST',
      `${T('@default')}/${plan.id}/move?destinationTasklist=${work}&previous=${report.id}`,
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: plan.id });
    expect(await e.titles()).not.toContain('Pick a venue');
    expect((await e.titles(work)).slice(0, 5)).toEqual([
      'Quarterly report',
      'Plan team offsite',
      'Pick a venue',
      'Send invitations',
      'Draft the agenda',
    ]);
    expect((await e.call('GET', `${T(work)}/${plan.id}`)).status).toBe(200);
    expect((await e.call('GET', `${T('@default')}/${plan.id}`)).status).toBe(404);
    expect((await e.call('POST', `${T(work)}/${plan.id}/move?destinationTasklist=nope`)).status).toBe(404);
  });
});

describe('rate limit and routing', () => {
  it('over the per-user rate: 429 rateLimitExceeded with Retry-After, until the window passes on the sandbox clock', async () => {
    const e = setup({ 'tasks.rate_limit': '2', 'tasks.rate_period': '10' });
    expect((await e.call('GET', ME)).status).toBe(200);
    expect((await e.call('GET', ME)).status).toBe(200);
    const r = await e.call<ErrorBody>('GET', ME);
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('10');
    expect(r.body.error).toMatchObject({
      status: 'RESOURCE_EXHAUSTED',
      errors: [{ reason: 'rateLimitExceeded', domain: 'usageLimits' }],
    });
    // Another user has a window of their own.
    expect((await e.as(OTHER_USER_TOKEN)('GET', ME)).status).toBe(200);
    e.clock.advance(10_000);
    expect((await e.call('GET', ME)).status).toBe(200);
    expect(e.emulator.stats!()).toMatchObject({ rateLimited: 1 });
  });

  it('an unknown path is 404 and a known one with another method 405, both in the vendor body', async () => {
    const e = setup();
    expect((await e.call<ErrorBody>('GET', '/tasks/v2/lists')).body.error.code).toBe(404);
    expect((await e.call<ErrorBody>('POST', `${ME}/@default`)).body.error.code).toBe(405);
  });

  it('reset brings back the seed data and its ids', async () => {
    const e = setup();
    const before = await e.byTitle('Milk', await e.listId('Groceries'));
    await e.call('DELETE', `${ME}/${await e.listId('Groceries')}`);
    e.emulator.reset();
    expect(await e.byTitle('Milk', await e.listId('Groceries'))).toEqual(before);
  });
});
