import { describe, expect, it } from 'vitest';
import type {
  JobTimeseriesWire,
  ProjectSummaryWire,
  WorkflowRunWire,
} from '../../src/clients/pipelines/types.js';
import {
  metricLines,
  sparkSection,
  statusStrip,
  trendText,
} from '../../src/commands/pipelines/insights/charts.js';
import { runInsightsFlakyTests } from '../../src/commands/pipelines/insights/flaky-tests.js';
import { runCharts, runInsightsRuns } from '../../src/commands/pipelines/insights/runs.js';
import { runInsightsSummary } from '../../src/commands/pipelines/insights/summary.js';
import {
  fillGaps,
  runInsightsTimeSeries,
  seriesByJob,
} from '../../src/commands/pipelines/insights/time-series.js';
import { output, pagesOf, stubClient } from './helpers.js';

const SCREEN = { charts: true, raw: false, width: 60 };

const summary: ProjectSummaryWire = {
  org_id: 'o',
  project_id: 'p',
  project_data: {
    metrics: {
      total_runs: 60,
      total_duration_secs: 27_000,
      total_credits_used: 1500,
      success_rate: 0.8333,
      throughput: 2,
    },
    trends: {
      total_runs: 0.2,
      total_duration_secs: -0.1,
      total_credits_used: 0,
      success_rate: -0.05,
      throughput: 0.2,
    },
  },
  project_workflow_data: [
    {
      workflow_name: 'a',
      metrics: { total_credits_used: 1000, p95_duration_secs: 600, total_runs: 40, success_rate: 1 },
      trends: { total_credits_used: 0, p95_duration_secs: 0, total_runs: 0, success_rate: 0 },
    },
    {
      workflow_name: 'b',
      metrics: { total_credits_used: 500, p95_duration_secs: 300, total_runs: 20, success_rate: 0.5 },
      trends: { total_credits_used: 0, p95_duration_secs: 0, total_runs: 0, success_rate: 0 },
    },
  ],
  project_workflow_branch_data: [
    {
      workflow_name: 'a',
      branch: 'main',
      metrics: { total_credits_used: 700, p95_duration_secs: 580, total_runs: 30, success_rate: 1 },
      trends: { total_credits_used: 0.1, p95_duration_secs: 0, total_runs: 0, success_rate: 0 },
    },
  ],
  all_branches: ['main'],
  all_workflows: ['a', 'b'],
};

