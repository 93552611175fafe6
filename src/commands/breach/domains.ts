import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { BreachClient } from '../../clients/breach/client.js';
import type { SubscribedDomainWire } from '../../clients/breach/types.js';
import type { Column, Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { keyFor, start } from './shared.js';

export interface BreachDomainsOptions {
  printer: Printer;
  client: () => Promise<BreachClient>;
}

const COLUMNS: Column<SubscribedDomainWire>[] = [
  { header: 'domain', get: (d) => d.DomainName },
  { header: 'breached', get: (d) => d.PwnCount },
  { header: 'excl. spam lists', get: (d) => d.PwnCountExcludingSpamLists },
  { header: 'at last renewal', get: (d) => d.PwnCountExcludingSpamListsAtLastSubscriptionRenewal },
  { header: 'next renewal', get: (d) => d.NextSubscriptionRenewal, format: 'relative' },
];

export function breachDomainsCommand(factory: Factory, run = runBreachDomains): Command {
  return verbCommand(
    'domains',
    'List the domains verified for the key, with their breached-address counts and renewal date',
    ['ops breach domains', "ops breach domains --json --query '[].DomainName'"],
    { notes: `Counts are those of the last domain search (empty before the first one).` },
  ).action(async (_o: unknown, cmd: Command) => {
    const { ctx, base } = await start(factory, cmd, {}, { client: keyFor('domains') });
    await run({
      printer: ctx.printer,
      client: base.client,
    });
  });
}

export async function runBreachDomains(o: BreachDomainsOptions): Promise<void> {
  const client = await o.client();
  await o.printer.print(await client.subscribedDomains(), { columns: COLUMNS });
}
