import Table from 'cli-table3';

// The printer's table drawing, loaded (with cli-table3) only by commands that print a table. It never
// imports the printer's own modules at run time: esbuild would then split those out of the printer's
// chunk, and every command would load one more file at start-up.

export { GAP, TEXT_MINIMUM, fitTable } from './fit.js';

const NO_BORDER = [
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

/**
 * Rows of cells (their final text: cut, wrapped onto lines, coloured) as aligned columns `gap` spaces
 * apart, without borders, under an optional header; each line ends at its last character.
 */
export function drawTable(rows: string[][], o: { head?: string[]; gap: number }): string {
  const table = new Table({
    chars: { ...Object.fromEntries(NO_BORDER.map((k) => [k, ''])), middle: ' '.repeat(o.gap) },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    ...(o.head ? { head: o.head } : {}),
  });
  // One push a row: a spread of 100,000 rows would overflow the call's arguments.
  for (const row of rows) table.push(row);
  return `${table
    .toString()
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')}\n`;
}
