import { PROJECT_ARG, PROJECT_ORG, parseProjectArg, withSlug } from '../project-ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { FlakyTestWire } from '../../../clients/pipelines/types.js';
import type { Column } from '../../../output/printer.js';
import { duration } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';
import { barSection } from './charts.js';
import { type InsightsView, draw, viewOf } from './shared.js';

export interface InsightsFlakyTestsOptions extends PipelinesBase {
  slug: string;
  view: InsightsView;
}

export const FLAKY_COLUMNS: Column<FlakyTestWire>[] = [
  { header: 'test name', get: (t) => t['test-name'], kind: 'text' },
  { header: 'classname', get: (t) => t.classname, kind: 'text' },
  { header: 'file', get: (t) => t.file, kind: 'text' },
  { header: 'job name', get: (t) => t['job-name'], kind: 'text' },
  { header: 'workflow name', get: (t) => t['workflow-name'], kind: 'text' },
  { header: 'times flaked', get: (t) => t['times-flaked'] },
  { header: 'time wasted', get: (t) => t['time-wasted'] },
  { header: 'workflow created at', get: (t) => t['workflow-created-at'], format: 'relative' },
  { header: 'workflow id', get: (t) => t['workflow-id'] },
  { header: 'job number', get: (t) => t['job-number'] },
];

const PRETTY: Column<FlakyTestWire>[] = [
  { header: 'test', get: (t) => t['test-name'], kind: 'text' },
  { header: 'job', get: (t) => `${t['workflow-name']}/${t['job-name']}`, kind: 'text' },
  { header: 'flaked', get: (t) => t['times-flaked'] },
  { header: 'wasted', get: (t) => duration(t['time-wasted'] ?? 0) },
  { header: 'last', get: (t) => t['workflow-created-at'], format: 'relative' },
  { header: 'file', get: (t) => t.file, kind: 'text' },
];

export function flakyCharts(tests: readonly FlakyTestWire[], width: number): string[] {
  return [
    ...barSection(
      'Times flaked',
      tests.map((t) => ({ label: t['test-name'], value: t['times-flaked'] })),
      width,
    ),
    ...barSection(
      'Time wasted',
      tests.map((t) => ({
        label: t['test-name'],
        value: t['time-wasted'] ?? 0,
        text: duration(t['time-wasted'] ?? 0),
      })),
      width,
    ),
  ].slice(1);
}

export function insightsFlakyTestsCommand(factory: Factory, run = runInsightsFlakyTests): Command {
  return verbCommand(
    'flaky-tests',
    'Tests that failed and then passed in the same job: how often, and how much time they cost',
    [
      'ops pipelines insights flaky-tests gh/acme/web-app',
      'ops pipelines insights flaky-tests gh/acme/api-server -o csv',
    ],
  )
    .argument('<project>', PROJECT_ARG)
    .option('--org <org>', PROJECT_ORG)
    .action(async (slug: string, _o: unknown, c: Command) => {
      const given = parseProjectArg(slug, c.opts());
      const { ctx, base, slug: parsed } = await start(factory, c, {}, { resolve: withSlug(given, c.opts()) });
      await run({ ...base, slug: parsed, view: viewOf(ctx) });
    });
}

export async function runInsightsFlakyTests(o: InsightsFlakyTestsOptions): Promise<void> {
  const res = await (await o.client()).getFlakyTests(o.slug);
  if (o.view.raw) return o.printer.print(res);
  const tests = res['flaky-tests'] ?? [];
  if (!o.view.charts) return o.printer.print(tests, { columns: FLAKY_COLUMNS });
  if (tests.length === 0) return;
  await draw(o.printer, [...flakyCharts(tests, o.view.width), '']);
  await o.printer.print(tests, { columns: PRETTY });
}
