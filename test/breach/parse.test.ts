import { describe, expect, it } from 'vitest';
import { breachAccountCommand } from '../../src/commands/breach/account.js';
import { breachDataclassesCommand } from '../../src/commands/breach/dataclasses.js';
import { breachDomainCommand } from '../../src/commands/breach/domain.js';
import { breachDomainsCommand } from '../../src/commands/breach/domains.js';
import { breachLatestCommand } from '../../src/commands/breach/latest.js';
import { breachListCommand } from '../../src/commands/breach/list.js';
import { breachShowCommand } from '../../src/commands/breach/show.js';
import { breachStealerLogsCommand } from '../../src/commands/breach/stealer-logs.js';
import { breachSubscriptionCommand } from '../../src/commands/breach/subscription.js';
import { UsageError } from '../../src/errors.js';
import { parseVerb } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: a table of builders with different option types
type Make = (f: any, run: any) => any;

const account = {
  file: undefined,
  full: false,
  domain: undefined,
  includeUnverified: true,
  exitStatus: false,
  ratePerMinute: 10,
  concurrency: 4,
};

const ok: Array<[string, Make, string[], Record<string, string>, Record<string, unknown>]> = [
  [
    'account trimmed',
    breachAccountCommand,
    ['account', '  Test@Example.com '],
    {},
    { ...account, account: 'Test@Example.com' },
  ],
  [
    'account with every filter',
    breachAccountCommand,
    ['account', 'fabio', '--full', '--domain', 'Adobe.COM', '--no-unverified', '--exit-status'],
    {},
    {
      ...account,
      account: 'fabio',
      full: true,
      domain: 'adobe.com',
      includeUnverified: false,
      exitStatus: true,
    },
  ],
  [
    'account --file - takes the rate from the env',
    breachAccountCommand,
    ['account', '--file', '-'],
    { OPS_BREACH_RATE_PER_MINUTE: '1000' },
    { ...account, account: undefined, file: '-', ratePerMinute: 1000 },
  ],
  [
    'account --rate-per-minute beats the env',
    breachAccountCommand,
    ['account', '--file', 'a.txt', '--rate-per-minute', '60'],
    { OPS_BREACH_RATE_PER_MINUTE: '1000' },
    { ...account, account: undefined, file: 'a.txt', ratePerMinute: 60 },
  ],
  [
    'account --shard 2/4: the key’s rate shared by the four shards',
    breachAccountCommand,
    ['account', '--file', 'a.txt', '--shard', '2/4'],
    { OPS_BREACH_RATE_PER_MINUTE: '100' },
    { ...account, account: undefined, file: 'a.txt', ratePerMinute: 25, shard: { k: 2, n: 4 } },
  ],
  [
    'account --shard 1/3 with --rate-per-minute: the flag is the key’s rate too',
    breachAccountCommand,
    ['account', '--file', 'a.txt', '--shard', '1/3', '--rate-per-minute', '30'],
    {},
    { ...account, account: undefined, file: 'a.txt', ratePerMinute: 10, shard: { k: 1, n: 3 } },
  ],
  [
    'domain lower-cased, rows in a table',
    breachDomainCommand,
    ['domain', 'Example.COM'],
    {},
    { domain: 'example.com', rows: true, exitStatus: false },
  ],
  [
    'domain --json keeps the map',
    breachDomainCommand,
    ['domain', 'example.com', '--json', '--exit-status'],
    {},
    { domain: 'example.com', rows: false, exitStatus: true },
  ],
  [
    'domain -o csv has rows',
    breachDomainCommand,
    ['domain', 'example.com', '-o', 'csv'],
    {},
    { domain: 'example.com', rows: true, exitStatus: false },
  ],
  [
    'domain --query keeps the map',
    breachDomainCommand,
    ['domain', 'example.com', '--query', 'test'],
    {},
    { domain: 'example.com', rows: false, exitStatus: false },
  ],
  ['domains', breachDomainsCommand, ['domains'], {}, { limit: 30 }],
  ['domains --all', breachDomainsCommand, ['domains', '--all'], {}, { limit: undefined }],
  ['list', breachListCommand, ['list'], {}, { domain: undefined, spamList: undefined, limit: 30 }],
  [
    'list --spam-list',
    breachListCommand,
    ['list', '--spam-list', '--domain', 'adobe.com'],
    {},
    { domain: 'adobe.com', spamList: true, limit: 30 },
  ],
  [
    'list --no-spam-list --limit',
    breachListCommand,
    ['list', '--no-spam-list', '--limit', '3'],
    {},
    { domain: undefined, spamList: false, limit: 3 },
  ],
  ['show', breachShowCommand, ['show', ' Adobe '], {}, { name: 'Adobe' }],
  ['latest', breachLatestCommand, ['latest'], {}, { watchSeconds: undefined, count: undefined, lines: true }],
  [
    'latest --watch 5m --count 2',
    breachLatestCommand,
    ['latest', '--watch', '5m', '--count', '2'],
    {},
    { watchSeconds: 300, count: 2, lines: true },
  ],
  [
    'latest --watch in ndjson',
    breachLatestCommand,
    ['latest', '--watch', '30', '-o', 'ndjson'],
    {},
    { watchSeconds: 30, count: undefined, lines: false },
  ],
  [
    'latest --watch with --field',
    breachLatestCommand,
    ['latest', '--watch', '1h', '--field', 'Name'],
    {},
    { watchSeconds: 3600, count: undefined, lines: false },
  ],
  ['dataclasses', breachDataclassesCommand, ['dataclasses'], {}, { limit: 30 }],
  ['dataclasses --limit 5', breachDataclassesCommand, ['dataclasses', '--limit', '5'], {}, { limit: 5 }],
  [
    'stealer-logs --email',
    breachStealerLogsCommand,
    ['stealer-logs', '--email', ' jane@example.com '],
    {},
    { search: { by: 'email', email: 'jane@example.com' }, rows: true, exitStatus: false },
  ],
  [
    'stealer-logs --website',
    breachStealerLogsCommand,
    ['stealer-logs', '--website', 'Example.org', '--exit-status'],
    {},
    { search: { by: 'website', domain: 'example.org' }, rows: true, exitStatus: true },
  ],
  [
    'stealer-logs --email-domain --json',
    breachStealerLogsCommand,
    ['stealer-logs', '--email-domain', 'example.com', '--json'],
    {},
    { search: { by: 'email-domain', domain: 'example.com' }, rows: false, exitStatus: false },
  ],
  ['subscription', breachSubscriptionCommand, ['subscription'], {}, {}],
];

