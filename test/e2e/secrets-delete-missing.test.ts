import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * docs/grammar.md, "Outcomes": a delete of something missing is exit 3, though the store answers 204 to
 * a delete either way: each delete reads first (after confirming; a planned read under --dry-run).
 */

const sb = await useSandbox({ services: ['secrets'] });
const ops = (args: string[]) => runMain(['secrets', ...args], { env: sb.env });
const sent = async () => (await sb.counters()).requests.secrets ?? {};

describe('a delete of something missing is exit 3 naming it and where', () => {
  it.each([
    [
      ['kv', 'delete', 'secret/app/nope'],
      'ops: secrets: secret app/nope not found in mount secret/ (HTTP 404)',
    ],
    [['kv', 'delete', 'kv/app/nope'], 'ops: secrets: secret app/nope not found in mount kv/ (HTTP 404)'],
    [
      ['kv', 'metadata', 'delete', 'secret/app/nope'],
      'ops: secrets: secret app/nope not found in mount secret/ (HTTP 404)',
    ],
    [
      ['kv', 'destroy', 'secret/app/nope', '--versions', '1'],
      'ops: secrets: secret app/nope not found in mount secret/ (HTTP 404)',
    ],
    [
      ['kv', 'delete', 'secret/app/db', '--versions', '1,99'],
      'ops: secrets: version 99 not found in secret secret/app/db',
    ],
    [['delete', 'kv/app/nope'], 'ops: secrets: path kv/app/nope not found in the secrets store (HTTP 404)'],
  ])('%j', async (args, line) => {
    const r = await ops([...args, '--yes']);
    expect(r.stderr.split('\n')[0]).toBe(line);
    expect(r.code).toBe(3);
    // Nothing was deleted: the one request after the mount lookup is a read.
    expect(Object.keys(await sent()).filter((k) => !k.startsWith('GET '))).toEqual([]);
  });

  it('a delete of what is there still deletes: exit 0', async () => {
    for (const args of [
      ['kv', 'delete', 'secret/app/db'],
      ['kv', 'metadata', 'delete', 'secret/app/db'],
      ['delete', 'kv/app/legacy'],
    ]) {
      const r = await ops([...args, '--yes']);
      expect(r.stderr, args.join(' ')).toBe('');
      expect(r.code, args.join(' ')).toBe(0);
    }
  });

  it('--dry-run names the read it sends, and a missing secret is exit 3 there too', async () => {
    const r = await runMain(['--dry-run', 'secrets', 'kv', 'delete', 'secret/app/nope'], { env: sb.env });
    expect(r.stderr).toMatch(/GET \S+\/v1\/secret\/metadata\/app\/nope/);
    expect(r.stderr).toMatch(/secret app\/nope not found in mount secret\//);
    expect(r.code).toBe(3);
  });
});

describe('one line for one miss, whichever verb met it', () => {
  it.each([
    ['secret/app/nope', ['kv', 'get'], ['kv', 'delete']],
    ['kv/app/nope', ['kv', 'get'], ['kv', 'delete']],
    ['secret/app/nope', ['kv', 'metadata', 'get'], ['kv', 'metadata', 'delete']],
    ['kv/app/nope', ['read'], ['delete']],
  ])('%s: %j and %j', async (path, get, del) => {
    const read = await ops([...get, path]);
    const deleted = await ops([...del, path, '--yes']);
    expect(read.code).toBe(3);
    expect(deleted.code).toBe(3);
    expect(deleted.stderr).toBe(read.stderr);
    expect(read.stderr).toMatch(/^ops: secrets: .* not found in .* \(HTTP 404\)\n/);
  });

  it('with --json, the same envelope: status 404 and the service', async () => {
    const read = await ops(['kv', 'get', 'secret/app/nope', '--json']);
    const deleted = await ops(['kv', 'delete', 'secret/app/nope', '--yes', '--json']);
    expect(JSON.parse(deleted.stderr)).toEqual(JSON.parse(read.stderr));
    expect(JSON.parse(read.stderr).error).toMatchObject({
      status: 404,
      service: 'secrets',
    });
  });
});

describe('the read before a delete asks only whether it is there: its status, not its body', () => {
  it('a 200 with an empty body (a mock of the vendor description) lets the delete go on', async () => {
    await sb.fault({
      service: 'secrets',
      method: 'GET',
      path: '/v1/secret/metadata/app/db',
      kind: 'status',
      status: 200,
      body: '',
    });
    const r = await ops(['kv', 'delete', 'secret/app/db', '--yes']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(await sent()).toMatchObject({ 'DELETE /v1/secret/data/app/db': 1 });
  });

  it('a 200 whose body is not JSON, on a KV v1 path, too', async () => {
    await sb.fault({
      service: 'secrets',
      method: 'GET',
      path: '/v1/kv/app/legacy',
      kind: 'html',
      status: 200,
    });
    const r = await ops(['kv', 'delete', 'kv/app/legacy', '--yes']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(await sent()).toMatchObject({ 'DELETE /v1/kv/app/legacy': 1 });
  });
});
