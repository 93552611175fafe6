import { describe, expect, it } from 'vitest';
import { barChart, formatNumber, lineChart, resample, sparkline } from '../../src/output/chart.js';

describe('charts', () => {
  it('sparkline: one tick a value, lowest to highest, gaps as spaces', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7])).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([1, null, 1])).toBe('▄ ▄');
    expect(sparkline([0, 0])).toBe('▁▁');
    expect(sparkline([])).toBe('');
  });

  it('sparkline and resample fit a long series into the width, keeping its shape', () => {
    expect(resample([1, 1, 3, 3, 5, 5], 3)).toEqual([1, 3, 5]);
    const line = sparkline(
      Array.from({ length: 100 }, (_, i) => i),
      10,
    );
    expect([...line]).toHaveLength(10);
    expect(line[0]).toBe('▁');
    expect(line.at(-1)).toBe('█');
  });

  it('bars fill the width, scaled to the largest value, labels cut with …', () => {
    const lines = barChart(
      [
        { label: 'build', value: 100 },
        { label: 'a-very-long-workflow-name-indeed', value: 50, text: '50 %' },
        { label: 'lint', value: 0 },
      ],
      40,
    );
    expect(lines).toHaveLength(3);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(40);
    expect(lines[0]).toMatch(/^build\s+█+\s+100$/);
    expect(lines[1]).toMatch(/^a-very-long-\S*…\s+█+\S?\s+50 %$/);
    const full = (lines[0]!.match(/█/g) ?? []).length;
    const half = (lines[1]!.match(/█/g) ?? []).length;
    expect(half).toBeGreaterThanOrEqual(Math.floor(full / 2) - 1);
    expect(half).toBeLessThanOrEqual(Math.ceil(full / 2));
    expect(lines[2]).toMatch(/^lint\s+0$/);
  });

  it('numbers are grouped and rounded for reading', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(0.12345)).toBe('0.123');
  });

  it('line chart: each series under its name, fitted to a fixed-width screen', async () => {
    const lines = await lineChart(
      [
        { name: 'cpu %', values: Array.from({ length: 200 }, (_, i) => 50 + 40 * Math.sin(i / 10)) },
        { name: 'empty', values: [null, null] },
      ],
      { width: 60, height: 5 },
    );
    expect(lines[0]).toBe('cpu %');
    // One name line and height + 1 rows of plot; the series without data is left out.
    expect(lines).toHaveLength(1 + 6);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(60);
    expect(lines.slice(1).join('\n')).toMatch(/[╭╮╰╯─│]/);
    expect(await lineChart([{ name: 'x', values: [] }], { width: 40 })).toEqual([]);
  });

  it('lineChart leaves gaps undrawn (it threw on a missing value) and lines its labels up', async () => {
    const lines = await lineChart([{ name: '', values: [1, 2, 3, null, null, 5, 6, 4, 3, 2] }], {
      width: 40,
      height: 5,
    });
    expect(lines).toEqual([
      '  6┤     ╭╮',
      '  5┤     ╯│',
      '  4┤      ╰╮',
      '  3┤ ╭─    ╰╮',
      '  2┤╭╯      ╰',
      '  1┼╯',
    ]);
    const decimals = await lineChart([{ name: 'y', values: [1, Number.NaN, 3] }], { width: 40, height: 5 });
    expect(decimals[0]).toBe('y');
    expect(new Set(decimals.slice(1).map((l) => l.search(/[┤┼]/))).size).toBe(1);
    expect(decimals.at(-1)).toBe('   1 ┼─');
    expect(resample([1, Number.NaN, Number.NaN, Number.NaN, 5, 7], 3)).toEqual([1, Number.NaN, 6]);
  });
});
