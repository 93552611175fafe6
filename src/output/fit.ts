/** Two spaces between the columns of a table, as the printer draws them. */
export const GAP = 2;

/** A text column is not cut below this many columns (or its header, if wider). */
export const TEXT_MINIMUM = 8;

/** A column as the fitting sees it: the display widths of its header and cells, and whether it holds free text that may be cut. */
export interface FitColumn {
  header: number;
  cells: number[];
  cut: boolean;
}

/** How a table is laid out: each column's width, and the spaces between two columns. */
export interface Layout {
  widths: number[];
  gap: number;
}

/**
 * Column widths for a table on a terminal `terminal` columns wide. Only the
 * text columns give way, the widest first, down to `TEXT_MINIMUM` (or their header); an id, a number,
 * a time or a status is never cut. If that is not enough, the columns move to one space apart. If
 * even that does not fit, the table keeps two spaces, its text columns at their minimum, and is wider
 * than the terminal, which wraps its lines: a wrapped line can still be read, a cut id cannot.
 */
export function fitTable(columns: FitColumn[], terminal: number): Layout {
  const natural = columns.map((c) => c.cells.reduce((m, w) => Math.max(m, w), c.header));
  const floor = columns.map((c, i) =>
    c.cut ? Math.min(natural[i]!, Math.max(TEXT_MINIMUM, c.header)) : natural[i]!,
  );
  const width = (ws: number[], gap: number) => ws.reduce((a, b) => a + b, 0) + gap * (ws.length - 1);
  for (const gap of [GAP, 1]) {
    if (width(natural, gap) <= terminal) return { widths: natural, gap };
    if (width(floor, gap) <= terminal)
      return { widths: shrink(natural, floor, terminal - gap * (columns.length - 1)), gap };
  }
  return { widths: floor, gap: GAP };
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
