import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { BreachClient } from '../../clients/breach/client.js';
import { ExitStatusError, UsageError } from '../../errors.js';
import { type Printer, isRowFormat } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { FOUND_EXIT_CODE, aliasRows, keyFor, parseDomain, parseEmail, start } from './shared.js';

export type StealerLogSearch =
  | { by: 'email'; email: string }
  | { by: 'website'; domain: string }
  | { by: 'email-domain'; domain: string };

export interface BreachStealerLogsOptions {
  printer: Printer;
  client: () => Promise<BreachClient>;
  search: StealerLogSearch;
  /** --email-domain in a table or CSV: one row per address instead of the alias map. */
  rows: boolean;
  exitStatus: boolean;
}

export function breachStealerLogsCommand(factory: Factory, run = runBreachStealerLogs): Command {
  return verbCommand(
    'stealer-logs',
    'Search stealer logs by email address, website domain or email domain (fifth subscription tier)',
    [
      'ops breach stealer-logs --email jane@example.com',
      'ops breach stealer-logs --website example.org',
      'ops breach stealer-logs --email-domain example.com --json',
    ],
    {
      notes: `Give exactly one of --email, --website, --email-domain. Nothing found prints nothing ([] or {} with
--json) and exits 0.`,
    },
  )
    .option(
      '--email <address>',
      'website domains captured with this address (its email domain must be verified)',
    )
    .option(
      '--website <domain>',
      'email addresses captured on this website (the website domain must be verified)',
    )
    .option('--email-domain <domain>', 'each address of a verified email domain with its website domains')
    .option('--exit-status', `exit ${FOUND_EXIT_CODE} when anything is found; 0 when nothing`)
    .action(
      async (
        o: { email?: string; website?: string; emailDomain?: string; exitStatus?: boolean },
        cmd: Command,
      ) => {
        const given = [o.email, o.website, o.emailDomain].filter((v) => v !== undefined).length;
        if (given !== 1) {
          throw new UsageError(
            given === 0 ? 'no search given' : 'give only one search',
            'give exactly one of --email, --website, --email-domain',
          );
        }
        let search: StealerLogSearch;
        if (o.email !== undefined) search = { by: 'email', email: parseEmail('--email', o.email) };
        else if (o.website !== undefined)
          search = { by: 'website', domain: parseDomain('--website', o.website) };
        else search = { by: 'email-domain', domain: parseDomain('--email-domain', o.emailDomain as string) };
        const { ctx, base } = await start(factory, cmd, {}, { client: keyFor('stealer-logs') });
        await run({
          printer: ctx.printer,
          client: base.client,
          search,
          rows: isRowFormat(ctx.printer.format) && !ctx.flags.query,
          exitStatus: Boolean(o.exitStatus),
        });
      },
    );
}

export async function runBreachStealerLogs(o: BreachStealerLogsOptions): Promise<void> {
  const client = await o.client();
  const s = o.search;
  let found: number;
  if (s.by === 'email-domain') {
    const map = await client.stealerLogsByEmailDomain(s.domain);
    found = Object.keys(map).length;
    if (o.rows) {
      const { rows, columns } = aliasRows(map, s.domain, 'websites');
      await o.printer.print(rows, { columns });
    } else {
      await o.printer.print(map);
    }
  } else {
    const list =
      s.by === 'email'
        ? await client.stealerLogsByEmail(s.email)
        : await client.stealerLogsByWebsiteDomain(s.domain);
    found = list.length;
    await o.printer.print(list);
  }
  if (o.exitStatus && found > 0) throw new ExitStatusError(`stealer logs found: ${found}`, FOUND_EXIT_CODE);
}