const bad: Array<[string, Make, string[], Record<string, string>, RegExp]> = [
  ['account without account or file', breachAccountCommand, ['account'], {}, /no account given/],
  ['account and --file', breachAccountCommand, ['account', 'a@b.example', '--file', 'x'], {}, /not both/],
  ['blank account', breachAccountCommand, ['account', '   '], {}, /account is empty/],
  [
    '--rate-per-minute without --file',
    breachAccountCommand,
    ['account', 'a', '--rate-per-minute', '5'],
    {},
    /only with --file/,
  ],
  [
    'bad rate in the env',
    breachAccountCommand,
    ['account', '--file', '-'],
    { OPS_BREACH_RATE_PER_MINUTE: 'fast' },
    /invalid breach.rate_per_minute "fast"/,
  ],
  [
    'zero --rate-per-minute',
    breachAccountCommand,
    ['account', '--file', '-', '--rate-per-minute', '0'],
    {},
    /invalid --rate-per-minute "0"/,
  ],
  [
    '--domain with a scheme',
    breachAccountCommand,
    ['account', 'a', '--domain', 'https://adobe.com'],
    {},
    /invalid --domain/,
  ],
  ['domain with a path', breachDomainCommand, ['domain', 'example.com/x'], {}, /invalid domain/],
  ['list --limit 0', breachListCommand, ['list', '--limit', '0'], {}, /invalid --limit "0"/],
  ['show blank', breachShowCommand, ['show', ' '], {}, /name is empty/],
  ['--count without --watch', breachLatestCommand, ['latest', '--count', '1'], {}, /only with --watch/],
  ['--watch too short', breachLatestCommand, ['latest', '--watch', '500ms'], {}, /invalid --watch "500ms"/],
  ['--watch not a duration', breachLatestCommand, ['latest', '--watch', 'often'], {}, /invalid --watch/],
  ['stealer-logs without a search', breachStealerLogsCommand, ['stealer-logs'], {}, /no search given/],
  [
    'stealer-logs with two searches',
    breachStealerLogsCommand,
    ['stealer-logs', '--email', 'a@b.example', '--website', 'b.example'],
    {},
    /only one search/,
  ],
  [
    'stealer-logs bad email',
    breachStealerLogsCommand,
    ['stealer-logs', '--email', 'jane'],
    {},
    /invalid --email "jane"/,
  ],
  [
    'stealer-logs bad email domain',
    breachStealerLogsCommand,
    ['stealer-logs', '--email-domain', 'not a domain'],
    {},
    /invalid --email-domain/,
  ],
];

describe('breach parsing', () => {
  it.each(ok)('%s', async (_name, make, args, env, expected) => {
    const { values, calls } = await parseVerb(make, args, env);
    expect(calls).toBe(1);
    expect(values).toEqual(expected);
  });

  it.each(bad)('%s is a usage error before run', async (_name, make, args, env, message) => {
    const err = await parseVerb(make, args, env).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(message);
  });

  it('an unknown flag is refused by the parser', async () => {
    await expect(parseVerb(breachAccountCommand, ['account', 'a', '--truncate'])).rejects.toThrow(
      /unknown option/,
    );
  });
});
