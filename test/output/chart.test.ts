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

  it('numbers past a quadrillion or under a thousandth keep three digits and an exponent', () => {
    expect(formatNumber(999_999_999_999_999)).toBe('999,999,999,999,999');
    expect(formatNumber(1e15)).toBe('1e+15');
    expect(formatNumber(1e308)).toBe('1e+308');
    expect(formatNumber(-8.75e307)).toBe('-8.75e+307');
    expect(formatNumber(1.5e16)).toBe('1.5e+16');
    expect(formatNumber(Number.MAX_VALUE)).toBe('1.8e+308');
    expect(formatNumber(0.001)).toBe('0.001');
    expect(formatNumber(0.00012)).toBe('1.2e-4');
    expect(formatNumber(1e-300)).toBe('1e-300');
    expect(formatNumber(0)).toBe('0');
  });

  it('a line chart of 1e308 beside 1 has labels a few characters wide (they were 400)', async () => {
    const lines = await lineChart([{ name: '', values: [1e308, 1] }], { width: 40, height: 8 });
    expect(lines.map((l) => l.trimEnd())).toEqual([
      '    1e+308 ┼╮',
      ' 8.75e+307 ┤│',
      '  7.5e+307 ┤│',
      ' 6.25e+307 ┤│',
      '    5e+307 ┤│',
      ' 3.75e+307 ┤│',
      '  2.5e+307 ┤│',
      ' 1.25e+307 ┤│',
      '         1 ┤╰',
    ]);
    const tiny = await lineChart([{ name: '', values: [1e-300, 3e-300] }], { width: 40, height: 2 });
    expect(tiny.map((l) => l.trim().split(/ [┤┼]/)[0])).toEqual(['3e-300', '2e-300', '1e-300']);
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

  // Each of these spun asciichart's row loop forever (1e16 and up: a step of one is lost) or drew NaN.
  it.each([
    ['one huge value', [1e16], '1e+16'],
    ['equal huge values', [1e300, 1e300, 1e300], '1.000e+300'],
    ['huge values an ulp apart', [1e16, 1e16 + 2, 1e16], '1e+16'],
    ['values an ulp apart', [10000, 10000.000000000002], '10,000'],
    ['the ends of the numbers', [-Number.MAX_VALUE, Number.MAX_VALUE], '1.798e+308'],
    ['tiny values', [5e-324, 1e-323, 0], '0'],
    ['equal negative values', [-3, -3], '-3'],
    ['negative values', [-5, -1e15, -3], '-5'],
  ])('lineChart draws %s, a row at most per label', async (_, values, label) => {
    const format = (n: number) => (Math.abs(n) >= 1e21 ? n.toPrecision(4) : formatNumber(n));
    const lines = await lineChart([{ name: '', values }], { width: 60, height: 8, format });
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(9);
    expect(lines.join('\n')).toContain(label);
    expect(lines.join('\n')).not.toMatch(/NaN|Infinity|undefined/);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(60);
  });

  it('a series of equal values is one row, labelled with the value', async () => {
    expect(await lineChart([{ name: '', values: [1e16] }], { width: 40 })).toEqual([' 1e+16 ┼ ']);
  });

  it('non-finite values (1e999 reads as Infinity) are skipped as gaps; none at all draws nothing', async () => {
    const lines = await lineChart([{ name: '', values: [1, Number.POSITIVE_INFINITY, Number.NaN, 3] }], {
      width: 40,
      height: 2,
    });
    expect(lines.join('\n')).not.toMatch(/NaN|Infinity/);
    expect(lines.map((l) => l.trim().split(/[┤┼]/)[0])).toEqual(['3', '2', '1']);
    expect(
      await lineChart([{ name: '', values: [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY] }], {
        width: 40,
      }),
    ).toEqual([]);
  });

  it('sparkline and resample keep the ends of the numbers finite', () => {
    expect(resample([Number.MAX_VALUE, Number.MAX_VALUE], 1)).toEqual([Number.MAX_VALUE]);
    expect(sparkline([-Number.MAX_VALUE, 0, Number.MAX_VALUE])).toBe('▁▅█');
  });
});
