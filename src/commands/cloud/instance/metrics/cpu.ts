import { resolveInstance } from '../../names.js';
import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import { CPU_GRANULARITIES, type MetricsQuery } from '../../../../clients/cloud/types.js';
import { UsageError } from '../../../../errors.js';
import { parseTime } from '../../../shared/parse.js';
import { type MetricsView, metricsView, peakText, printMetrics, seriesOf } from '../../charts.js';
import { type CloudRunBase, cloudCommand, start, parseChoice } from '../../shared.js';
import { instanceId } from '../shared.js';
import { choiceOption } from '../../../shared/choices.js';

export interface MetricsCpuOptions extends CloudRunBase {
  id: string;
  /** Dates (YYYY-MM-DD), as CPU metrics take them. */
  query: MetricsQuery;
  view: MetricsView;
}

/** A day: YYYY-MM-DD as given, or any time `parseTime` reads (-7d, an ISO time), as its UTC date. */
export function parseDay(flag: string, raw: string | undefined, now = Date.now()): string | undefined {
  if (raw === undefined) return undefined;
  return new Date(parseTime(flag, raw, now) * 1000).toISOString().slice(0, 10);
}

export function parseCpuFlags(
  o: { since?: string; until?: string; granularity?: string },
  now = Date.now(),
): MetricsQuery {
  const from = parseDay('--since', o.since, now);
  const to = parseDay('--until', o.until, now);
  if (from !== undefined && to !== undefined && from > to)
    throw new UsageError(`--since ${from} is after --until ${to}`, 'give an --until on or after --since');
  return { from, to, granularity: parseChoice('--granularity', o.granularity, CPU_GRANULARITIES) };
}

export function metricsCpuCommand(factory: Factory, run = runMetricsCpu): Command {
  return cloudCommand(
    'cpu',
    'CPU use of an instance in percent, drawn as a chart on a terminal (values with -o json|csv)',
    [
      'ops cloud instance metrics cpu 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01',
      'ops cloud instance metrics cpu 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 --since -7d --granularity 60m -o csv',
      'ops cloud instance metrics cpu 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 --json --query "_metadata.summary"',
    ],
  )
    .argument('<id>', 'instance id (UUID) or unique reference')
    .option('--since <time>', "first day, YYYY-MM-DD or relative (-7d); default yesterday (the API's from)")
    .option('--until <time>', "last day (included), YYYY-MM-DD or relative; default today (the API's to)")
    .addOption(
      choiceOption('--granularity <g>', `one value per ${CPU_GRANULARITIES.join(', ')}`, CPU_GRANULARITIES),
    )
    .action(async (raw: string, o: { since?: string; until?: string; granularity?: string }, c: Command) => {
      const ref = instanceId(raw);
      const query = parseCpuFlags(o);
      const { ctx, base } = await start(factory, c);
      const id = await resolveInstance(base, ref);
      const view = metricsView({
        format: ctx.printer.format,
        tty: ctx.io.stdoutIsTty,
        columns: ctx.io.columns,
        query: ctx.flags.query,
        field: ctx.flags.field,
      });
      await run({ ...base, id, query, view });
    });
}

export async function runMetricsCpu(o: MetricsCpuOptions): Promise<void> {
  const answer = await (await o.client()).getCpuMetrics(o.id, o.query);
  const series = seriesOf(answer.metrics?.cpuMetrics, 'cpu');
  const m = answer._metadata;
  const s = m?.summary?.cpuMetrics;
  const notes = s ? [`average ${s.average} %, expected ${s.expected} %, ${peakText(s.peak, '%')}`] : [];
  await printMetrics({
    printer: o.printer,
    view: o.view,
    answer,
    series,
    title: `CPU of instance ${o.id} (%), every ${m?.granularity ?? o.query.granularity ?? '5m'}`,
    notes,
  });
}
