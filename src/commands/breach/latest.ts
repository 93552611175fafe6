import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { BreachClient } from '../../clients/breach/client.js';
import type { BreachWire } from '../../clients/breach/types.js';
import { InterruptedError, UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Printer } from '../../output/printer.js';
import { escapeLine } from '../../output/text.js';
import type { Factory } from '../../app/types.js';
import { parseInteger } from '../shared/parse.js';
import { type PaceClock, realClock } from './paced.js';
import { BREACH_DETAIL, keyFor, parseInterval, start } from './shared.js';

export interface BreachLatestOptions {
  io: Io;
  printer: Printer;
  client: () => Promise<BreachClient>;
  /** Poll every this many seconds and print each new latest breach; undefined prints once. */
  watchSeconds: number | undefined;
  /** With --watch: stop after this many changes; undefined watches until Ctrl-C. */
  count: number | undefined;
  /** Watching in a table prints one line per breach instead of a full table each time. */
  lines: boolean;
  clock?: PaceClock | undefined;
}

export function breachLatestCommand(factory: Factory, run = runBreachLatest): Command {
  return verbCommand(
    'latest',
    'Show the most recently added breach (needs no key); --watch polls and prints each new one',
    [
      'ops breach latest',
      'ops breach latest --field Name',
      'ops breach latest --watch 10m -o ndjson',
      'ops breach latest --watch 30s --count 1',
    ],
    {
      notes: `--watch prints the latest breach at once, then one more each time a newer one is added: a line each
in a table, an object each with -o ndjson or --json. Ctrl-C stops it with exit 130; --count N
stops it with exit 0 after N changes. Use it to decide when to search your domains again.`,
    },
  )
    .option(
      '--watch <interval>',
      'poll every interval (30s, 5m, 1h; at least 1s) and print when the latest breach changes',
    )
    .option('--count <n>', 'with --watch: stop after n changes (default: until Ctrl-C, which exits 130)')
    .action(async (o: { watch?: string; count?: string }, cmd: Command) => {
      const watchSeconds = o.watch === undefined ? undefined : parseInterval('--watch', o.watch);
      const count = parseInteger('--count', o.count, { min: 1 });
      if (count !== undefined && watchSeconds === undefined)
        throw new UsageError('--count applies only with --watch');
      const { ctx, base } = await start(factory, cmd, {}, { client: keyFor('latest', false) });
      await run({
        io: ctx.io,
        printer: ctx.printer,
        client: base.client,
        watchSeconds,
        count,
        lines: ctx.printer.format === 'table' && !ctx.flags.query && ctx.flags.field === undefined,
      });
    });
}

function line(b: BreachWire): string {
  return escapeLine(
    `${b.AddedDate}  ${b.Name}  ${b.Title} (${b.Domain || 'no domain'}, ${b.PwnCount} accounts)`,
  );
}

export async function runBreachLatest(o: BreachLatestOptions): Promise<void> {
  const client = await o.client();
  let latest = await client.latestBreach();
  if (o.watchSeconds === undefined) return o.printer.print(latest, { columns: BREACH_DETAIL });

  const show = (b: BreachWire) => (o.lines ? o.printer.text(line(b)) : o.printer.print(b));
  const clock = o.clock ?? realClock;
  await show(latest);
  let changes = 0;
  while (o.count === undefined || changes < o.count) {
    try {
      await clock.sleep(o.watchSeconds * 1000, o.io.signal);
    } catch {
      throw new InterruptedError(`stopped watching after ${changes} change${changes === 1 ? '' : 's'}`);
    }
    const now = await client.latestBreach();
    // The name is the stable reference: a new latest breach has another name.
    if (now.Name !== latest.Name) {
      latest = now;
      changes++;
      await show(now);
    }
  }
}
