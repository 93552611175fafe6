import { describe, expect, it } from 'vitest';
import { errorsBacklinksCommand } from '../../src/commands/dataapi/errors/backlinks.js';
import { errorsKeywordsCommand } from '../../src/commands/dataapi/errors/keywords.js';
import { errorsResendCommand } from '../../src/commands/dataapi/errors/resend.js';
import { parseWindow, toApiDatetime } from '../../src/commands/dataapi/shared/report.js';
import { UsageError } from '../../src/errors.js';
import { parseVerb } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: a table of builders with different option types
type Make = (f: any, run: any) => any;

const NOW = Math.floor(Date.now() / 1000);
const iso = (epoch: number) => new Date(epoch * 1000).toISOString();
const none = { filtered_function: undefined, datetime_from: undefined, datetime_to: undefined };
const twoDaysAgo = NOW - 2 * 86_400;
const oneDayAgo = NOW - 86_400;

const ok: Array<[string, Make, string[], Record<string, unknown>]> = [
  [
    'keywords: 30 failed tasks (the one default), the whole window',
    errorsKeywordsCommand,
    ['keywords'],
    { limit: 30, request: none },
  ],
  ['backlinks', errorsBacklinksCommand, ['backlinks'], { limit: 30, request: none }],
  [
    'keywords with every flag',
    errorsKeywordsCommand,
    [
      'keywords',
      '--function',
      'pingback_url',
      '--since',
      iso(twoDaysAgo),
      '--until',
      String(oneDayAgo),
      '--limit',
      '5',
    ],
    {
      limit: 5,
      request: {
        filtered_function: 'pingback_url',
        datetime_from: toApiDatetime(twoDaysAgo),
        datetime_to: toApiDatetime(oneDayAgo),
      },
    },
  ],
  [
    'backlinks --all --function with slashes',
    errorsBacklinksCommand,
    ['backlinks', '--all', '--function', 'backlinks/summary/live'],
    { limit: undefined, request: { ...none, filtered_function: 'backlinks/summary/live' } },
  ],
  [
    '--since -7d is the whole window: the field is left out',
    errorsKeywordsCommand,
    ['keywords', '--since', '-7d'],
    { limit: 30, request: none },
  ],
  [
    '--until a moment ago is "until now": the field is left out',
    errorsBacklinksCommand,
    ['backlinks', '--until', '-10s', '--limit', '2000'],
    { limit: 2000, request: none },
  ],
];

describe('parsing: argv in, options out', () => {
  it.each(ok)('%s', async (_name, make, args, expected) => {
    const { values, calls } = await parseVerb(make, args);
    expect(calls).toBe(1);
    expect(values).toEqual(expected);
  });

  it('relative times become the API’s UTC format, colons in the time', async () => {
    const { values } = await parseVerb(errorsKeywordsCommand, [
      'keywords',
      '--since',
      '-2d',
      '--until',
      '-1h',
    ]);
    const request = values.request as { datetime_from: string; datetime_to: string };
    expect(request.datetime_from).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+00:00$/);
    const from = Date.parse(request.datetime_from.replace(' +00:00', 'Z').replace(' ', 'T')) / 1000;
    expect(from).toBeGreaterThanOrEqual(twoDaysAgo);
    expect(from).toBeLessThanOrEqual(twoDaysAgo + 5);
    expect(request.datetime_to).toMatch(/ \+00:00$/);
  });
});

describe('the 7-day window', () => {
  const now = Date.UTC(2026, 0, 10, 12, 0, 0);
  it('formats UTC with colons', () => {
    expect(toApiDatetime(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000)).toBe('2026-01-02 03:04:05 +00:00');
  });
  it('keeps a time inside, leaves out a time within a minute of an edge', () => {
    expect(parseWindow({ since: '2026-01-05T00:00:00Z', until: '2026-01-06T00:00:00Z' }, now)).toEqual({
      datetime_from: '2026-01-05 00:00:00 +00:00',
      datetime_to: '2026-01-06 00:00:00 +00:00',
    });
    expect(parseWindow({ since: '2026-01-03T12:00:30Z', until: '2026-01-10T11:59:30Z' }, now)).toEqual({
      datetime_from: undefined,
      datetime_to: undefined,
    });
    expect(parseWindow({ since: '2026-01-03T11:59:30Z' }, now).datetime_from).toBeUndefined();
  });
  it.each([
    [{ since: '2026-01-03T11:58:59Z' }, /--since "2026-01-03T11:58:59Z" is before the 7-day window/],
    [{ until: '-8d' }, /--until "-8d" is before the 7-day window/],
    [{ since: '+2h' }, /--since "\+2h" is in the future/],
    [{ until: '2026-01-10T12:05:00Z' }, /--until .* is in the future/],
    [{ since: '-1d', until: '-2d' }, /--until "-2d" is before --since "-1d"/],
    [{ since: 'last week' }, /invalid --since "last week"/],
  ])('refuses %o', (flags, message) => {
    expect(() => parseWindow(flags, now)).toThrow(UsageError);
    expect(() => parseWindow(flags, now)).toThrow(message);
  });
});

