import type { Io, Sink } from '../io.js';
import type { Style } from './color.js';
import { cutText } from './text.js';

/** Moves to the start of the line and erases it. */
export const ERASE_LINE = '\r\u001b[2K';

/**
 * The method by which a stderr takes the writes of a status line (a spinner, a progress bar), which
 * is redrawn in place and ends without a newline. `batchedIo` gives the command's stderr one, and
 * erases the line before anything else reaches the terminal. It is defined here rather than in
 * batch.ts: importing batch.ts from here would split it out of the bundle's run chunk into a file of
 * its own, one more file for every command to load.
 */
export const STATUS_LINE = Symbol('status line');

/** A stderr that tells a status line from messages. */
export interface StatusSink extends Sink {
  [STATUS_LINE]?: (chunk: string) => void;
}

/** How a status line is written to `stderr`: through its STATUS_LINE method where it has one. */
export function statusWriter(stderr: Sink): (chunk: string) => void {
  const status = (stderr as StatusSink)[STATUS_LINE];
  return status ?? ((chunk) => void stderr.write(chunk));
}

/** A spinner or progress line on stderr; every method is a no-op when feedback is off. */
export interface Activity {
  update(text: string): void;
  stop(final?: string): void;
}

const silent: Activity = { update: () => undefined, stop: () => undefined };

/**
 * Everything that is not data: spinners, progress, warnings and hints. They go to stderr, and only
 * when stderr is a terminal, CI is unset and neither --quiet nor --json was given. Not `animated`
 * (`--no-spinner`, OPS_SPINNER_DISABLED), a spinner or progress bar is plain lines instead: its first
 * text and its last, for a log or a screen reader; warnings and hints are kept.
 */
export class Feedback {
  constructor(
    private readonly io: Io,
    readonly enabled: boolean,
    private readonly style: Style,
    readonly animated = true,
  ) {}

  /** A warning or hint (dropped when feedback is off, as PRODUCT.md §3 says). */
  warn(message: string): void {
    if (this.enabled) this.io.stderr.write(`${this.style.yellow('!')} ${message}\n`);
  }

  info(message: string): void {
    if (this.enabled) this.io.stderr.write(`${message}\n`);
  }

  /** That an action is done (`✓ Deleted context 42`), when feedback is on. */
  done(message: string): void {
    if (this.enabled) this.io.stderr.write(`${this.style.green('✓')} ${message}\n`);
  }

  /**
   * An ora spinner, loaded only when it will be shown. It draws one line on stderr as a status line
   * (see `statusWriter`), its text cut to the terminal's width so that it never wraps.
   */
  async spinner(text: string): Promise<Activity> {
    if (!this.enabled) return silent;
    if (!this.animated) {
      this.info(text);
      return { update: () => undefined, stop: (final) => final && this.done(final) };
    }
    const ora = (await import('ora')).default;
    // The frame and a space come before the text.
    const cut = (t: string) => this.fit(t, 2);
    const s = ora({
      text: cut(text),
      stream: terminalStream(statusWriter(this.io.stderr), this.io.columns),
      isEnabled: true,
      // Hiding the cursor makes ora restore it from a process exit hook of its own.
      hideCursor: false,
    }).start();
    return {
      update: (t) => {
        s.text = cut(t);
      },
      stop: (final) => {
        if (final) s.succeed(final);
        else s.stop();
      },
    };
  }

  /** A progress bar redrawn at most ten times a second, as a status line (see `statusWriter`). */
  progress(render: () => string): Activity {
    if (!this.enabled) return silent;
    if (!this.animated) return { update: () => undefined, stop: (final) => this.info(final ?? render()) };
    const write = statusWriter(this.io.stderr);
    let last = 0;
    const draw = (force = false) => {
      const now = Date.now();
      if (!force && now - last < 100) return;
      last = now;
      write(`${ERASE_LINE}${this.fit(render(), 0)}`);
    };
    return {
      update: () => draw(),
      stop: (final) => {
        draw(true);
        write(final ? `${ERASE_LINE}${final}\n` : '\n');
      },
    };
  }

  /**
   * A status line's text cut so that, after `before` columns, it ends before the terminal's last
   * column. The Io knows the width of stdout's terminal only; stderr alone on a terminal is not cut.
   */
  private fit(text: string, before: number): string {
    return this.io.columns > 0 ? cutText(text, this.io.columns - before - 1) : text;
  }
}

/**
 * The part of a terminal's stream that ora drives: writes and cursor moves, all through `write`. ora
 * clears and redraws its line only on a stream that says it is a terminal.
 */
function terminalStream(write: (s: string) => void, columns: number): NodeJS.WritableStream {
  const stream = {
    isTTY: true,
    // Unknown, the line counts as one line: ora then never moves up into the lines above it.
    columns: columns > 0 ? columns : Number.MAX_SAFE_INTEGER,
    write: (s: string) => {
      write(s);
      return true;
    },
    cursorTo: (x: number) => write(x === 0 ? '\r' : `\u001b[${x + 1}G`),
    moveCursor: (dx: number, dy: number) =>
      write(
        (dx ? `\u001b[${Math.abs(dx)}${dx > 0 ? 'C' : 'D'}` : '') +
          (dy ? `\u001b[${Math.abs(dy)}${dy > 0 ? 'B' : 'A'}` : ''),
      ),
    clearLine: (dir: number) => write(dir < 0 ? '\u001b[1K' : dir > 0 ? '\u001b[0K' : '\u001b[2K'),
    on: () => stream,
    once: () => stream,
    removeListener: () => stream,
  };
  return stream as unknown as NodeJS.WritableStream;
}

/** "[#####-----] 50%" */
export function bar(fraction: number, width = 24): string {
  const f = Math.max(0, Math.min(1, fraction));
  const full = Math.round(f * width);
  return `[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${Math.floor(f * 100)}%`;
}
