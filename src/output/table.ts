import Table from 'cli-table3';
import { GAP, TEXT_MINIMUM, fitTable } from './fit.js';
import { cutText, displayWidth, wrapText } from './text.js';

// The printer's table layouts, loaded (with cli-table3) only by commands that print a table.

/** One column of a table: cells as plain text (terminal-safe, one line each). */
export interface TableColumn {
  header: string;
  /** Free text, which may be cut (a list) or wrapped (a resource) to fit the terminal. */
  text: boolean;
  cells: string[];
}

export interface TableOptions {
  /** The terminal's width, or undefined (a pipe, a file): then nothing is cut or wrapped. */
  terminal: number | undefined;
  bold: (s: string) => string;
  /** Colours a cell once it has its final text. */
  paint: (column: number, row: number, s: string) => string;
}

function borderless(gap: number): ConstructorParameters<typeof Table>[0] {
  const none = [
    'top',
    'top-mid',
    'top-left',
    'top-right',
    'bottom',
    'bottom-mid',
    'bottom-left',
    'bottom-right',
    'left',
    'left-mid',
    'mid',
    'mid-mid',
    'right',
    'right-mid',
  ];
  return {
    chars: { ...Object.fromEntries(none.map((k) => [k, ''])), middle: ' '.repeat(gap) },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  };
}

/** cli-table3 pads the last column; a table's lines end at their last character. */
function trimLines(s: string): string {
  return `${s
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')}\n`;
}

/** A list: a header line, then a line an item, its text columns cut to fit the terminal. */
export function listTable(columns: TableColumn[], o: TableOptions): string {
  const rows = columns[0]?.cells.length ?? 0;
  const byRow = Array.from({ length: rows }, (_, r) => columns.map((c) => c.cells[r]!));
  const layout = o.terminal
    ? fitTable(
        columns.map((c) => ({ header: c.header, cut: c.text })),
        byRow,
        o.terminal,
      )
    : undefined;
  const table = new Table({ ...borderless(layout?.gap ?? GAP), head: columns.map((c) => o.bold(c.header)) });
  byRow.forEach((cells, r) => {
    table.push(cells.map((s, i) => o.paint(i, r, layout ? cutText(s, layout.widths[i]!) : s)));
  });
  return trimLines(table.toString());
}

/** One resource: a key / value line each, its text values wrapped (never cut) to the terminal. */
export function recordTable(columns: TableColumn[], o: TableOptions): string {
  const key = Math.max(...columns.map((c) => displayWidth(c.header)));
  const room = o.terminal ? o.terminal - key - GAP : 0;
  const table = new Table(borderless(GAP));
  columns.forEach((c, i) => {
    let s = c.cells[0] ?? '';
    if (c.text && room >= TEXT_MINIMUM) s = wrapText(s, room).join('\n');
    table.push([o.bold(c.header), o.paint(i, 0, s)]);
  });
  return trimLines(table.toString());
}
