import { describe, expect, it } from 'vitest';
import { runCli, runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * The lists a service answers whole (a LIST of keys, one document) or ops holds (the meter
 * catalogue) take --limit (default 30) and --all as every list does (docs/grammar.md, "Shared
 * flags"): --limit cuts here, and a cut list says so on a terminal, as a paged list does.
 */

const sb = await useSandbox({ services: ['secrets', 'meter', 'breach', 'runs', 'cloud'] });
const cli = (args: string[]) => runCli(args, { env: sb.env });

const WHOLE: Array<[string[], string]> = [
  [['secrets', 'kv', 'list', 'secret/'], 'keys'],
  [['secrets', 'list', 'secret/metadata/'], 'keys'],
  [['meter', 'catalogue'], 'kinds'],
  [['breach', 'dataclasses'], 'data classes'],
  [['breach', 'list'], 'breaches'],
  [['runs', 'runner', 'downloads', '--repo', 'octo-org/hello-world'], 'packages'],
  [['runs', 'runner', 'labels', 'list', '7', '--repo', 'octo-org/hello-world'], 'labels'],
];

const count = (stdout: string) => (JSON.parse(stdout) as unknown[]).length;

describe('a list answered whole takes --limit and --all', () => {
  it.each(WHOLE)('%j', async (args, noun) => {
    const all = await cli([...args, '--all', '--json']);
    expect(all.code, all.stderr).toBe(0);
    const total = count(all.stdout);
    expect(total).toBeGreaterThan(1);
    const one = await cli([...args, '--limit', '1', '--json']);
    expect({ code: one.code, n: count(one.stdout), stderr: one.stderr }).toEqual({
      code: 0,
      n: 1,
      stderr: '',
    });
    const plain = await cli([...args, '--json']);
    expect(count(plain.stdout)).toBe(Math.min(total, 30));
    const cut = await runMain([...args, '--limit', '1'], { env: { ...sb.env, NO_COLOR: '1' }, tty: true });
    expect(cut.code, cut.stderr).toBe(0);
    // The catalogue's pointer to `ops api meter` follows the hint.
    expect(cut.stderr.split('\n')[0]).toBe(`1 of ${total} ${noun} shown; --all or --limit N for more`);
    const both = await cli([...args, '--limit', '1', '--all']);
    expect(both).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'ops: --limit and --all cannot be combined\nhint: give one of them\n',
    });
  });

  it('the meter catalogue (67 kinds, held by ops) shows the first 30 by default, as every list', async () => {
    const plain = await cli(['meter', 'catalogue', '-o', 'csv']);
    expect(plain.stdout.trim().split('\n')).toHaveLength(31);
    const tty = await runMain(['meter', 'catalogue'], { env: { ...sb.env, NO_COLOR: '1' }, tty: true });
    expect(tty.stderr.split('\n')[0]).toMatch(/^30 of \d+ kinds shown; --all or --limit N for more$/);
  });

  it('breach domains and cloud instance credentials list cut the same way', async () => {
    const domains = await cli(['breach', 'domains', '--limit', '1', '--json']);
    expect(count(domains.stdout)).toBe(1);
    const creds = await cli(['cloud', 'instance', 'credentials', 'list', 'web-01', '--limit', '1', '--json']);
    expect(creds.code, creds.stderr).toBe(0);
    expect(count(creds.stdout)).toBeLessThanOrEqual(1);
    const zero = await cli(['breach', 'domains', '--limit', '0']);
    expect(zero).toMatchObject({
      code: 2,
      stderr: 'ops: invalid --limit "0"\nhint: give a whole number >= 1\n',
    });
  });
});
