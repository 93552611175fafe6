import { describe, expect, it } from 'vitest';
import { verbMeta } from '../../src/commands/shared/verbs.js';
import { displayWidth } from '../../src/output/text.js';
import { useSandbox } from '../helpers/sandbox.js';
import { HEADER, idsOf, onTerminal, reads, runs } from './fit-shared.js';

/**
 * Every read verb of every service, run as its help examples write it (the ones a plain argv can
 * carry), on a terminal 80 and 120 columns wide against the sandbox's seed data: no line of stdout is
 * wider than the terminal, and no id is cut (docs/grammar.md, "Tables").
 */

const sb = await useSandbox();

describe('every list fits a terminal of 80 and of 120 columns', () => {
  it('runs every list verb (one that declares `list`) at least once', () => {
    const lists = reads.filter((l) => verbMeta(l.cmd)?.list).map((l) => ['ops', ...l.path].join(' '));
    expect(lists.length).toBeGreaterThan(30);
    expect(lists.filter((page) => !runs.some((r) => r.page === page))).toEqual([]);
  });
  it('finds the read verbs and their examples', () => {
    expect(reads.length).toBeGreaterThan(90);
    expect(runs.map((r) => r.argv.slice(0, 2).join(' '))).toEqual(
      expect.arrayContaining(['runs list', 'cloud instance', 'dataapi errors']),
    );
  });
  for (const { page, argv } of runs) {
    it(`${page}: ops ${argv.join(' ')}`, async () => {
      const ids = await idsOf(sb, argv);
      if (ids === undefined) return;
      for (const columns of [80, 120]) {
        const { out } = await onTerminal(sb, argv, columns);
        // A resource (key / value lines) or a chart is not a list: its values are shown whole.
        if (!HEADER.test(out.split('\n')[0]!)) return;
        const wide = out.split('\n').filter((l) => displayWidth(l) > columns);
        expect(wide, `${columns} columns`).toEqual([]);
        for (const cut of out.match(/\S+…/g) ?? []) {
          const start = cut.slice(0, -1);
          if (start.length < 4) continue;
          expect(
            [...ids].filter((id) => id !== start && id.startsWith(start)),
            `${cut} at ${columns}`,
          ).toEqual([]);
        }
      }
    });
  }
});
