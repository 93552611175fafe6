import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { LB_METRIC_METHODS } from '../../../clients/cloud/client.js';
import {
  LB_GRANULARITIES,
  LB_METRICS,
  type LbMetric,
  type LbMetricsWire,
  type MetricsQuery,
} from '../../../clients/cloud/types.js';
import { UsageError } from '../../../errors.js';
import { isoSeconds, parseTimeWindow } from '../../shared/parse.js';
import { type MetricsView, metricsView, printMetrics, seriesOf } from '../charts.js';
import { type CloudRunBase, start, parseChoice } from '../shared.js';
import { lbId } from './action.js';
import { choiceOption } from '../../shared/choices.js';
import { clockNow } from '../../../clock.js';

export interface LbMetricsOptions extends CloudRunBase {
  id: string;
  metric: LbMetric;
  /** Date-times (ISO 8601, UTC), as load-balancer metrics take them. */
  query: MetricsQuery;
  view: MetricsView;
}

/** The seed's names, or the same in kebab case (`requests-per-second`), in any case. */
export function parseMetric(raw: string): LbMetric {
  const key = raw.replace(/[-_]/g, '').toLowerCase();
  const found = LB_METRICS.find((m) => m.toLowerCase() === key);
  if (!found) throw new UsageError(`unknown metric "${raw}"`, `give one of ${LB_METRICS.join(', ')}`);
  return found;
}

export function parseLbMetricsFlags(
  o: { since?: string; until?: string; granularity?: string },
  now = clockNow(),
): MetricsQuery {
  const { since: from, until: to } = parseTimeWindow(o, now);
  // An empty window is refused too: the API wants its end later than its start.
  if (from !== undefined && to !== undefined && to <= from)
    throw new UsageError(
      '--until must be later than --since',
      `got --since ${isoSeconds(from)} and --until ${isoSeconds(to)}`,
    );
  return {
    from: from === undefined ? undefined : isoSeconds(from),
    to: to === undefined ? undefined : isoSeconds(to),
    granularity: parseChoice('--granularity', o.granularity, LB_GRANULARITIES),
  };
}

export function lbMetricsCommand(factory: Factory, run = runLbMetrics): Command {
  return verbCommand(
    'metrics',
    `A load balancer's ${LB_METRICS.join(', ')}: charts on a terminal, values with -o json|csv`,
    [
      'ops cloud lb metrics 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e01 requests',
      'ops cloud lb metrics 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e01 response-codes \\\n' +
        '    --since -6h --granularity 30m',
      'ops cloud lb metrics 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e01 dataTransferred \\\n' +
        '    --since -7d --granularity 1d -o csv',
      'ops cloud lb metrics 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e02 \\\n' + '    connectionsPerSecond --json',
    ],
  )
    .argument('<load-balancer>', 'load balancer id (UUID) or unique reference')
    .argument('<metric>', LB_METRICS.join(', '))
    .option(
      '--since <time>',
      "start: RFC 3339, a date or relative (-6h); default 24 hours ago (the API's from)",
    )
    .option('--until <time>', "end, later than --since; default now (the API's to)")
    .addOption(
      choiceOption('--granularity <g>', `one value per ${LB_GRANULARITIES.join(', ')}`, LB_GRANULARITIES),
    )
    .action(
      async (
        raw: string,
        rawMetric: string,
        o: { since?: string; until?: string; granularity?: string },
        c: Command,
      ) => {
        const id = lbId(raw);
        const metric = parseMetric(rawMetric);
        const query = parseLbMetricsFlags(o);
        const { ctx, base } = await start(factory, c);
        const view = metricsView({
          format: ctx.printer.format,
          tty: ctx.io.stdoutIsTty,
          columns: ctx.io.columns,
          query: ctx.flags.query,
          field: ctx.flags.field,
        });
        await run({ ...base, id, metric, query, view });
      },
    );
}

export async function runLbMetrics(o: LbMetricsOptions): Promise<void> {
  const client = await o.client();
  const call = client[LB_METRIC_METHODS[o.metric]] as (id: string, q: MetricsQuery) => Promise<LbMetricsWire>;
  const answer = await call(o.id, o.query);
  const series = seriesOf(answer.metrics, o.metric);
  const m = answer._metadata;
  const unit = series[0]?.unit ?? '';
  await printMetrics({
    printer: o.printer,
    view: o.view,
    answer,
    series,
    title: `${o.metric} of load balancer ${o.id} (${unit}${m?.aggregation ? `, ${m.aggregation}` : ''}), every ${m?.granularity ?? o.query.granularity ?? '5m'}`,
  });
}
