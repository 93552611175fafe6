import { PassThrough } from 'node:stream';
import type { Io } from '../../src/io.js';
import { displayWidth } from '../../src/output/text.js';

/**
 * What a person sees once `transcript` (stdout and stderr as they reached one terminal) is drawn on
 * a terminal `columns` wide: the screen's lines, colours dropped, trailing spaces trimmed. It knows
 * the moves that ops and ora use: CR, LF, erase in line (K), erase below (J), cursor up/down/left/
 * right/column (A B C D G); a line longer than the terminal wraps.
 */
export function screen(transcript: string, columns: number): string[] {
  const rows: string[][] = [[]];
  let row = 0;
  let col = 0;
  const line = () => {
    rows[row] ??= [];
    return rows[row]!;
  };
  const csi = /^\u001b\[([?0-9;]*)([@-~])/;
  for (let i = 0; i < transcript.length; ) {
    const c = transcript[i]!;
    if (c === '\u001b') {
      const m = csi.exec(transcript.slice(i));
      if (!m) {
        i += 2;
        continue;
      }
      i += m[0].length;
      const n = Number(m[1]!.replace('?', '') || 0);
      const l = line();
      switch (m[2]) {
        case 'K':
          if (n === 2) rows[row] = [];
          else if (n === 1) for (let k = 0; k <= col && k < l.length; k++) l[k] = ' ';
          else l.length = Math.min(l.length, col);
          break;
        case 'J':
          l.length = Math.min(l.length, col);
          rows.length = row + 1;
          break;
        case 'A':
          row = Math.max(0, row - (n || 1));
          break;
        case 'B':
          row += n || 1;
          break;
        case 'C':
          col += n || 1;
          break;
        case 'D':
          col = Math.max(0, col - (n || 1));
          break;
        case 'G':
          col = Math.max(0, (n || 1) - 1);
          break;
      }
      continue;
    }
    const ch = String.fromCodePoint(transcript.codePointAt(i)!);
    i += ch.length;
    if (ch === '\r') col = 0;
    else if (ch === '\n') {
      row++;
      col = 0;
      line();
    } else {
      const w = displayWidth(ch);
      if (col + w > columns) {
        row++;
        col = 0;
      }
      const l = line();
      while (l.length < col) l.push(' ');
      l[col] = ch;
      if (w === 2) l[col + 1] = '';
      col += w;
    }
  }
  const out = rows.map((r) =>
    (r ?? [])
      .map((x) => x ?? ' ')
      .join('')
      .trimEnd(),
  );
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

export interface TerminalIo extends Io {
  /** Everything written to stdout and stderr, in order, as one terminal received it. */
  transcript(): string;
  /** stdout alone. */
  out(): string;
}

/** An Io whose stdout and stderr are one terminal `columns` wide, as when a person runs ops. */
export function terminalIo(o: { columns: number; env?: Record<string, string | undefined> }): TerminalIo {
  let all = '';
  let out = '';
  const stdin = new PassThrough();
  stdin.end();
  return {
    stdout: {
      write: (s: string) => {
        all += s;
        out += s;
      },
    },
    stderr: { write: (s: string) => void (all += s) },
    stdin,
    env: { HOME: '/nonexistent', ...o.env },
    stdoutIsTty: true,
    stderrIsTty: true,
    stdinIsTty: false,
    columns: o.columns,
    signal: new AbortController().signal,
    transcript: () => all,
    out: () => out,
  };
}
