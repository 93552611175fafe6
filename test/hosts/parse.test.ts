import { describe, expect, it } from 'vitest';
import { SORT_FIELDS, hostsListCommand } from '../../src/commands/hosts/list.js';
import { hostsMuteCommand } from '../../src/commands/hosts/mute.js';
import { hostsTotalsCommand } from '../../src/commands/hosts/totals.js';
import { hostsUnmuteCommand } from '../../src/commands/hosts/unmute.js';
import { UsageError } from '../../src/errors.js';
import { SORT_FIELDS as SERVICE_SORT_FIELDS } from '../../src/sandbox/hosts/search.js';
import { parseVerb } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: a table of builders with different option types
type Make = (f: any, run: any) => any;

const NOW = Math.floor(Date.now() / 1000);
const query = {
  filter: undefined,
  sort_field: undefined,
  sort_dir: undefined,
  start: undefined,
  count: 30,
  from: undefined,
  include_muted_hosts_data: undefined,
  include_hosts_metadata: undefined,
};

const ok: Array<[string, Make, string[], Record<string, unknown>]> = [
  ['list: 30 hosts, one page', hostsListCommand, ['list'], { limit: 30, query }],
  [
    'list with every query flag',
    hostsListCommand,
    [
      'list',
      '--filter',
      'role:db env:prod',
      '--sort-field',
      'cpu',
      '--sort-dir',
      'DESC',
      '--start',
      '0',
      '--count',
      '50',
      '--since',
      '1700000000',
      '--include-muted',
      '--include-metadata',
    ],
    {
      limit: 50,
      query: {
        filter: 'role:db env:prod',
        sort_field: 'cpu',
        sort_dir: 'desc',
        start: 0,
        count: 50,
        from: 1_700_000_000,
        include_muted_hosts_data: true,
        include_hosts_metadata: true,
      },
    },
  ],
  [
    'list --all: pages of 1000, no limit',
    hostsListCommand,
    ['list', '--all'],
    { limit: undefined, query: { ...query, count: 1000 } },
  ],
  [
    'list --all --count 200',
    hostsListCommand,
    ['list', '--all', '--count', '200'],
    { limit: undefined, query: { ...query, count: 200 } },
  ],
  [
    'list --limit 2500: pages of 1000',
    hostsListCommand,
    ['list', '--limit', '2500'],
    { limit: 2500, query: { ...query, count: 1000 } },
  ],
  ['list --limit 5', hostsListCommand, ['list', '--limit', '5'], { limit: 5, query: { ...query, count: 5 } }],
  [
    'list --limit 30 --count 10',
    hostsListCommand,
    ['list', '--limit', '30', '--count', '10'],
    { limit: 30, query: { ...query, count: 10 } },
  ],
  [
    'list --since ISO',
    hostsListCommand,
    ['list', '--since', '2026-01-02T03:04:05Z'],
    { limit: 30, query: { ...query, from: 1_767_323_045 } },
  ],
  [
    'list --token-stdin: the key is read, not kept in the options',
    hostsListCommand,
    ['list', '--token-stdin'],
    { limit: 30, query },
  ],
  ['totals', hostsTotalsCommand, ['totals'], { from: undefined }],
  ['totals --since epoch', hostsTotalsCommand, ['totals', '--since', '1700000000'], { from: 1_700_000_000 }],
  ['mute, until unmuted', hostsMuteCommand, ['mute', 'web-001'], { host: 'web-001', settings: {} }],
  [
    'mute --end epoch --message --override',
    hostsMuteCommand,
    ['mute', 'web-001', '--end', String(NOW + 7200), '--message', 'deploy', '--override'],
    { host: 'web-001', settings: { end: NOW + 7200, message: 'deploy', override: true } },
  ],
  ['unmute', hostsUnmuteCommand, ['unmute', 'db-001'], { host: 'db-001' }],
];

describe('parsing: argv in, options out', () => {
  it.each(ok)('%s', async (_name, make, args, expected) => {
    const { values, calls } = await parseVerb(make, args, { input: 'key-from-stdin\n' });
    expect(calls).toBe(1);
    expect(values).toEqual(expected);
  });

  it('--sort-field takes each field the service sorts by (as the emulator lists them), in any case', async () => {
    expect([...SORT_FIELDS]).toEqual([...SERVICE_SORT_FIELDS]);
    for (const field of SORT_FIELDS) {
      const { values } = await parseVerb(hostsListCommand, ['list', '--sort-field', field.toUpperCase()]);
      expect((values.query as { sort_field: string }).sort_field).toBe(field);
    }
  });

  it('relative times: --since -3h and --end 1h count from now', async () => {
    const list = await parseVerb(hostsListCommand, ['list', '--since', '-3h']);
    expect((list.values.query as { from: number }).from).toBeGreaterThanOrEqual(NOW - 3 * 3600);
    expect((list.values.query as { from: number }).from).toBeLessThanOrEqual(NOW - 3 * 3600 + 5);
    const mute = await parseVerb(hostsMuteCommand, ['mute', 'web-001', '--end', '1h']);
    const end = (mute.values.settings as { end: number }).end;
    expect(end).toBeGreaterThanOrEqual(NOW + 3600);
    expect(end).toBeLessThanOrEqual(NOW + 3605);
    const iso = await parseVerb(hostsMuteCommand, ['mute', 'web-001', '--end', '2099-01-01T00:00:00Z']);
    expect((iso.values.settings as { end: number }).end).toBe(4_070_908_800);
  });
});

