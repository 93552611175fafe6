import { describe, expect, it } from 'vitest';
import { type Failure, isIdempotent, mayRepeat } from '../../../src/clients/http/retry.js';
import { runMain } from '../../helpers/cli.js';
import { useSandbox } from '../../helpers/sandbox.js';

// A write is sent again only when sending it twice is the same as once, or when it provably never
// reached the service: one rule for every failure and every service (README, "HTTP behaviour").
const sb = await useSandbox({ services: ['tasks', 'secrets', 'runs'] });
const ops = (args: string[]) => runMain(args, { env: { ...sb.env, OPS_RETRIES: '1' } });
/** The requests the sandbox saw with this method whose path holds `part`. */
const seen = async (service: string, method: string, part: string) =>
  Object.entries((await sb.counters()).requests[service] ?? {})
    .filter(([k]) => k.startsWith(`${method} `) && k.includes(part))
    .reduce((n, [, v]) => n + v, 0);

describe('a write after a dropped connection', () => {
  it('tasks lists rename (a PATCH of fields) is sent again, as tasks update is', async () => {
    await sb.fault({ service: 'tasks', method: 'PATCH', path: '/tasks/v1/users/@me/lists/', kind: 'drop' });
    const renamed = await ops(['tasks', 'lists', 'rename', 'Groceries', 'Shopping', '--json']);
    expect(renamed.stderr).toBe('');
    expect(renamed.code).toBe(0);
    expect(JSON.parse(renamed.stdout).title).toBe('Shopping');

    await sb.fault({ service: 'tasks', method: 'PATCH', path: '/tasks/v1/lists/', kind: 'drop' });
    const updated = await ops(['tasks', 'update', 'dDA6Mg', '--notes', 'again', '--json']);
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout).notes).toBe('again');
  });

  it('runs variable set of an existing variable (a PATCH of its value) is sent again', async () => {
    expect((await ops(['runs', 'variable', 'set', 'FEATURE_FLAG', '--body', 'on'])).code).toBe(0);
    await sb.fault({ service: 'runs', method: 'PATCH', path: '/repos/', kind: 'drop' });
    const r = await ops(['runs', 'variable', 'set', 'FEATURE_FLAG', '--body', 'off', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(await seen('runs', 'PATCH', '/variables/FEATURE_FLAG')).toBe(2);
  });

  it('secrets kv put (a KV v2 write adds a version each time it arrives) is not sent again', async () => {
    const before = JSON.parse(
      (await ops(['secrets', 'kv', 'metadata', 'get', 'secret/app/db', '--json'])).stdout,
    );
    await sb.fault({ service: 'secrets', method: 'POST', path: '/v1/secret/data/app/db', kind: 'drop' });
    const put = await ops(['secrets', 'kv', 'put', 'secret/app/db', 'username=app']);
    expect(put.stderr).toMatch(/^ops: secrets: connection to .* dropped before a complete answer/);
    expect(put.code).toBe(7);
    expect(await seen('secrets', 'POST', '/data/app/db')).toBe(1);
    const after = JSON.parse(
      (await ops(['secrets', 'kv', 'metadata', 'get', 'secret/app/db', '--json'])).stdout,
    );
    expect(after.current_version).toBe(before.current_version);
  });

  it('secrets kv put after a 503 is not sent again; a KV v1 write (an upsert) and a read are', async () => {
    await sb.fault({
      service: 'secrets',
      method: 'POST',
      path: '/v1/secret/data/',
      kind: 'status',
      status: 503,
    });
    expect((await ops(['secrets', 'kv', 'put', 'secret/app/db', 'username=app'])).code).toBe(7);
    expect(await seen('secrets', 'POST', '/data/app/db')).toBe(1);

    await sb.fault({ service: 'secrets', method: 'POST', path: '/v1/kv/app/new', kind: 'drop' });
    expect((await ops(['secrets', 'kv', 'put', 'kv/app/new', 'a=1'])).code).toBe(0);
    expect(await seen('secrets', 'POST', '/kv/app/new')).toBe(2);

    await sb.fault({ service: 'secrets', method: 'GET', path: '/v1/secret/data/app/db', kind: 'drop' });
    expect((await ops(['secrets', 'kv', 'get', 'secret/app/db', '--json'])).code).toBe(0);
  });
});

describe('mayRepeat, the one rule', () => {
  const dropped: Failure = { kind: 'network', error: Object.assign(new Error('x'), { code: 'ECONNRESET' }) };
  const refused: Failure = {
    kind: 'network',
    error: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
  };
  it.each([
    [
      'a rate limit or a 412 of the secrets store, any write',
      { kind: 'not-acted-on' } as Failure,
      false,
      true,
    ],
    ['a 503, a POST', { kind: 'status' } as Failure, false, false],
    ['a 503, an idempotent write', { kind: 'status' } as Failure, true, true],
    ['a timeout, a POST', { kind: 'timeout' } as Failure, false, false],
    ['a timeout, a PUT', { kind: 'timeout' } as Failure, true, true],
    ['a dropped connection, a POST', dropped, false, false],
    ['a dropped connection, a PATCH of fields', dropped, true, true],
    ['a refused connection, a POST', refused, false, true],
  ])('%s', (_, failure, idempotent, repeat) => {
    expect(mayRepeat(failure, idempotent)).toBe(repeat);
  });

  it('takes the method’s definition unless the operation says otherwise', () => {
    for (const m of ['GET', 'head', 'PUT', 'DELETE', 'OPTIONS', 'LIST'])
      expect(isIdempotent(m, undefined)).toBe(true);
    for (const m of ['POST', 'PATCH']) expect(isIdempotent(m, undefined)).toBe(false);
    expect(isIdempotent('PATCH', true)).toBe(true);
    expect(isIdempotent('PUT', false)).toBe(false);
  });
});
