import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { BreachClient } from '../../clients/breach/client.js';
import type { SubscribedDomainWire } from '../../clients/breach/types.js';
import type { Column, Printer } from '../../output/printer.js';
import type { Feedback } from '../../output/feedback.js';
import { type ListFlags, addListFlags, parseListFlags } from '../shared/list-flags.js';
import { printWhole } from '../shared/list.js';
import type { Factory } from '../../app/types.js';
import { keyFor, start } from './shared.js';

export interface BreachDomainsOptions {
  printer: Printer;
  feedback: Feedback;
  client: () => Promise<BreachClient>;
  limit: ListFlags['limit'];
}

const COLUMNS: Column<SubscribedDomainWire>[] = [
  { header: 'domain', get: (d) => d.DomainName },
  { header: 'breached', get: (d) => d.PwnCount },
  { header: 'excl. spam lists', get: (d) => d.PwnCountExcludingSpamLists },
  { header: 'at last renewal', get: (d) => d.PwnCountExcludingSpamListsAtLastSubscriptionRenewal },
  { header: 'next renewal', get: (d) => d.NextSubscriptionRenewal, format: 'relative' },
];

export function breachDomainsCommand(factory: Factory, run = runBreachDomains): Command {
  const cmd = verbCommand(
    'domains',
    'List the domains verified for the key, with their breached-address counts and renewal date',
    ['ops breach domains', "ops breach domains --json --query '[].DomainName'"],
    {
      notes: `Counts are those of the last domain search (empty before the first one). The service
answers with every domain at once: --limit cuts the list here.`,
    },
  );
  return addListFlags(cmd).action(async (o: { limit?: string; all?: boolean }, cmd: Command) => {
    const { limit } = parseListFlags(o);
    const { ctx, base } = await start(factory, cmd, {}, { client: keyFor('domains') });
    await run({ printer: ctx.printer, feedback: ctx.feedback, client: base.client, limit });
  });
}

export async function runBreachDomains(o: BreachDomainsOptions): Promise<void> {
  const client = await o.client();
  await printWhole({
    printer: o.printer,
    feedback: o.feedback,
    items: await client.subscribedDomains(),
    columns: COLUMNS,
    limit: o.limit,
    noun: 'domains',
  });
}
