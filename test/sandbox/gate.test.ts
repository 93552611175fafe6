import { describe, expect, it } from 'vitest';
import {
  Clock,
  type Reply,
  ReplyError,
  type SandboxRequest,
  json,
  settingsOf,
} from '../../src/sandbox/core/framework.js';
import { Gate } from '../../src/sandbox/core/gate.js';

const request = (headers: Record<string, string> = {}, method = 'GET'): SandboxRequest => ({
  method,
  path: '/items',
  query: new URLSearchParams(),
  headers,
  body: Buffer.alloc(0),
  params: {},
});

/** A bearer-token service: 401 without the token, 403 for the read-only one on a change. */
function service(o: { retryAfter?: boolean; headers?: boolean } = {}) {
  const clock = new Clock();
  const counts = { requests: 0, unauthorized: 0, forbidden: 0, rateLimited: 0, invalid: 0, other: 'kept' };
  const gate = new Gate<{ user: string }, boolean>({
    clock,
    counts,
    authenticate(req, change) {
      const token = req.headers.authorization;
      if (token !== 'Bearer a' && token !== 'Bearer b' && token !== 'Bearer ro')
        throw new ReplyError(json(401, { error: 'who are you' }));
      if (change && token === 'Bearer ro') throw new ReplyError(json(403, { error: 'read only' }));
      return { user: token.slice(7) };
    },
    rate: {
      limit: 2,
      windowMs: 60_000,
      key: (_req, grant) => grant.user,
      refuse: () => json(429, { error: 'slow down' }),
      ...(o.retryAfter === false && { retryAfter: false }),
      ...(o.headers && { headers: (hit) => ({ 'x-remaining': String(hit.remaining) }) }),
    },
    tally: (reply) => (reply.status === 400 ? 'invalid' : undefined),
  });
  const ok = gate.guard((_req, grant) => json(200, { user: grant.user }));
  const bad = gate.guard(() => {
    throw new ReplyError(json(400, { error: 'bad value' }));
  }, true);
  const later = gate.guard(async () => json(201, {}));
  return { clock, counts, gate, ok, bad, later };
}

describe('Gate: what every emulator does before its routes', () => {
  it('counts each request; a 401 from the credential check is unauthorized, a 403 forbidden', async () => {
    const s = service();
    expect(s.ok(request()).status).toBe(401);
    expect((s.bad(request({ authorization: 'Bearer ro' })) as Reply).status).toBe(403);
    expect((s.ok(request({ authorization: 'Bearer a' })) as Reply).body).toEqual({ user: 'a' });
    expect(s.counts).toEqual({
      requests: 3,
      unauthorized: 1,
      forbidden: 1,
      rateLimited: 0,
      invalid: 0,
      other: 'kept',
    });
  });

  it('past the limit: the service refusal with Retry-After, counted; each key has its own window', () => {
    const s = service();
    const a = request({ authorization: 'Bearer a' });
    s.ok(a);
    s.ok(a);
    const refused = s.ok(a) as Reply;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'slow down' });
    expect(refused.headers?.['retry-after']).toBe('60');
    expect(s.counts.rateLimited).toBe(1);
    expect((s.ok(request({ authorization: 'Bearer b' })) as Reply).status).toBe(200);
    s.clock.advance(60_000);
    expect((s.ok(a) as Reply).status).toBe(200);
  });

  it('no Retry-After where the service tells the limit in its body only', () => {
    const s = service({ retryAfter: false });
    const a = request({ authorization: 'Bearer a' });
    s.ok(a);
    s.ok(a);
    const refused = s.ok(a) as Reply;
    expect(refused.status).toBe(429);
    expect(refused.headers?.['retry-after']).toBeUndefined();
  });

  it('rate headers go on every answer after the credential check, errors and refusals included', async () => {
    const s = service({ headers: true });
    const a = request({ authorization: 'Bearer a' });
    expect((s.ok(request()) as Reply).headers?.['x-remaining']).toBeUndefined();
    expect((s.ok(a) as Reply).headers?.['x-remaining']).toBe('1');
    expect((s.bad(a) as Reply).headers).toEqual({ 'x-remaining': '0' });
    expect((s.ok(a) as Reply).headers).toMatchObject({ 'x-remaining': '0', 'retry-after': '60' });
    expect((await s.later(request({ authorization: 'Bearer b' }))).headers?.['x-remaining']).toBe('1');
  });

  it('a thrown reply is answered and tallied; anything else is thrown on', async () => {
    const s = service();
    const answer = s.bad(request({ authorization: 'Bearer a' })) as Reply;
    expect(answer).toMatchObject({ status: 400, body: { error: 'bad value' } });
    expect(s.counts.invalid).toBe(1);
    const boom = new Gate({
      clock: new Clock(),
      counts: {},
      authenticate: () => undefined,
    }).guard(() => {
      throw new Error('bug');
    });
    expect(() => boom(request())).toThrow('bug');
  });

  it('several limits are spent in order: a refusal by the first spends nothing of the next', () => {
    const counts = { requests: 0, rateLimited: 0, secondaryLimited: 0 };
    const gate = new Gate({
      clock: new Clock(),
      counts,
      authenticate: () => undefined,
      rate: [
        {
          limit: 3,
          windowMs: 3_600_000,
          refuse: () => json(429, { which: 'primary' }),
          retryAfter: false,
          headers: (hit) => ({ 'x-left': String(hit.remaining) }),
        },
        {
          limit: 1,
          windowMs: 60_000,
          counter: 'secondaryLimited',
          refuse: () => json(429, { which: 'secondary' }),
        },
      ],
    });
    const ok = gate.guard((_req, _grant, hits) => json(200, { left: hits.map((h) => h.remaining) }));
    expect((ok(request()) as Reply).body).toEqual({ left: [2, 0] });
    const second = ok(request()) as Reply;
    expect(second).toMatchObject({ status: 429, body: { which: 'secondary' } });
    expect(second.headers).toEqual({ 'x-left': '1', 'retry-after': '60' });
    gate.refund('');
    expect((ok(request()) as Reply).headers).toEqual({ 'x-left': '1', 'retry-after': '60' });
    ok(request());
    const first = ok(request()) as Reply;
    expect(first).toMatchObject({ status: 429, body: { which: 'primary' }, headers: { 'x-left': '0' } });
    expect(first.headers?.['retry-after']).toBeUndefined();
    expect(counts).toEqual({ requests: 5, rateLimited: 1, secondaryLimited: 3 });
  });

  it('reset zeroes the numeric counters and the windows', () => {
    const s = service();
    const a = request({ authorization: 'Bearer a' });
    for (let i = 0; i < 3; i++) s.ok(a);
    s.gate.reset();
    expect(s.counts).toMatchObject({ requests: 0, rateLimited: 0, other: 'kept' });
    expect((s.ok(a) as Reply).status).toBe(200);
  });
});

