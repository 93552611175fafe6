import { describe, expect, it } from 'vitest';
import { GAP, TEXT_KEPT, TEXT_MINIMUM, TEXT_READABLE, fitTable } from '../../src/output/fit.js';
import { displayWidth } from '../../src/output/text.js';

/** fitTable on text, measured as the printer measures it. */
const layoutOf = (
  columns: Array<{ header: string; cut: boolean; priority?: number }>,
  rows: string[][],
  terminal: number,
) =>
  fitTable(
    columns.map((c, i) => ({
      header: displayWidth(c.header),
      cells: rows.map((r) => displayWidth(r[i]!)),
      cut: c.cut,
      priority: c.priority,
    })),
    terminal,
  );

const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0);
const lineWidth = (l: { widths: number[]; gap: number; dropped?: number[] }) =>
  sum(l.widths) + l.gap * (l.widths.length - (l.dropped?.length ?? 0) - 1);

describe('fitTable', () => {
  const id = (header: string) => ({ header, cut: false });
  const text = (header: string) => ({ header, cut: true });

  it('a table that fits is left as it is, two spaces apart', () => {
    const layout = layoutOf([id('ID'), text('TITLE')], [['123', 'short']], 80);
    expect(layout).toEqual({ widths: [3, 5], gap: GAP, dropped: [] });
  });

  it('cuts only the text columns, the widest first, and never an id, a number, a time or a status', () => {
    const rows = [
      ['4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01', 'x'.repeat(40), 'y'.repeat(20), '152445165', 'in_progress'],
    ];
    const cols = [id('ID'), text('TITLE'), text('NOTES'), id('ACCOUNTS'), id('STATE')];
    const layout = layoutOf(cols, rows, 100);
    expect(layout.gap).toBe(GAP);
    expect(layout.widths[0]).toBe(36);
    expect(layout.widths[3]).toBe(9);
    expect(layout.widths[4]).toBe(11);
    expect(lineWidth(layout)).toBe(100);
    // The widest text column gave way first: both text columns end at the same level.
    expect(layout.widths[1]! - layout.widths[2]!).toBeLessThanOrEqual(1);
    // With room for the narrower one whole, only the wider one is cut.
    const wide = layoutOf(cols, rows, 122);
    expect(wide.widths).toEqual([36, 38, 20, 9, 11]);
  });

  it('a text column keeps at least the minimum, or its header if wider', () => {
    const rows = [['1', 'x'.repeat(30), 'y'.repeat(30)]];
    const layout = layoutOf([id('ID'), text('T'), text('DESCRIPTION')], rows, 10);
    expect(layout.widths).toEqual([2, TEXT_MINIMUM, 11]);
  });

  it('moves the columns one space apart before giving up', () => {
    // Two spaces: 10 + 8 + 10 + 4 = 32 > 30; one space: 10 + 8 + 10 + 2 = 30.
    const rows = [['0123456789', 'a long title here', '9876543210']];
    const layout = layoutOf([id('ID'), text('TITLE'), id('OTHER')], rows, 30);
    expect(layout).toEqual({ widths: [10, 8, 10], gap: 1, dropped: [] });
  });

  it('when even that does not fit, the table is wider than the terminal rather than cut an id', () => {
    const uuid = '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01';
    const layout = layoutOf(
      [id('ID'), text('NAME'), id('IP')],
      [[uuid, 'web-server-01', '198.51.100.11']],
      40,
    );
    expect(layout).toEqual({ widths: [36, TEXT_MINIMUM, 13], gap: GAP, dropped: [] });
    expect(lineWidth(layout)).toBeGreaterThan(40);
  });

  it('measures by display width: wide characters and escapes', () => {
    const rows = [
      ['1', '東京タワーの展望台からの眺め'],
      ['22', '\u001b[31mred\u001b[39m'],
    ];
    const layout = layoutOf([id('ID'), text('TITLE')], rows, 20);
    expect(layout.widths).toEqual([2, 16]);
    expect(layoutOf([id('ID'), text('TITLE')], rows, 80).widths).toEqual([2, 28]);
  });

  it('on random tables: ids whole, text never below its floor, and the table fits whenever the floors allow', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let t = 0; t < 300; t++) {
      const cols = Array.from({ length: 1 + rand(8) }, (_, i) => ({ header: `C${i}`, cut: rand(2) === 0 }));
      const rows = Array.from({ length: 1 + rand(5) }, () => cols.map(() => 'w'.repeat(rand(40))));
      const terminal = 20 + rand(120);
      const layout = layoutOf(cols, rows, terminal);
      const natural = cols.map((c, i) => Math.max(c.header.length, ...rows.map((r) => r[i]!.length)));
      const floor = cols.map((c, i) =>
        c.cut ? Math.min(natural[i]!, Math.max(TEXT_MINIMUM, 2)) : natural[i]!,
      );
      cols.forEach((c, i) => {
        if (!c.cut) expect(layout.widths[i]).toBe(natural[i]);
        expect(layout.widths[i]).toBeGreaterThanOrEqual(floor[i]!);
        expect(layout.widths[i]).toBeLessThanOrEqual(natural[i]!);
      });
      if (sum(floor) + (cols.length - 1) <= terminal) expect(lineWidth(layout)).toBeLessThanOrEqual(terminal);
      else expect(layout.widths).toEqual(floor);
    }
  });

  describe('priorities', () => {
    const col = (header: string, priority: number, cut = false) => ({ header, cut, priority });
    const rows = [['30433648', 'Bump dependencies to the latest', 'CI', 'main', 'push', '1', '2 hours ago']];
    const cols = [
      col('ID', 1),
      col('TITLE', 1, true),
      col('WORKFLOW', 2, true),
      col('BRANCH', 2, true),
      col('EVENT', 3),
      col('ATTEMPT', 3),
      col('CREATED', 1),
    ];

    it('drops the lowest priority first, the last declared first among equals, before cutting text', () => {
      // Natural: 8+31+8+6+5+7+11 = 76, +12 of gaps = 88.
      expect(layoutOf(cols, rows, 88).dropped).toEqual([]);
      expect(layoutOf(cols, rows, 87).dropped).toEqual([5]);
      const at80 = layoutOf(cols, rows, 80);
      expect(at80.dropped).toEqual([5]);
      expect(at80.widths[1]).toBe(31);
      expect(layoutOf(cols, rows, 73).dropped).toEqual([5, 4]);
      expect(layoutOf(cols, rows, 66).dropped).toEqual([5, 4, 3]);
      // Title whole, at 31: ID, TITLE, WORKFLOW, CREATED = 58 + 6.
      expect(layoutOf(cols, rows, 64)).toEqual({
        widths: [8, 31, 8, 0, 0, 0, 11],
        gap: GAP,
        dropped: [5, 4, 3],
      });
    });

    it('with nothing left to drop, cuts the text, then closes the gaps; ids and times stay whole', () => {
      const layout = layoutOf(cols, rows, 40);
      expect(layout.dropped).toEqual([5, 4, 3, 2]);
      expect(layout.widths[0]).toBe(8);
      expect(layout.widths[6]).toBe(11);
      expect(layout.widths[1]).toBe(40 - 8 - 11 - 2 * GAP);
    });

    it('text of a lower priority is cut first, and dropped before one of priority 1 is cut below TEXT_KEPT', () => {
      const message = 'm'.repeat(80);
      const url = `https://example.com/${'u'.repeat(60)}`;
      const layout = layoutOf(
        [col('TIME', 1), col('MESSAGE', 1, true), col('URL', 3, true)],
        [['2 hours ago', message, url]],
        120,
      );
      // The URL is cut to make room, the message is whole.
      expect(layout.dropped).toEqual([]);
      expect(layout.widths).toEqual([11, 80, 120 - 11 - 80 - 2 * GAP]);
      // With room for the message at TEXT_KEPT and the URL at TEXT_READABLE only, both stay and give way.
      const both = layoutOf(
        [col('TIME', 1), col('MESSAGE', 1, true), col('URL', 3, true)],
        [['2 hours ago', message, url]],
        11 + TEXT_KEPT + TEXT_READABLE + 2 * GAP,
      );
      expect(both.dropped).toEqual([]);
      expect(both.widths).toEqual([11, TEXT_KEPT, TEXT_READABLE]);
      // One column less, and the URL goes rather than cut the message below TEXT_KEPT.
      const narrow = layoutOf(
        [col('TIME', 1), col('MESSAGE', 1, true), col('URL', 3, true)],
        [['2 hours ago', message, url]],
        60,
      );
      expect(narrow).toEqual({ widths: [11, 60 - 11 - GAP, 0], gap: GAP, dropped: [2] });
    });
  });
});
