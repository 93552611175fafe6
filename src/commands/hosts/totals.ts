import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { HostsClient } from '../../clients/hosts/client.js';
import type { HostTotalsWire } from '../../clients/hosts/types.js';
import type { Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { parseTime } from '../shared/parse.js';
import { start } from './shared.js';

export interface HostsTotalsOptions {
  printer: Printer;
  client: () => Promise<HostsClient>;
  /** Epoch seconds. */
  from: number | undefined;
}

export function hostsTotalsCommand(factory: Factory, run = runHostsTotals): Command {
  return verbCommand(
    'totals',
    'Count active hosts (reported in the past hour) and up hosts (UP, reported in the past two hours)',
    ['ops hosts totals', 'ops hosts totals --since -6h --json', 'ops hosts totals --field total_up'],
  )
    .option('--since <time>', 'count hosts that reported since: RFC 3339, a date or relative (-3h)')
    .action(async (o: { since?: string }, c: Command) => {
      const from = o.since === undefined ? undefined : parseTime('--since', o.since);
      const { base } = await start(factory, c);
      await run({ ...base, from });
    });
}

export async function runHostsTotals(o: HostsTotalsOptions): Promise<void> {
  const totals = await (await o.client()).getHostTotals({ from: o.from });
  await o.printer.print<HostTotalsWire>(totals, {
    columns: [
      { header: 'active', get: (t) => t.total_active },
      { header: 'up', get: (t) => t.total_up },
    ],
  });
}
