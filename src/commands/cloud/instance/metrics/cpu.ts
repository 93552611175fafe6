import { instanceArgument } from '../../pick-instance.js';
import { resolveInstance } from '../../names.js';
import { verbCommand } from '../../../shared/verbs.js';
import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import { CPU_GRANULARITIES, type MetricsQuery } from '../../../../clients/cloud/types.js';
import { isoSeconds, parseTimeWindow } from '../../../shared/parse.js';
import { type MetricsView, metricsView, peakText, printMetrics, seriesOf } from '../../charts.js';
import { type CloudRunBase, start, parseChoice } from '../../shared.js';
import { instanceId } from '../shared.js';
import { choiceOption } from '../../../shared/choices.js';
import { clockNow } from '../../../../clock.js';

export interface MetricsCpuOptions extends CloudRunBase {
  id: string;
  /** Dates (YYYY-MM-DD), as CPU metrics take them. */
  query: MetricsQuery;
  view: MetricsView;
}

/** The window's ends as UTC days (the API takes YYYY-MM-DD), compared as times before they are cut. */
export function parseCpuFlags(
  o: { since?: string; until?: string; granularity?: string },
  now = clockNow(),
): MetricsQuery {
  const window = parseTimeWindow(o, now);
  const day = (s: number | undefined) => (s === undefined ? undefined : isoSeconds(s).slice(0, 10));
  return {
    from: day(window.since),
    to: day(window.until),
    granularity: parseChoice('--granularity', o.granularity, CPU_GRANULARITIES),
  };
}

export function metricsCpuCommand(factory: Factory, run = runMetricsCpu): Command {
  return verbCommand(
    'cpu',
    'CPU use of an instance in percent, drawn as a chart on a terminal (values with -o json|csv)',
    [
      'ops cloud instance metrics cpu 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01',
      'ops cloud instance metrics cpu 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 --since \\\n' +
        '    -7d --granularity 60m -o csv',
      'ops cloud instance metrics cpu 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 --json \\\n' +
        '    --query "_metadata.summary"',
    ],
  )
    .addArgument(instanceArgument())
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