const bad: Array<[string, Make, string[], RegExp]> = [
  ['--count over 1000', hostsListCommand, ['list', '--count', '1001'], /--count must be at most 1000/],
  ['--count 0', hostsListCommand, ['list', '--count', '0'], /--count must be at least 1/],
  ['--count not a number', hostsListCommand, ['list', '--count', 'ten'], /invalid --count "ten"/],
  ['--start negative', hostsListCommand, ['list', '--start', '-1'], /--start must be at least 0/],
  [
    '--sort-dir sideways',
    hostsListCommand,
    ['list', '--sort-dir', 'sideways'],
    /invalid --sort-dir "sideways"/,
  ],
  ['--sort-field empty', hostsListCommand, ['list', '--sort-field', ' '], /--sort-field is empty/],
  [
    '--sort-field unknown',
    hostsListCommand,
    ['list', '--sort-field', 'colour'],
    /^invalid --sort-field "colour"$/,
  ],
  [
    '--sort-field a typo',
    hostsListCommand,
    ['list', '--sort-field', 'cpus'],
    /^invalid --sort-field "cpus"$/,
  ],
  [
    '--since nonsense',
    hostsListCommand,
    ['list', '--since', 'yesterdayish'],
    /invalid --since "yesterdayish"/,
  ],
  [
    '--limit with --all',
    hostsListCommand,
    ['list', '--limit', '5', '--all'],
    /--limit and --all cannot be combined/,
  ],
  ['--limit zero', hostsListCommand, ['list', '--limit', '0'], /invalid --limit "0"/],
  ['totals --since nonsense', hostsTotalsCommand, ['totals', '--since', 'later'], /invalid --since "later"/],
  ['list --count 0x10', hostsListCommand, ['list', '--count', '0x10'], /^invalid --count "0x10"$/],
  ['list --limit 1e2', hostsListCommand, ['list', '--limit', '1e2'], /^invalid --limit "1e2"$/],
  ['list --limit 1.0', hostsListCommand, ['list', '--limit', '1.0'], /^invalid --limit "1.0"$/],
  ['list --limit " 5"', hostsListCommand, ['list', '--limit', ' 5'], /^invalid --limit " 5"$/],
  ['list --start 1e3', hostsListCommand, ['list', '--start', '1e3'], /^invalid --start "1e3"$/],
  [
    'mute --end in the past',
    hostsMuteCommand,
    ['mute', 'web-001', '--end', '-1h'],
    /--end "-1h" is in the past/,
  ],
  ['mute --end epoch 0', hostsMuteCommand, ['mute', 'web-001', '--end', '0'], /is in the past/],
  [
    'mute --end nonsense',
    hostsMuteCommand,
    ['mute', 'web-001', '--end', 'whenever'],
    /invalid --end "whenever"/,
  ],
  ['mute an empty host name', hostsMuteCommand, ['mute', ' '], /host name is empty/],
  ['unmute an empty host name', hostsUnmuteCommand, ['unmute', ''], /host name is empty/],
];

describe('parsing: bad input is a usage error before the run function', () => {
  it.each(bad)('%s', async (_name, make, args, message) => {
    const err = await parseVerb(make, args).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(message);
  });

  it.each([[['list', '--api-key', 'k']], [['list', '--app-key', 'k']], [['list', '--until', 'now']]])(
    'no key on the command line, and no end of the window the API lacks: %j',
    async (args) => {
      const err = (await parseVerb(hostsListCommand, args).catch((e: unknown) => e)) as { code?: string };
      expect(err.code).toBe('commander.unknownOption');
    },
  );

  it('a missing host argument is commander’s usage error', async () => {
    const err = (await parseVerb(hostsMuteCommand, ['mute']).catch((e: unknown) => e)) as { code?: string };
    expect(err.code).toBe('commander.missingArgument');
  });

  it('an empty key on stdin is refused', async () => {
    const err = await parseVerb(hostsListCommand, ['list', '--token-stdin'], { input: '\n' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe('--token-stdin is empty');
  });
});
