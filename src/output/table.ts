// The printer's table drawing: a few lines, part of the printer's own chunk (loading it lazily, as when
// it carried a table library, only cost a table command one more file).
import { displayWidth } from './text.js';

/**
 * Rows of cells (their final text: cut, wrapped onto lines, coloured) as aligned columns `gap` spaces
 * apart, without borders, under an optional header; each line ends at its last character. Widths
 * are display widths (escapes take none, wide characters two). Drawn line by line, so a list of a
 * million rows costs memory for its text and nothing more.
 */
export function drawTable(rows: string[][], o: { head?: string[]; gap: number }): string {
  const all = o.head ? [o.head, ...rows] : rows;
  const widths: number[] = [];
  const split = all.map((row) =>
    row.map((cell, i) => {
      const lines = cell.includes('\n') ? cell.split('\n') : [cell];
      for (const line of lines) {
        const w = displayWidth(line);
        if (w > (widths[i] ?? 0)) widths[i] = w;
      }
      return lines;
    }),
  );
  const gap = ' '.repeat(o.gap);
  const out: string[] = [];
  for (const row of split) {
    const height = row.reduce((h, lines) => Math.max(h, lines.length), 1);
    for (let k = 0; k < height; k++) {
      let line = '';
      for (let i = 0; i < row.length; i++) {
        const s = row[i]![k] ?? '';
        line += i < row.length - 1 ? s + ' '.repeat((widths[i] ?? 0) - displayWidth(s)) + gap : s;
      }
      out.push(line.trimEnd());
    }
  }
  return `${out.join('\n')}\n`;
}