describe('Gate: counters an emulator makes anew on reset', () => {
  it('counts into whatever object the counts function gives at each request', () => {
    const clock = new Clock();
    let state = { requests: 0, rateLimited: 0 };
    const gate = new Gate({
      clock,
      counts: () => state,
      authenticate() {},
      rate: { limit: 1, windowMs: 1000, refuse: () => json(429, {}) },
    });
    const ok = gate.guard(() => json(200, {}));
    ok(request());
    ok(request());
    expect(state).toEqual({ requests: 2, rateLimited: 1 });
    state = { requests: 0, rateLimited: 0 };
    gate.reset();
    expect(ok(request()).status).toBe(200);
    expect(state).toEqual({ requests: 1, rateLimited: 0 });
  });
});

describe('settingsOf: the one --set parser of the emulators', () => {
  const read = (settings: Record<string, string>) =>
    settingsOf({ clock: new Clock(), options: { credentials: {}, settings } }, 'svc');

  it('gives the default when unset or empty, and the value with its type otherwise', () => {
    const s = read({
      'svc.count': '12',
      'svc.empty': '',
      'svc.mode': 'SEALED',
      'svc.on': 'TRUE',
      'svc.t': '1.5',
    });
    expect(s.int('count', 3, 0)).toBe(12);
    expect(s.int('empty', 3, 0)).toBe(3);
    expect(s.int('missing', 3, 0)).toBe(3);
    expect(s.choice('mode', ['unsealed', 'sealed'], 'unsealed')).toBe('sealed');
    expect(s.flag('on', false)).toBe(true);
    expect(s.flag('missing', true)).toBe(true);
    expect(s.number('t', 0, 0)).toBe(1.5);
    expect(s.text('empty')).toBeUndefined();
  });

  it('refuses a bad value naming the setting, what it must be and the value', () => {
    const s = read({ 'svc.count': 'many', 'svc.min': '0', 'svc.mode': 'melted', 'svc.on': 'maybe' });
    expect(() => s.int('count', 1, 0)).toThrow(
      'svc.count must be a whole number >= 0 (--set svc.count=many)',
    );
    expect(() => s.int('min', 1, 1)).toThrow('svc.min must be a whole number >= 1 (--set svc.min=0)');
    expect(() => s.choice('mode', ['a', 'b'], 'a')).toThrow(
      'svc.mode must be one of a, b (--set svc.mode=melted)',
    );
    expect(() => s.flag('on', false)).toThrow('svc.on must be one of true, false (--set svc.on=maybe)');
  });
});
