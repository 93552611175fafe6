import { describe, expect, it } from 'vitest';
import type { CpuMetricsWire } from '../../src/clients/cloud/types.js';
import { chartLines, metricsView, seriesOf } from '../../src/commands/cloud/charts.js';
import { runMetricsCpu } from '../../src/commands/cloud/instance/metrics/cpu.js';
import { IDS, output, stubClient } from './helpers.js';

const values = [12, 18, 25, 40, 38, 30, 22, 15].map((value, i) => ({
  value,
  timestamp: `2026-01-01T0${i}:00:00Z`,
}));
const cpu: CpuMetricsWire = {
  metrics: { cpuMetrics: { unit: '%', values } },
  _metadata: {
    from: '2026-01-01T00:00:00Z',
    to: '2026-01-02T00:00:00Z',
    unit: '%',
    granularity: '60m',
    summary: {
      cpuMetrics: { average: 25, expected: 24, peak: { value: 40, timestamp: '2026-01-01T03:00:00Z' } },
    },
  },
};

function cpuRun(
  view: Parameters<typeof runMetricsCpu>[0]['view'],
  format: 'table' | 'json' | 'csv' = 'table',
) {
  const out = output({ format, tty: view.kind === 'chart' });
  const calls: unknown[] = [];
  return {
    out,
    calls,
    run: () =>
      runMetricsCpu({
        ...out,
        client: async () =>
          stubClient({
            getCpuMetrics: async (id, q) => {
              calls.push([id, q]);
              return cpu;
            },
          }),
        id: IDS.web01,
        query: { from: '2026-01-01', to: undefined, granularity: '60m' },
        view,
      }),
  };
}

describe('metrics views', () => {
  it('a table on a terminal is a chart; JSON, YAML, --query and --field the answer; the rest rows', () => {
    expect(metricsView({ format: 'table', tty: true, columns: 100 })).toEqual({ kind: 'chart', width: 100 });
    expect(metricsView({ format: 'table', tty: true, columns: 0 })).toEqual({ kind: 'chart', width: 80 });
    expect(metricsView({ format: 'table', tty: false, columns: 0 })).toEqual({ kind: 'rows' });
    expect(metricsView({ format: 'csv', tty: true, columns: 80 })).toEqual({ kind: 'rows' });
    expect(metricsView({ format: 'json', tty: true, columns: 80 })).toEqual({ kind: 'whole' });
    expect(metricsView({ format: 'table', tty: true, columns: 80, field: 'x' })).toEqual({ kind: 'whole' });
  });

  it('the CPU chart, drawn on a 48-column screen: title, range, an 8-row line chart, the summary', async () => {
    const { out, run, calls } = cpuRun({ kind: 'chart', width: 48 });
    await run();
    expect(calls).toEqual([[IDS.web01, { from: '2026-01-01', to: undefined, granularity: '60m' }]]);
    const all = out.io.out().trimEnd().split('\n');
    // The title wraps at the screen's width, the id whole.
    expect(all.slice(0, 3)).toEqual(['CPU of instance', `${IDS.web01} (%), every`, '60m']);
    const lines = all.slice(2);
    expect(lines[1]).toBe('2026-01-01T00:00:00Z → 2026-01-01T07:00:00Z, 8 points');
    const chart = lines.slice(2, -1);
    expect(chart).toHaveLength(9);
    for (const l of chart) expect(l.length).toBeLessThanOrEqual(48);
    expect(chart[0]).toMatch(/^\s*40 % ┤/);
    expect(chart.at(-1)).toMatch(/^\s*12 % ┼/);
    // The peak is drawn in the top row, at the fourth value.
    const top = chart[0]!.slice(chart[0]!.indexOf('┤') + 1);
    expect(top.indexOf('╭')).toBe(2);
    expect(lines.at(-1)).toBe('average 25 %, expected 24 %, peak 40 % at 2026-01-01T03:00:00Z');
  });

  it('-o json gives the answer unchanged; -o csv and a table in a pipe give one row per timestamp', async () => {
    const json = cpuRun({ kind: 'whole' }, 'json');
    await json.run();
    expect(JSON.parse(json.out.io.out())).toEqual(cpu);
    const csv = cpuRun({ kind: 'rows' }, 'csv');
    await csv.run();
    expect(csv.out.io.out()).toBe(
      `timestamp,cpu\n${values.map((v) => `${v.timestamp},${v.value}`).join('\n')}\n`,
    );
    const table = cpuRun({ kind: 'rows' });
    await table.run();
    expect(table.out.io.out().split('\n')[1]).toMatch(/^2026-01-01T00:00:00Z\s+12$/);
  });

  it('many series: a sparkline each and the totals as bars, in the width given', async () => {
    const codes = Object.fromEntries(
      ['2xx', '3xx', '4xx', '5xx'].map((code, k) => [
        code,
        { unit: 'responses', values: values.map((v) => ({ ...v, value: v.value * (4 - k) * 10 })) },
      ]),
    );
    const lines = await chartLines({ title: 'responseCodes', series: seriesOf(codes, 'x'), width: 40 });
    expect(lines.slice(0, 2)).toEqual([
      'responseCodes',
      '2026-01-01T00:00:00Z → 2026-01-01T07:00:00Z, 8 points',
    ]);
    expect(lines[2]).toBe('2xx ▁▂▄██▆▃▁');
    expect(lines[6]).toBe('totals:');
    expect(lines[7]).toMatch(/^2xx █+ 8,000$/);
    expect(lines[10]).toMatch(/^5xx █{7}▊ +2,000$/);
    for (const l of lines.slice(2)) expect(l.length).toBeLessThanOrEqual(40);
  });

  it('one point is "1 point", and a huge value keeps the axis short', async () => {
    const one = [{ value: 1e308, timestamp: '2026-01-01T00:00:00Z' }];
    const lines = await chartLines({
      title: 't',
      series: seriesOf({ unit: '%', values: one }, 'cpu'),
      width: 40,
    });
    expect(lines).toEqual(['t', '2026-01-01T00:00:00Z → 2026-01-01T00:00:00Z, 1 point', ' 1e+308 % ┼ ']);
  });

  it('no data points: says so rather than drawing nothing', async () => {
    expect(
      await chartLines({ title: 't', series: seriesOf({ unit: '%', values: [] }, 'cpu'), width: 40 }),
    ).toEqual(['t', 'no data points in this range']);
  });
});
