import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

// Key / value views of the secrets store as every service's (issue 37, item 8): fields in lower-case
// words, times in UTC to the second off a terminal; JSON keeps the API's keys and values.
const sb = await useSandbox({ services: ['secrets'] });
const ops = (args: string[]) => runMain(args, { env: sb.env });
const SECOND = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ';

/** The key column of a view: every line's words before the value. */
const keysOf = (out: string) =>
  out
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('=='))
    .map((l) => l.split(/\s{2,}/)[0]!);

describe('secrets views off a terminal', () => {
  it('secrets status: lower-case words, the server time to the second', async () => {
    const r = await ops(['secrets', 'status']);
    expect(r.code, r.stderr).toBe(0);
    expect(keysOf(r.stdout)).toEqual([
      'seal type',
      'initialized',
      'sealed',
      'total shares',
      'threshold',
      'version',
      'build date',
      'storage type',
      'cluster name',
      'cluster id',
      'ha mode',
      'server time',
    ]);
    expect(r.stdout).toMatch(new RegExp(`^server time +${SECOND}$`, 'm'));
    expect(r.stdout).toMatch(/^sealed +no$/m);
    const json = JSON.parse((await ops(['secrets', 'status', '--json'])).stdout);
    expect(json).toMatchObject({ type: 'shamir', sealed: false });
    expect(typeof json.server_time_utc).toBe('number');
  });

  it('secrets kv get: metadata fields in words and times to the second; the data keys as written', async () => {
    const r = await ops(['secrets', 'kv', 'get', 'secret/app/db']);
    expect(r.code, r.stderr).toBe(0);
    const [meta, data] = r.stdout.split('\n== Data ==\n');
    expect(keysOf(meta!)).toEqual([
      'created time',
      'custom metadata',
      'deletion time',
      'destroyed',
      'version',
    ]);
    expect(meta).toMatch(new RegExp(`^created time +${SECOND}$`, 'm'));
    expect(keysOf(data!)).toEqual(['password', 'username']);
    expect(r.stdout).not.toMatch(/KEY|VALUE|_time|\.\d+Z/);
    const json = JSON.parse((await ops(['secrets', 'kv', 'get', 'secret/app/db', '--json'])).stdout);
    expect(json.data.metadata.created_time).toMatch(/\.\d{9}Z$/);
  });

  it('secrets kv metadata get: the same, above the versions table', async () => {
    const r = await ops(['secrets', 'kv', 'metadata', 'get', 'secret/app/db']);
    expect(r.code, r.stderr).toBe(0);
    const [meta] = r.stdout.split('\n== Versions ==\n');
    expect(keysOf(meta!)).toEqual([
      'cas required',
      'created time',
      'current version',
      'custom metadata',
      'delete version after',
      'max versions',
      'oldest version',
      'updated time',
    ]);
    expect(meta).toMatch(new RegExp(`^created time +${SECOND}\\nc`, 'm'));
    expect(meta).toMatch(new RegExp(`^updated time +${SECOND}$`, 'm'));
    expect(meta).not.toMatch(/KEY|VALUE|_|\.\d+Z/);
  });
});
