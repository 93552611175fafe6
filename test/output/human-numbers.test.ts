import { describe, expect, it } from 'vitest';
import { trendText } from '../../src/commands/pipelines/insights/charts.js';
import { percent } from '../../src/commands/pipelines/columns.js';
import { formatNumber } from '../../src/output/chart.js';
import { exponential, humanBytes, humanDuration } from '../../src/output/text.js';

// Numbers a service may send, at their extremes: each shown as a number people can read, never
// `10000000000000.0 TB`, `Infinity%` or `2.7777777777777778e+304h …`.
describe('sizes, percents and durations at their extremes', () => {
  it('humanBytes: up to yottabytes, past them with an exponent; never 1000.0 of a unit', () => {
    expect(
      [0, 999, 1000, 1500, 999_949, 999_999, 1e12, 1e15, 2.5e18, 1e21, 1e24, 1e25, 1e27, 1.5e30, 1e308].map(
        humanBytes,
      ),
    ).toEqual([
      '0 B',
      '999 B',
      '1.0 KB',
      '1.5 KB',
      '999.9 KB',
      '1.0 MB',
      '1.0 TB',
      '1.0 PB',
      '2.5 EB',
      '1.0 ZB',
      '1.0 YB',
      '10.0 YB',
      '1e+3 YB',
      '1.5e+6 YB',
      '1e+284 YB',
    ]);
  });

  it('percent: a rate past a million percent with an exponent, the rate itself past the largest double ×100', () => {
    expect([0, 0.8473, 1, 9999, 1e4, 1.234e6, -2e5, 1e308].map((r) => percent(r))).toEqual([
      '0.0%',
      '84.7%',
      '100.0%',
      '999900.0%',
      '1e+6%',
      '1.23e+8%',
      '-2e+7%',
      '1e+310%',
    ]);
    expect(percent(undefined)).toBe('');
    expect(trendText(1e308)).toBe('▲ 1e+310%');
    expect(trendText(-0.051)).toBe('▼ 5.1%');
  });

  it('humanDuration: past 10,000 days in days with an exponent', () => {
    expect([0, 59, 187, 36_291, 9_999 * 86_400, 10_000 * 86_400, 1e10, 1e308].map(humanDuration)).toEqual([
      '0s',
      '59s',
      '3m 7s',
      '10h 4m',
      '239976h 0m',
      '1e+4d',
      '1.16e+5d',
      '1.16e+303d',
    ]);
  });

  it("one exponent form, the charts' too", () => {
    expect([1e308, 1.5e20, 123_456_789_012_345_680].map(exponential)).toEqual([
      '1e+308',
      '1.5e+20',
      '1.23e+17',
    ]);
    expect(formatNumber(1e308)).toBe('1e+308');
  });
});