describe('charts drawn on a 60-column terminal', () => {
  it('summary: aligned metrics with trends, then bars across workflows scaled to the largest', async () => {
    const o = output({ tty: true });
    await runInsightsSummary({
      ...o,
      client: async () => stubClient({ getProjectWorkflowsPageData: async () => summary }),
      project: 'gh/acme/web-app',
      org: undefined,
      window: 'last-30-days',
      branches: undefined,
      workflows: undefined,
      projects: undefined,
      view: SCREEN,
    });
    const full = '█'.repeat(50);
    const half = '█'.repeat(25);
    expect(o.io.out().split('\n').slice(0, 12)).toEqual([
      'gh/acme/web-app · last 30 days · all branches',
      '  runs              60  ▲ 20.0%',
      '  success rate   83.3%  ▼ 5.0%',
      '  duration      7h 30m  ▼ 10.0%',
      '  credits        1,500  = 0.0%',
      '  throughput     2/day  ▲ 20.0%',
      '',
      'Success rate by workflow',
      `a ${full} 100.0%`,
      `b ${half}${' '.repeat(25)}  50.0%`,
      '',
      'P95 duration by workflow',
    ]);
    expect(o.io.out()).toContain(
      `\nRuns by workflow\na ${'█'.repeat(54)} 40\nb ${'█'.repeat(27)}${' '.repeat(27)} 20\n`,
    );
    // Every drawn line fits the screen.
    expect(
      Math.max(
        ...o.io
          .out()
          .split('\n')
          .map((l) => [...l].length),
      ),
    ).toBeLessThanOrEqual(60);
  });

  it('runs: a line chart of durations, a sparkline of credits and a status strip, oldest first', async () => {
    const o = output({ tty: true });
    const runs: WorkflowRunWire[] = [400, 200, 300, 100].map((d, i) => ({
      id: `r${i}`,
      branch: 'main',
      duration: d,
      created_at: `2026-01-0${4 - i}T00:00:00Z`,
      stopped_at: `2026-01-0${4 - i}T00:10:00Z`,
      credits_used: d / 10,
      status: i === 1 ? 'failed' : i === 3 ? 'canceled' : 'success',
      is_approval: false,
    }));
    await runInsightsRuns({
      ...o,
      client: async () => stubClient({ getProjectWorkflowRuns: () => pagesOf([runs]) }),
      slug: 'gh/acme/web-app',
      workflow: 'build',
      scope: {},
      range: {},
      limit: 100,
      view: SCREEN,
    });
    const lines = o.io.out().split('\n');
    expect(lines[0]).toBe('Duration of 4 runs, oldest to newest');
    // asciichart's axis: the largest duration on the top row, the smallest on the bottom one.
    expect(lines[1]).toMatch(/^ 6m 40s ┤/);
    expect(lines[9]).toMatch(/^ 1m 40s ┼/);
    expect(o.io.out()).toContain('\nCredits\ncredits  ▁▆▃█  10–40\n');
    expect(o.io.out()).toContain('\nStatus (● success, ✗ failed, ○ canceled)\n○●✗●\n');
    expect(o.io.out()).toMatch(
      /\nID\s+STATUS\s+BRANCH\s+DURATION\s+CREDITS\s+CREATED\nr0\s+success\s+main\s+6m 40s\s+40/,
    );
  });

  it('runs: one run is "1 run"', async () => {
    const run = {
      id: 'r0',
      branch: 'main',
      duration: 60,
      created_at: '2026-01-01T00:00:00Z',
      stopped_at: '2026-01-01T00:01:00Z',
      credits_used: 6,
      status: 'success',
      is_approval: false,
    } as WorkflowRunWire;
    expect((await runCharts([run], 60))[0]).toBe('Duration of 1 run, oldest to newest');
  });

  it('time series: one line chart a job and sparklines over the same buckets, gaps left blank', async () => {
    const point = (
      name: string,
      day: number,
      runs: number,
      ok: number,
      credits: number,
      median: number,
    ): JobTimeseriesWire => ({
      name,
      timestamp: `2026-01-0${day}T00:00:00Z`,
      min_started_at: `2026-01-0${day}T01:00:00Z`,
      max_ended_at: `2026-01-0${day}T02:00:00Z`,
      metrics: {
        total_runs: runs,
        failed_runs: runs - ok,
        successful_runs: ok,
        throughput: runs,
        median_credits_used: credits / runs,
        total_credits_used: credits,
        duration_metrics: { min: median, median, max: median, p95: median, total: median * runs },
      },
    });
    const items = [
      point('build', 1, 2, 2, 20, 60),
      point('test', 1, 2, 1, 40, 120),
      point('build', 2, 4, 4, 40, 90),
      point('build', 3, 1, 0, 10, 30),
      point('test', 3, 4, 4, 80, 240),
    ];
    expect(seriesByJob(items).times).toHaveLength(3);
    const o = output({ tty: true });
    await runInsightsTimeSeries({
      ...o,
      client: async () =>
        stubClient({ getJobTimeseries: () => pagesOf([items.slice(0, 3), items.slice(3)]) }),
      slug: 'gh/acme/web-app',
      workflow: 'ci',
      granularity: 'daily',
      branch: 'main',
      range: {},
      view: SCREEN,
      limit: 30,
    });
    const out = o.io.out();
    // The title wraps at the width the chart has (SCREEN), at a space.
    expect(out.split('\n').slice(0, 2)).toEqual([
      'ci on main · per day · 2026-01-01T00:00:00Z →',
      '2026-01-03T00:00:00Z',
    ]);
    expect(out).toContain('\nMedian duration per day\nbuild\n');
    expect(out).toContain('\nRuns per day\nbuild  ▃█▁  1–4\ntest   ▁ █  2–4\n');
    expect(out).toContain('\nSuccess rate per day\nbuild  ██▁  0.0%–100.0%\ntest   ▁ █  50.0%–100.0%\n');
    expect(out).toContain('\nCredits per day\nbuild  ▃█▁  10–40\ntest   ▁ █  40–80\n');
  });

  it('flaky tests: bars of how often each test flaked', async () => {
    const o = output({ tty: true });
    const t = (name: string, times: number) => ({
      'test-name': name,
      'times-flaked': times,
      'time-wasted': times * 10,
      classname: 'c',
      file: 'f.ts',
      source: 'jest',
      'job-name': 'unit',
      'job-number': 1,
      'pipeline-number': 1,
      'workflow-name': 'ci',
      'workflow-id': 'w',
      'workflow-created-at': '2026-01-01T00:00:00Z',
    });
    await runInsightsFlakyTests({
      ...o,
      client: async () =>
        stubClient({
          getFlakyTests: async () => ({
            'flaky-tests': [t('slow one', 8), t('other', 2)],
            'total-flaky-tests': 2,
          }),
        }),
      slug: 'gh/acme/web-app',
      view: SCREEN,
    });
    expect(o.io.out().split('\n').slice(0, 3)).toEqual([
      'Times flaked',
      `slow one ${'█'.repeat(48)} 8`,
      `other    ${'█'.repeat(12)}${' '.repeat(36)} 2`,
    ]);
  });

  it('the pieces: trends, aligned metrics, clipped labels, status marks, filled gaps', () => {
    expect([trendText(0.125), trendText(-0.5), trendText(0), trendText(undefined)]).toEqual([
      '▲ 12.5%',
      '▼ 50.0%',
      '= 0.0%',
      '',
    ]);
    expect(
      metricLines([
        ['a', '1', 0.1],
        ['longer', '100', undefined],
      ]),
    ).toEqual(['  a         1  ▲ 10.0%', '  longer  100']);
    expect(sparkSection('T', [{ label: 'a-very-long-job-name-indeed', values: [1, 2] }], 30)).toEqual([
      '',
      'T',
      'a-very-lo…  ▁█  1–2',
    ]);
    expect(statusStrip(['success', 'failed', 'error', 'canceled', 'unauthorized', 'weird'], 4)).toBe('✗○!?');
    expect(fillGaps([null, 2, null, null, 8, null])).toEqual([2, 2, 4, 6, 8, 8]);
    expect(fillGaps([null, null])).toEqual([]);
  });
});

