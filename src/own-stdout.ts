/**
 * The process's own stdout. `process.stdout` is a getter that builds a stream the first time it is read:
 * for a file or /dev/null a SyncWriteStream with Node's stream modules behind it, for a pipe a socket.
 * Building it is about 9 million instructions in a process that has loaded nothing else (`ops --version`
 * did 1.16x `node -e 0`'s work with it) and 2 million beside `node:net`. Output
 * that is not a terminal's is written with write(2) instead, while that cannot hold the process up: the
 * first 64 KiB a command writes, which an emptied pipe takes whole. Past that, or when the descriptor
 * would block (EAGAIN: something made it non-blocking), the rest goes through `process.stdout`, which
 * queues for a slow reader and keeps the event loop turning; a file (or /dev/null) takes all of it by
 * write(2). A terminal's stdout is the stream (its width, the pager). Windows keeps the stream.
 */

/** What may go out by write(2) before the stream takes over: a pipe's default capacity on Linux. */
const DIRECT_BYTES = 64 * 1024;

const terminals: Array<boolean | undefined> = [];
/** Whether fd 1 is a file or a device (not a pipe, a socket or a terminal), told by isTerminal's fstat. */
let stdoutIsFile = false;

/**
 * Whether fd 1 (or 2) is a terminal, asked without building `process.stdout`. Only a character device
 * can be one, and /dev/null (a script's `>/dev/null`) is one that is not: both told by fstat, which
 * spares loading `node:tty`, whose sockets load `node:net` (11 million instructions in a process that
 * needs neither: `ops --version`, a help page).
 */
export function isTerminal(fd: 1 | 2): boolean {
  const known = terminals[fd];
  if (known !== undefined) return known;
  let terminal: boolean | undefined;
  if (process.platform !== 'win32') {
    const { fstatSync, statSync } = process.getBuiltinModule('node:fs');
    try {
      const st = fstatSync(fd);
      if (!st.isCharacterDevice() || st.rdev === statSync('/dev/null').rdev) terminal = false;
      if (fd === 1) stdoutIsFile = st.isFile() || (st.isCharacterDevice() && terminal === false);
    } catch {
      // A closed descriptor, or no /dev/null to compare with: isatty says.
    }
  }
  terminal ??= process.getBuiltinModule('node:tty').isatty(fd);
  terminals[fd] = terminal;
  return terminal;
}

/** Whether stdout is a terminal (see isTerminal). */
export const stdoutIsTerminal = (): boolean => isTerminal(1);

/** Where the process's handler of a reader gone is kept: a global, as dist/ops.cjs and the runtime each carry this module. */
const READER_GONE = Symbol.for('ops.readerGone');

/**
 * What the process does when stdout's reader has gone (`ops hosts list | head`): main.ts, the one exit
 * door, ends the run quietly, as other CLIs do. Without one (a command run inside another process),
 * the stream is left to meet the error.
 */
export function onReaderGone(handler: () => void): void {
  (globalThis as Record<symbol, unknown>)[READER_GONE] = handler;
}

/** Where the process's handler of output it could not write is kept (onOutputLost). */
const OUTPUT_LOST = Symbol.for('ops.outputLost');

/** Where a run keeps how it says output was lost (tellOutputLostWith). */
const OUTPUT_LOST_TELLER = Symbol.for('ops.outputLostTeller');

/**
 * What the process does when stdout cannot take its output (a full disk under `> out.json`, an I/O
 * error, a closed descriptor): main.ts, the one exit door, ends the run at once, exit 1, so that a
 * script never takes a cut file for a whole one. Without one, the stream is left to meet it.
 */
export function onOutputLost(handler: (reason: string) => void): void {
  (globalThis as Record<symbol, unknown>)[OUTPUT_LOST] = handler;
}

/** How a command's run says output was lost: as its errors are said (run.ts; JSON under --json). */
export function tellOutputLostWith(teller: (reason: string) => void): void {
  (globalThis as Record<symbol, unknown>)[OUTPUT_LOST_TELLER] = teller;
}

