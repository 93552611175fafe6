import type { Command } from 'commander';
import { CATALOGUE, type CatalogueEntry } from '../../clients/meter/catalogue.js';
import type { Feedback } from '../../output/feedback.js';
import type { Column, Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { start } from './shared/options.js';
import { verbCommand } from '../shared/verbs.js';
import { type ListFlags, addListFlags, parseListFlags } from '../shared/list-flags.js';
import { printWhole } from '../shared/list.js';

export interface MeterCatalogueOptions {
  printer: Printer;
  feedback: Feedback;
  search: string | undefined;
  limit: ListFlags['limit'];
}

const COLUMNS: Column<CatalogueEntry>[] = [
  { header: 'kind', get: (e) => e.kind },
  { header: 'description', get: (e) => e.description, kind: 'text' },
];

const POINTER =
  'call any of them with `ops api meter <METHOD> <path>`, e.g. ops api meter POST /v2/billing/meter_event_session';

export function meterCatalogueCommand(factory: Factory, run = runMeterCatalogue): Command {
  const cmd = verbCommand(
    'catalogue',
    'List the other resource kinds of the billing platform, each with a one-line description',
    [
      'ops meter catalogue',
      'ops meter catalogue --search credit',
      'ops meter catalogue -o json --query "[].kind"',
      'ops meter catalogue --limit 5',
    ],
    {
      notes: `The seed names these kinds without their operations; ${POINTER}. The catalogue is
held by ops: --limit cuts it here.`,
    },
  ).option('--search <text>', 'only kinds whose name or description contains this text');
  return addListFlags(cmd).action(
    async (o: { search?: string; limit?: string; all?: boolean }, c: Command) => {
      const { limit } = parseListFlags(o);
      const { base } = await start(factory, c, {}, { client: false });
      await run({ printer: base.printer, feedback: base.feedback, search: o.search, limit });
    },
  );
}

export async function runMeterCatalogue(o: MeterCatalogueOptions): Promise<void> {
  const needle = o.search?.toLowerCase();
  const entries = needle
    ? CATALOGUE.filter((e) => e.kind.includes(needle) || e.description.toLowerCase().includes(needle))
    : CATALOGUE;
  await printWhole({
    printer: o.printer,
    feedback: o.feedback,
    items: entries,
    columns: COLUMNS,
    limit: o.limit,
    noun: 'kinds',
  });
  o.feedback.info(POINTER);
}