describe('the numbers stay unchanged without a terminal or with -o json|csv', () => {
  const run = async (format: 'json' | 'csv' | 'table', raw: boolean) => {
    const o = output({ format });
    await runInsightsSummary({
      ...o,
      client: async () => stubClient({ getProjectWorkflowsPageData: async () => summary }),
      project: 'gh/acme/web-app',
      org: undefined,
      window: undefined,
      branches: undefined,
      workflows: undefined,
      projects: undefined,
      view: { charts: false, raw, width: 80 },
    });
    return o.io.out();
  };

  it('json is the service’s answer as it came', async () => {
    expect(JSON.parse(await run('json', true))).toEqual(summary);
  });

  it('csv: a row a workflow (every branch) and a workflow and branch, numbers as sent', async () => {
    expect((await run('csv', false)).split('\n')).toEqual([
      'workflow,branch,total_runs,total_runs_trend,success_rate,success_rate_trend,p95_duration_secs,p95_duration_secs_trend,total_credits_used,total_credits_used_trend',
      'a,*,40,0,1,0,600,0,1000,0',
      'b,*,20,0,0.5,0,300,0,500,0',
      'a,main,30,0,1,0,580,0,700,0.1',
      '',
    ]);
  });

  it('a table that is not on a terminal has the same numbers and no drawing', async () => {
    const out = await run('table', false);
    expect(out).not.toMatch(/[█▁▂▃▄▅▆▇]/);
    expect(out.split('\n')[2]).toMatch(/^b\s+\*\s+20\s+0\s+0\.5\s+0\s+300/);
  });
});
