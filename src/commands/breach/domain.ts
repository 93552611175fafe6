import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { BreachClient } from '../../clients/breach/client.js';
import { ExitStatusError } from '../../errors.js';
import { type Printer, isRowFormat } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { FOUND_EXIT_CODE, aliasRows, keyFor, parseDomain, start } from './shared.js';

export interface BreachDomainOptions {
  printer: Printer;
  client: () => Promise<BreachClient>;
  domain: string;
  /** Table and CSV show one row per address; JSON, YAML and NDJSON keep the API's alias map. */
  rows: boolean;
  exitStatus: boolean;
}

export function breachDomainCommand(factory: Factory, run = runBreachDomain): Command {
  return verbCommand(
    'domain',
    'Search a verified domain: every breached address of it (alias) and the breaches it appears in',
    [
      'ops breach domain example.com',
      'ops breach domain example.com --json',
      'ops breach domain example.com --exit-status   # exit 8: addresses were found',
    ],
    {
      notes: `The domain search includes sensitive breaches (it needs proven control of the domain) and never
retired ones. Nothing found prints nothing ({} with --json) and exits 0.`,
    },
  )
    .argument('<domain>', 'a domain verified on the domain dashboard of the key (see `ops breach domains`)')
    .option('--exit-status', `exit ${FOUND_EXIT_CODE} when any address of the domain is found; 0 when none`)
    .action(async (domain: string, o: { exitStatus?: boolean }, cmd: Command) => {
      const parsed = parseDomain('domain', domain);
      const { ctx, base } = await start(factory, cmd, {}, { client: keyFor('domain') });
      await run({
        printer: ctx.printer,
        client: base.client,
        domain: parsed,
        rows: isRowFormat(ctx.printer.format) && !ctx.flags.query,
        exitStatus: Boolean(o.exitStatus),
      });
    });
}

export async function runBreachDomain(o: BreachDomainOptions): Promise<void> {
  const client = await o.client();
  const map = await client.breachedDomain(o.domain);
  if (o.rows) {
    const { rows, columns } = aliasRows(map, o.domain, 'breaches');
    await o.printer.print(rows, { columns });
  } else {
    await o.printer.print(map);
  }
  const n = Object.keys(map).length;
  if (o.exitStatus && n > 0)
    throw new ExitStatusError(
      `${n} address${n === 1 ? '' : 'es'} of ${o.domain} found in breaches`,
      FOUND_EXIT_CODE,
    );
}
