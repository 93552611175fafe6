import { stripVTControlCharacters } from 'node:util';
import { type Io, type Sink, withIo } from '../io.js';
import { ERASE_LINE, STATUS_LINE, type StatusSink } from './feedback.js';

/** A sink that may ask its writer to wait (Node's writable streams). */
interface Drainable extends Sink {
  once(event: 'drain', listener: () => void): unknown;
  writableNeedDrain?: boolean;
}

const HIGH_WATER = 64 * 1024;

/** Whether the cursor is left after visible text on its line once `chunk` is written (`was` before it). */
function leavesText(was: boolean, chunk: string): boolean {
  const line = chunk.slice(chunk.lastIndexOf('\n') + 1);
  const fromStart = line.slice(line.lastIndexOf('\r') + 1);
  const visible = stripVTControlCharacters(fromStart) !== '';
  return line.length < chunk.length || fromStart.length < line.length ? visible : was || visible;
}

/**
 * Gathers the many small writes of a command's stdout (one NDJSON line an item) into few large ones.
 * The printer writes line by line, and stdout to a pipe or file is synchronous: 100,000 hosts were
 * 100,000 system calls. Text is flushed at 64 KiB, and whenever the event loop turns (which is when
 * the next page is awaited), so lines still leave as pages arrive and memory stays at one page.
 * Backpressure is passed on: after a write the target refused, the next write waits for 'drain'.
 * Anything written to stderr (a hint, a retry warning) first flushes stdout, so the two keep their order.
 * A status line that a spinner or progress bar left on a terminal's stderr (`statusWriter`) is erased
 * before a message follows it on stderr, and before data reaches stdout on the same terminal, so that
 * a table never starts after a spinner's text; the status line is drawn again at its next update.
 * `run.ts` wraps every command's Io in it and flushes at the end.
 */
export function batchedIo(io: Io): { io: Io; flush(): void } {
  const target = io.stdout as Drainable;
  let parts: string[] = [];
  let size = 0;
  let scheduled = false;
  let refused = false;
  // A status line is on screen: the cursor stands after its text on the terminal's last line.
  let status = false;

  function endStatus(): void {
    if (!status) return;
    status = false;
    io.stderr.write(ERASE_LINE);
  }

  function flush(): void {
    scheduled = false;
    if (parts.length === 0) return;
    const chunk = parts.length === 1 ? parts[0]! : parts.join('');
    parts = [];
    size = 0;
    if (io.stdoutIsTty) endStatus();
    if (target.write(chunk) === false) refused = true;
  }

  const stdout: Drainable = {
    write(chunk: string) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= HIGH_WATER) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      if (!refused) return true;
      refused = false;
      return false;
    },
    once(event, listener) {
      // The target may have drained already; waiting for an event that has passed would hang.
      if (typeof target.once !== 'function' || target.writableNeedDrain === false) listener();
      else target.once(event, listener);
      return stdout;
    },
  };
  const stderr: StatusSink = {
    write(chunk: string) {
      flush();
      endStatus();
      return io.stderr.write(chunk);
    },
    [STATUS_LINE](chunk: string) {
      flush();
      if (io.stderrIsTty) status = leavesText(status, chunk);
      io.stderr.write(chunk);
    },
  };
  return { io: withIo(io, { stdout, stderr }), flush };
}
