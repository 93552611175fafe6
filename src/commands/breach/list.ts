import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { BreachClient } from '../../clients/breach/client.js';
import type { Printer } from '../../output/printer.js';
import type { Feedback } from '../../output/feedback.js';
import { printWhole } from '../shared/list.js';
import type { Factory } from '../../app/types.js';
import { addListFlags, parseListFlags } from '../shared/list-flags.js';
import { BREACH_COLUMNS, keyFor, parseDomain, start } from './shared.js';

export interface BreachListOptions {
  printer: Printer;
  feedback: Feedback;
  client: () => Promise<BreachClient>;
  domain: string | undefined;
  /** true: only spam lists; false: no spam lists; undefined: both. */
  spamList: boolean | undefined;
  /** Items to print at most; undefined prints all (the service answers with the whole list). */
  limit: number | undefined;
}

export function breachListCommand(factory: Factory, run = runBreachList): Command {
  const cmd = verbCommand('list', 'List the breaches in the system, sorted by title (needs no key)', [
    'ops breach list',
    'ops breach list --spam-list',
    'ops breach list --domain adobe.com --json',
  ])
    .option('--domain <domain>', 'only breaches of this site')
    .option('--spam-list', 'only spam lists')
    .option('--no-spam-list', 'leave spam lists out');
  return addListFlags(cmd).action(
    async (o: { domain?: string; spamList?: boolean; limit?: string; all?: boolean }, cmd: Command) => {
      const domain = o.domain === undefined ? undefined : parseDomain('--domain', o.domain);
      // The service sends the whole list in one answer: --limit cuts it here.
      const { limit } = parseListFlags(o);
      const { ctx, base } = await start(factory, cmd, {}, { client: keyFor('list', false) });
      await run({
        printer: ctx.printer,
        feedback: ctx.feedback,
        client: base.client,
        domain,
        spamList: o.spamList,
        limit,
      });
    },
  );
}

export async function runBreachList(o: BreachListOptions): Promise<void> {
  const client = await o.client();
  const breaches = await client.breaches({ domain: o.domain, spamList: o.spamList });
  await printWhole({
    printer: o.printer,
    feedback: o.feedback,
    items: breaches,
    columns: BREACH_COLUMNS,
    limit: o.limit,
    noun: 'breaches',
  });
}
