import type { Command } from 'commander';
import { DEFAULT_RATE_PER_MINUTE } from '../../clients/breach/index.js';
import { ExitStatusError, UsageError } from '../../errors.js';
import type { Factory } from '../../app/types.js';
import { runBreachAccountBulk } from './bulk.js';
import type { BreachAccountOptions } from './shared.js';

export type { BreachAccountOptions } from './shared.js';
import { addShardOption, parseShard } from '../shared/shard.js';
import { quote } from '../shared/parse.js';
import {
  FOUND_EXIT_CODE,
  accountColumns,
  accountSearch,
  keyFor,
  parseAccount,
  parseDomain,
  start,
} from './shared.js';
import { verbCommand } from '../shared/verbs.js';

export function breachAccountCommand(factory: Factory, run = runBreachAccount): Command {
  const cmd = verbCommand(
    'account',
    'Search the breaches an account (email address or username) appears in; many accounts with --file',
    [
      'ops breach account test@example.com',
      'ops breach account test@example.com --full --no-unverified',
      'ops breach account test@example.com --exit-status || echo "pwned"',
      "printf 'test@example.com\\n' | ops breach account --file - -o ndjson",
      'ops breach account --file accounts.txt --shard 1/2 --json',
    ],
    {
      notes: `Nothing found is not an error: the result is empty ([] with --json) and the exit code 0, unless
--exit-status asks for exit ${FOUND_EXIT_CODE} when something is found. With --file every distinct account is
searched once, at most --rate-per-minute requests a minute, and printed as {account, breaches} in
the order of the file (-o ndjson: one line per account as it completes).`,
    },
  )
    .argument('[account]', 'email address or username (trimmed, matched case-insensitively)')
    .option(
      '--file <file>',
      'search every account in FILE, one a line (- for stdin), paced to the subscription rate',
    )
    .option('--full', 'the full breach model instead of names only (truncateResponse=false)')
    .option('--domain <domain>', 'only breaches of this site')
    .option('--no-unverified', 'leave unverified breaches out (IncludeUnverified=false)')
    .option(
      '--rate-per-minute <n>',
      `the key's requests per minute with --file, shared by the shards of --shard (default: breach.rate_per_minute, else ${DEFAULT_RATE_PER_MINUTE})`,
    )
    .option(
      '--exit-status',
      `exit ${FOUND_EXIT_CODE} when an account is found in any breach (CI gates); 0 when none`,
    );
  addShardOption(cmd, 'lines of --file');
  return cmd.action(
    async (account: string | undefined, o: Record<string, string | boolean | undefined>, cmd: Command) => {
      const file = o.file as string | undefined;
      if (account !== undefined && file !== undefined)
        throw new UsageError('give an account or --file, not both');
      if (account === undefined && file === undefined) {
        throw new UsageError('no account given', 'give an account, or --file FILE (- for stdin) for many');
      }
      const parsed = account === undefined ? undefined : parseAccount(account);
      const domain = o.domain === undefined ? undefined : parseDomain('--domain', o.domain as string);
      if (o.ratePerMinute !== undefined && file === undefined)
        throw new UsageError('--rate-per-minute applies only with --file');
      const shard = parseShard(o.shard as string | undefined, factory.io.env);
      if (o.shard !== undefined && file === undefined)
        throw new UsageError('--shard applies only with --file');
      const stdinUsed = file === '-' ? '--file -' : undefined;
      const { ctx, base, ratePerMinute } = await start(
        factory,
        cmd,
        {},
        {
          stdinUsed,
          client: keyFor('account'),
          // The rate is the key's: N shards on one key share it, each at 1/N of it.
          scope: async (ctx) => ({
            ratePerMinute:
              parseRate(
                o.ratePerMinute !== undefined ? '--rate-per-minute' : 'breach.rate_per_minute',
                (o.ratePerMinute as string | undefined) ??
                  (await ctx.service('breach')).settings.get('rate_per_minute'),
              ) / (file !== undefined && shard ? shard.n : 1),
          }),
        },
      );
      await run({
        io: ctx.io,
        printer: ctx.printer,
        feedback: ctx.feedback,
        client: base.client,
        account: parsed,
        file,
        full: Boolean(o.full),
        domain,
        includeUnverified: o.unverified !== false,
        exitStatus: Boolean(o.exitStatus),
        ratePerMinute,
        concurrency: 4,
        ...(file !== undefined && shard ? { shard } : {}),
      });
    },
  );
}

function parseRate(name: string, raw: string | undefined): number {
  const n =
    raw !== undefined && /^\d{1,15}$/.test(raw)
      ? Number(raw)
      : raw === undefined
        ? DEFAULT_RATE_PER_MINUTE
        : 0;
  if (n <= 0)
    throw new UsageError(
      `invalid ${name} ${quote(raw ?? '')}`,
      "give the subscription's requests per minute, a whole number above 0 (`ops breach subscription` shows it)",
    );
  return n;
}

export async function runBreachAccount(o: BreachAccountOptions): Promise<void> {
  if (o.file !== undefined) return runBreachAccountBulk({ ...o, file: o.file });
  const account = o.account as string;
  const client = await o.client();
  const breaches = await client.breachedAccount(account, accountSearch(o));
  await o.printer.print(breaches, { columns: accountColumns(o.full) });
  if (o.exitStatus && breaches.length > 0) {
    throw new ExitStatusError(
      `${account} was found in ${breaches.length} breach${breaches.length === 1 ? '' : 'es'}`,
      FOUND_EXIT_CODE,
    );
  }
}
