/** Two spaces between the columns of a table, as the printer draws them. */
export const GAP = 2;

/** A text column is not cut below this many columns (or its header, if wider). */
export const TEXT_MINIMUM = 8;

/**
 * While columns can still be dropped, a text column that is never dropped (a title, a message) is not
 * cut below this many columns (or its header): a column is dropped before it gets shorter than that.
 */
export const TEXT_KEPT = 40;

/** The same for a text column that may be dropped (a branch, a URL): below this, it goes instead. */
export const TEXT_READABLE = 20;

/**
 * A column as the fitting sees it: the display widths of its header and cells, whether it holds free
 * text that may be cut, and its priority (1, the default, is never dropped; 3 goes before 2).
 */
export interface FitColumn {
  header: number;
  cells: number[];
  cut: boolean;
  priority?: number | undefined;
}

/**
 * How a table is laid out: each column's width (0 for a dropped one), the columns dropped (their
 * indexes, in the order they went), and the spaces between two columns.
 */
export interface Layout {
  widths: number[];
  gap: number;
  dropped: number[];
}

/**
 * Column widths for a table on a terminal `terminal` columns wide, in this order (docs/grammar.md,
 * "Tables"):
 * 1. the lowest-priority columns are dropped, the last declared first among equals, until the table
 *    fits with its text columns cut to no less than `TEXT_KEPT` (`TEXT_READABLE` for a text column
 *    that may itself be dropped); then they are cut to fit, those of the lowest priority first and
 *    the widest first among them;
 * 2. with no column left to drop, text columns give way down to `TEXT_MINIMUM` (or their header);
 * 3. then the columns move to one space apart.
 * An id, a number, a time or a state is never cut. If even that does not fit, the table keeps two
 * spaces, its text columns at their minimum, and is wider than the terminal, which wraps its lines: a
 * wrapped line can still be read, a cut id cannot.
 */
export function fitTable(columns: FitColumn[], terminal: number): Layout {
  const natural = columns.map((c) => c.cells.reduce((m, w) => Math.max(m, w), c.header));
  const floorAt = (least: (c: FitColumn) => number) =>
    columns.map((c, i) => (c.cut ? Math.min(natural[i]!, Math.max(least(c), c.header)) : natural[i]!));
  const readable = floorAt((c) => ((c.priority ?? 1) > 1 ? TEXT_READABLE : TEXT_KEPT));
  const minimum = floorAt(() => TEXT_MINIMUM);
  const droppable = columns
    .map((c, i) => ({ i, p: c.priority ?? 1 }))
    .filter((c) => c.p > 1)
    .sort((a, b) => b.p - a.p || b.i - a.i)
    .map((c) => c.i);
  const dropped: number[] = [];
  const kept = (ws: number[]) => ws.map((w, i) => (dropped.includes(i) ? 0 : w));
  const width = (ws: number[], gap: number) =>
    kept(ws).reduce((a, b) => a + b, 0) + gap * (columns.length - dropped.length - 1);
  const fitted = (floor: number[], gap: number): Layout => {
    if (width(natural, gap) <= terminal) return { widths: kept(natural), gap, dropped };
    const room = terminal - gap * (columns.length - dropped.length - 1);
    // The text of the lowest priority gives way first: a URL is cut before the message beside it.
    for (const p of [3, 2, 1]) {
      const least = kept(floor.map((f, i) => ((columns[i]!.priority ?? 1) >= p ? f : natural[i]!)));
      if (least.reduce((a, b) => a + b, 0) <= room)
        return { widths: shrink(kept(natural), least, room), gap, dropped };
    }
    return { widths: shrink(kept(natural), kept(floor), room), gap, dropped };
  };
  for (let k = 0; ; k++) {
    if (width(readable, GAP) <= terminal) return fitted(readable, GAP);
    if (k >= droppable.length) break;
    dropped.push(droppable[k]!);
  }
  for (const gap of [GAP, 1]) if (width(minimum, gap) <= terminal) return fitted(minimum, gap);
  return { widths: kept(minimum), gap: GAP, dropped };
}

/**
 * Brings the widest columns down first (never below their floor) until the widths add up to `room`,
 * which the floors must allow.
 */
function shrink(natural: number[], floor: number[], room: number): number[] {
  // Every column above `level` is brought down to it: the highest level at which the widths fit.
  const at = (level: number) => natural.map((n, i) => Math.max(floor[i]!, Math.min(n, level)));
  const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0);
  let lo = 0;
  let hi = Math.max(...natural);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (sum(at(mid)) <= room) lo = mid;
    else hi = mid - 1;
  }
  const widths = at(lo);
  // The columns held at `lo` share what is left, a column each, the leftmost first.
  let spare = room - sum(widths);
  for (let i = 0; i < widths.length && spare > 0; i++) {
    if (widths[i] === lo && natural[i]! > lo) {
      widths[i]!++;
      spare--;
    }
  }
  return widths;
}