const bad: Array<[string, Make, string[], RegExp]> = [
  [
    '--since before the window',
    errorsKeywordsCommand,
    ['keywords', '--since', '-8d'],
    /before the 7-day window/,
  ],
  ['--until in the future', errorsBacklinksCommand, ['backlinks', '--until', '1h'], /is in the future/],
  [
    '--since after --until',
    errorsKeywordsCommand,
    ['keywords', '--since', '-1h', '--until', '-2h'],
    /--until "-2h" is before --since "-1h"/,
  ],
  [
    '--function with a space',
    errorsKeywordsCommand,
    ['keywords', '--function', 'ping back'],
    /invalid --function "ping back"/,
  ],
  ['--function empty', errorsBacklinksCommand, ['backlinks', '--function', ''], /invalid --function ""/],
  [
    '--limit with --all',
    errorsKeywordsCommand,
    ['keywords', '--limit', '5', '--all'],
    /--limit and --all cannot be combined/,
  ],
  ['--limit zero', errorsKeywordsCommand, ['keywords', '--limit', '0'], /invalid --limit "0"/],
];

describe('parsing: bad input is a usage error before the run function', () => {
  it.each(bad)('%s', async (_name, make, args, message) => {
    const err = await parseVerb(make, args).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(message);
  });
});

describe('ops dataapi errors resend: parsing', () => {
  const both = ['pingback_url', 'postback_url'];
  const whole = { datetime_from: undefined, datetime_to: undefined };
  const injected = { confirm: expect.any(Function) };

  it.each([
    [
      '--report keywords: both webhooks, the whole window',
      ['--report', 'keywords', '--yes'],
      { report: 'keywords', functions: both, window: whole, dryRun: false },
    ],
    [
      '--report backlinks --function postback_url --since/--until',
      [
        '--report',
        'backlinks',
        '--function',
        'postback_url',
        '--since',
        iso(twoDaysAgo),
        '--until',
        iso(oneDayAgo),
        '-y',
      ],
      {
        report: 'backlinks',
        functions: ['postback_url'],
        window: { datetime_from: toApiDatetime(twoDaysAgo), datetime_to: toApiDatetime(oneDayAgo) },
        dryRun: false,
      },
    ],
    [
      '--dry-run needs no --yes',
      ['--report', 'keywords', '--dry-run'],
      { report: 'keywords', functions: both, window: whole, dryRun: true },
    ],
  ])('%s', async (_name, args, expected) => {
    const { values, calls } = await parseVerb(errorsResendCommand, ['resend', ...args]);
    expect(calls).toBe(1);
    expect(values).toEqual({ ...expected, ...injected });
  });

  it.each([
    ['no --report', [], 'commander.missingMandatoryOptionValue'],
    ['an unknown --report', ['--report', 'serp'], 'commander.invalidArgument'],
    [
      'a --function that is no webhook',
      ['--report', 'keywords', '--function', 'backlinks/summary/live'],
      'commander.invalidArgument',
    ],
  ])('%s: commander’s usage error', async (_name, args, code) => {
    const err = (await parseVerb(errorsResendCommand, ['resend', ...args]).catch((e: unknown) => e)) as {
      code?: string;
    };
    expect(err.code).toBe(code);
  });

  it.each([
    [
      '--since before the window',
      ['--report', 'keywords', '--since', '-10d', '--yes'],
      /before the 7-day window/,
    ],
    // No --yes without a terminal is refused by the verb's declaration (it asks), before its builder:
    // test/grammar.test.ts walks every verb that asks.
  ])('%s: a usage error before the run function', async (_name, args, message) => {
    const err = await parseVerb(errorsResendCommand, ['resend', ...args]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(message);
  });
});

describe('the window’s edges', () => {
  it('a --since a few seconds ahead is sent as now', () => {
    const now = Date.UTC(2026, 0, 10, 12, 0, 0);
    expect(parseWindow({ since: '2026-01-10T12:00:30Z' }, now).datetime_from).toBe(
      '2026-01-10 12:00:00 +00:00',
    );
  });
});
