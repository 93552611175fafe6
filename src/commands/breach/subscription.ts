import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { BreachClient } from '../../clients/breach/client.js';
import type { SubscriptionStatusWire } from '../../clients/breach/types.js';
import type { Column, Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { keyFor, start } from './shared.js';

export interface BreachSubscriptionOptions {
  printer: Printer;
  client: () => Promise<BreachClient>;
}

const ROWS: Column<SubscriptionStatusWire>[] = [
  { header: 'subscription', get: (s) => s.SubscriptionName },
  { header: 'description', get: (s) => s.Description, kind: 'text' },
  { header: 'subscribed until', get: (s) => s.SubscribedUntil, format: 'relative' },
  { header: 'requests per minute', get: (s) => s.Rpm },
  { header: 'domain search max', get: (s) => s.DomainSearchMaxBreachedAccounts },
  { header: 'stealer logs', get: (s) => s.IncludesStealerLogs },
];

export function breachSubscriptionCommand(factory: Factory, run = runBreachSubscription): Command {
  return verbCommand(
    'subscription',
    "Show the key's subscription: tier, requests per minute, domain search size, stealer logs",
    [
      'ops breach subscription',
      'ops config set breach.rate_per_minute "$(ops breach subscription --field Rpm)"',
    ],
    {
      notes: `Set breach.rate_per_minute to the requests per minute shown here so that \`breach account --file\`
uses the whole of it.`,
    },
  ).action(async (_o: unknown, cmd: Command) => {
    const { ctx, base } = await start(factory, cmd, {}, { client: keyFor('subscription') });
    await run({
      printer: ctx.printer,
      client: base.client,
    });
  });
}

export async function runBreachSubscription(o: BreachSubscriptionOptions): Promise<void> {
  const client = await o.client();
  await o.printer.print(await client.subscriptionStatus(), { columns: ROWS });
}
