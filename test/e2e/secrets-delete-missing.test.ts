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
    [['kv', 'delete', 'secret/app/nope'], 'ops: secret app/nope not found in mount secret/'],
    [['kv', 'delete', 'kv/app/nope'], 'ops: secret app/nope not found in mount kv/'],
    [['kv', 'metadata', 'delete', 'secret/app/nope'], 'ops: secret app/nope not found in mount secret/'],
    [
      ['kv', 'destroy', 'secret/app/nope', '--versions', '1'],
      'ops: secret app/nope not found in mount secret/',
    ],
    [
      ['kv', 'delete', 'secret/app/db', '--versions', '1,99'],
      'ops: version 99 not found in secret secret/app/db',
    ],
    [['delete', 'kv/app/nope'], 'ops: path kv/app/nope not found in the secrets store'],
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