/** Says output was lost as the run tells it; false when no run set a way (the version, a help page). */
export function toldOutputLost(reason: string): boolean {
  const teller = (globalThis as Record<symbol, unknown>)[OUTPUT_LOST_TELLER] as
    | ((reason: string) => void)
    | undefined;
  teller?.(reason);
  return teller !== undefined;
}

/** Why a write failed, for `ops: writing the output: <why>`: `no space left on device (ENOSPC)`. */
function lostReason(err: NodeJS.ErrnoException): string {
  const why = err.message.replace(/^[A-Z0-9]+: /, '').replace(/, write$/, '');
  return err.code ? `${why} (${err.code})` : why;
}

function onPipeError(err: NodeJS.ErrnoException): void {
  const handlers = globalThis as Record<symbol, unknown>;
  // EAGAIN is a non-blocking descriptor that is full: the stream waits for it.
  if (err.code === 'EAGAIN') return;
  if (err.code === 'EPIPE') (handlers[READER_GONE] as (() => void) | undefined)?.();
  else (handlers[OUTPUT_LOST] as ((reason: string) => void) | undefined)?.(lostReason(err));
}

/**
 * `process.stdout`, with the listener for a reader gone (onReaderGone): the error can arrive after main
 * has returned.
 */
export function stdoutStream(): NodeJS.WriteStream {
  const stream = process.stdout;
  if (!stream.listeners('error').includes(onPipeError)) stream.on('error', onPipeError);
  return stream;
}

/** A writable stdout for the printer: `write`, and `once('drain')` and `writableLength` of the stream. */
export interface OwnStdout {
  write(chunk: string): boolean;
  once(event: 'drain', listener: () => void): unknown;
  readonly writableLength: number;
}

/** The stream, once output goes through it: from then on, all of it does, in order. */
let stream: NodeJS.WriteStream | undefined;
/** What may still go out by write(2). */
let left = DIRECT_BYTES;

/** The direct writer, one for the process (each copy of this module is in one bundle that writes). */
const direct: OwnStdout = {
  write(chunk) {
    // A file takes every write whole (no reader to wait for): its stream would only do the same
    // write(2), but would drop the rest of one the disk cut short (a full disk, `ulimit -f`) unsaid.
    if (stream === undefined && (chunk.length <= left || stdoutIsFile)) {
      const { writeSync } = process.getBuiltinModule('node:fs');
      let done = 0;
      let bytes: Buffer | undefined;
      try {
        done = writeSync(1, chunk);
        // A blocking descriptor takes all of it unless a signal cut the write short.
        if (done < Buffer.byteLength(chunk)) {
          bytes = Buffer.from(chunk);
          while (done < bytes.length) done += writeSync(1, bytes, done);
        }
        left -= done;
        return true;
      } catch (err) {
        onPipeError(err as NodeJS.ErrnoException);
        // EAGAIN (the descriptor is non-blocking and full), or an error no handler ended the process
        // for (a command run inside another process): the rest goes through the stream.
        stream = stdoutStream();
        const rest = bytes ?? Buffer.from(chunk);
        return done >= rest.length || stream.write(rest.subarray(done));
      }
    }
    stream ??= stdoutStream();
    return stream.write(chunk);
  },
  once(event, listener) {
    stream ??= stdoutStream();
    return stream.once(event, listener);
  },
  get writableLength() {
    return stream?.writableLength ?? 0;
  },
};

/**
 * From now on stdout goes through the stream alone: for a server that reads stdin while it writes
 * (`ops mcp`), where a write that waits for a full pipe would keep it from reading its client's next
 * message while that client waits for it to read.
 */
export function stdoutThroughStream(): void {
  left = 0;
}

/**
 * The process's stdout: written directly while that is safe (see above) and it is not a terminal, or
 * also on a terminal with `terminalToo` (a line or a page, where the stream's width and pager are not
 * needed).
 */
export function ownStdout(terminalToo = false): OwnStdout {
  return process.platform === 'win32' || (!terminalToo && stdoutIsTerminal()) ? stdoutStream() : direct;
}
