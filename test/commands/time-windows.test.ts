import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTimeWindow } from '../../src/commands/shared/parse.js';
import { UsageError } from '../../src/errors.js';
import { main } from '../../src/main.js';
import { memoryIo } from '../helpers/io.js';
import { type CountingServer, countingServer, everyServiceAt, leafCommands } from '../helpers/tree-walk.js';

/**
 * docs/grammar.md, "Values": a window that ends before it starts is exit 2 before any request, in every
 * verb that takes one (`--since`/`--until` and each `--<field>-since`/`--<field>-until`), the windows cut
 * to days included. The verbs are found in the built tree, not listed by hand.
 */

const longs = (c: Command) => c.options.filter((o) => !o.hidden).map((o) => o.long ?? '');

/** Arguments and flags a verb checks before its window (any id does: nothing is sent). */
const ARGS: Record<string, string[]> = {
  'cloud lb metrics': ['9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e01', 'requests'],
  'cloud asg create': [
    '--type',
    'SCHEDULED',
    '--reference',
    'x',
    '--instance',
    '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01',
    '--desired',
    '1',
  ],
};

/** The names of a window's two ends: `--since`/`--until`, `--<field>-since`/…, `--starts-at`/`--ends-at`. */
const ENDS: Array<[RegExp, string]> = [
  [/since$/, 'until'],
  [/starts-at$/, 'ends-at'],
];

/** Each verb with each window it takes, as [path, start flag, end flag]. */
const windows = (await leafCommands()).flatMap(([path, cmd]) =>
  longs(cmd).flatMap((start) =>
    ENDS.filter(([re]) => re.test(start))
      .map(([re, end]) => start.replace(re, end))
      .filter((end) => longs(cmd).includes(end))
      .map((end) => [path, start, end, cmd] as const),
  ),
);

describe('a window that ends before it starts', () => {
  let server: CountingServer;
  beforeAll(async () => {
    server = await countingServer((_req, res) => res.writeHead(500).end());
  });
  afterAll(() => server.close());

  it('is found in the verbs of several services', () => {
    const paths = windows.map(([p, s]) => `${p} ${s}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'runs list --since',
        'cloud lb metrics --since',
        'cloud instance metrics cpu --since',
        'pipelines policy decisions list --since',
        'tasks list --due-since',
        'tasks list --completed-since',
        'dataapi errors keywords --since',
        'cloud asg create --starts-at',
        'cloud asg update --starts-at',
      ]),
    );
  });

  it.each(windows.map(([p, s, u, c]) => [`${p} ${s}`, p, s, u, c] as const))(
    '%s -1h with its until at -2h is exit 2, no request sent',
    async (_name, path, since, until, cmd) => {
      const args = ARGS[path] ?? cmd.registeredArguments.map((a) => a.argChoices?.[0] ?? '1');
      for (const o of cmd.options) if (o.mandatory) args.push(o.long!, o.argChoices?.[0] ?? '1');
      const io = memoryIo({ env: { ...everyServiceAt(server.url), OPS_RUNS_REPO: 'o/r' } });
      const before = server.requests.length;
      const argv = [...path.split(' '), ...args, since, '-1h', until, '-2h', '--yes'];
      const code = await main(['node', 'ops', ...argv], io);
      expect(io.err(), path).toContain(`ops: ${until} "-2h" is before ${since} "-1h"`);
      expect(code, path).toBe(2);
      expect(server.requests.length - before, path).toBe(0);
    },
  );
});

describe('parseTimeWindow', () => {
  const now = Date.parse('2026-11-28T06:00:00Z');

  it('reads both ends; an end equal to the start is a window', () => {
    expect(parseTimeWindow({ since: '-1h', until: '-1h' }, now)).toEqual({
      since: now / 1000 - 3600,
      until: now / 1000 - 3600,
    });
    expect(parseTimeWindow({ until: '2026-11-01' }, now)).toEqual({ since: undefined, until: 1793491200 });
  });

  it('names the flags of the window and both times', () => {
    const err = (() => {
      try {
        parseTimeWindow({ since: '-1h', until: '-2h' }, now, { since: '--due-since', until: '--due-until' });
      } catch (e) {
        return e as UsageError;
      }
    })();
    expect(err).toBeInstanceOf(UsageError);
    expect(err!.message).toBe('--due-until "-2h" is before --due-since "-1h"');
    expect(err!.hint).toBe(
      'got --due-since 2026-11-28T05:00:00Z and --due-until 2026-11-28T04:00:00Z: give the earlier time to --due-since',
    );
  });
});
