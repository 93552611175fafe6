import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/text.js';
import { useSandbox } from '../helpers/sandbox.js';
import { verbMeta } from '../../src/commands/shared/verbs.js';
import { HEADER, idsOf, onTerminal, reads, runs } from './fit-shared.js';

/**
 * What is not a list: a resource (key / value lines) and a chart, run as every read verb's help
 * examples write them on a terminal 80 and 120 columns wide against the sandbox's seed data. No line
 * of stdout is wider than the terminal (long values wrap under the value column, a chart is drawn for
 * the width it has), and every id shown whole on a wide terminal is whole on a narrow one.
 */

const sb = await useSandbox();

describe('every single-resource view and chart fits a terminal of 80 and of 120 columns', () => {
  it('finds views and charts among the examples', () => {
    expect(runs.map((r) => r.argv.slice(0, 2).join(' '))).toEqual(
      expect.arrayContaining(['cloud instance', 'pipelines insights', 'pipelines project']),
    );
  });
  for (const { page, argv } of runs) {
    it(`${page}: ops ${argv.join(' ')}`, async () => {
      const ids = await idsOf(sb, argv);
      if (ids === undefined) return;
      const whole = (await onTerminal(sb, argv, 400)).out;
      for (const columns of [80, 120]) {
        const { out } = await onTerminal(sb, argv, columns);
        // A list is held by fit.test.ts; a JSON document (`ops mcp tools`) is data, printed whole.
        if (HEADER.test(out.split('\n')[0]!) || /^[[{]/.test(out)) return;
        const wide = out.split('\n').filter((l) => displayWidth(l) > columns);
        expect(wide, `${columns} columns`).toEqual([]);
        const cut = [...ids].filter((id) => id.length > 3 && whole.includes(id) && !out.includes(id));
        expect(cut, `ids cut at ${columns}`).toEqual([]);
      }
    });
  }
});

describe('the examples reach the views', () => {
  it('runs every get or view verb (read, not a list) that has a plain example', () => {
    const views = reads
      .filter((l) => !verbMeta(l.cmd)?.list && /^(get|view|show|latest|totals)$/.test(l.path.at(-1)!))
      .map((l) => ['ops', ...l.path].join(' '));
    expect(views.length).toBeGreaterThan(15);
    expect(views.filter((page) => !runs.some((r) => r.page === page))).toEqual([]);
  });
});
