import type { Readable } from 'node:stream';
import { InterruptedError } from './errors.js';
import { colorEnabled } from './output/color.js';
import { isTerminal, ownStdout } from './own-stdout.js';

export { stdoutThroughStream } from './own-stdout.js';

/** A sink that output goes to: process.stdout/stderr or an in-memory buffer in tests. */
export interface Sink {
  write(chunk: string): unknown;
}

/**
 * Everything a command may know about its surroundings. Commands and the printer read the
 * terminal, environment and streams only through this, so tests can hand in their own.
 */
export interface Io {
  stdout: Sink;
  stderr: Sink;
  stdin: Readable;
  env: Record<string, string | undefined>;
  stdoutIsTty: boolean;
  stderrIsTty: boolean;
  stdinIsTty: boolean;
  /**
   * The width output is fitted to (tables cut, status lines, help): the terminal's, or what `COLUMNS`
   * or `OPS_FORCE_TTY` say; 0 when piped and neither gives one (see `outputWidth`).
   */
  columns: number;
  /** Aborted on Ctrl-C: in-flight requests listen to it. */
  signal: AbortSignal;
  /**
   * The working directory, where context is read from (the git clone `ops runs` takes its repository
   * from); absent where there is none to read (in-process tests).
   */
  cwd?: string;
  /** Reads a line from the terminal without echo (passwords); only called when stdinIsTty. */
  prompt?: (question: string, secret: boolean) => Promise<string>;
  /**
   * Asks that what the command writes to stdout go through the user's pager when it is longer than the
   * screen (output/pager.ts); present only where a pager may run (stdout a real terminal, not CI, not
   * `--no-pager`). A request after the first write to stdout is ignored.
   */
  page?: () => void;
  /**
   * Takes a JSON result as a value in place of `-o json`'s text: present where the caller is in this
   * process and reads the value itself (`ops mcp`, which masks, cuts, queries and sends it compact),
   * so that it is neither printed indented nor parsed back. The items of a list may be RawJson. The value
   * is read later, not copied: what hands it over does not change it afterwards (the printer's callers
   * print what they fetched and leave it).
   */
  values?: (value: unknown, cut?: boolean) => void;
  /**
   * With `values`, asked of each item of a list as it arrives: true when the caller can show none of
   * the items after it (`ops mcp`'s byte cap is full), so the list ends there and fetches no further
   * page; `values` then gets the items so far with `cut` true.
   */
  valuesFull?: (item: unknown) => boolean;
}

/**
 * Whether the command runs in CI: `CI` is set to many things by many systems, and anything but
 * empty, `0` or `false` (any case) means CI. No spinner, picker or banner for a person there.
 */
export function isCi(env: Record<string, string | undefined>): boolean {
  const v = env.CI;
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/** Writes that wait for the stream to drain, so a large NDJSON run keeps constant memory. */
export async function writeAll(sink: Sink, chunk: string): Promise<void> {
  const ok = sink.write(chunk);
  if (ok === false && 'once' in sink && typeof (sink as NodeJS.WritableStream).once === 'function') {
    await new Promise<void>((resolve) => (sink as NodeJS.WritableStream).once('drain', () => resolve()));
  }
}

/**
 * `io` with some members replaced. Its getters stay getters: a spread would call them, and
 * `process.stdin`'s builds a stream (with fs streams, readline and the REPL's history behind it)
 * for every command, even those that never read stdin.
 */
export function withIo(io: Io, overrides: Partial<Io>): Io {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(io));
  return Object.defineProperties(copy, Object.getOwnPropertyDescriptors(overrides)) as Io;
}

/**
 * `OPS_FORCE_TTY` (gh's `GH_FORCE_TTY`): a piped command renders as on a terminal. A number is that
 * terminal's width; any other non-empty value (but `0`) is a terminal of unknown width (0 here).
 * Undefined when unset.
 */
export function forcedWidth(env: Record<string, string | undefined>): number | undefined {
  const v = env.OPS_FORCE_TTY?.trim();
  if (!v || v === '0') return undefined;
  return /^[1-9]\d{0,4}$/.test(v) ? Number(v) : 0;
}

/**
 * The width output is fitted to. On a terminal `COLUMNS` wins over the size the terminal reports (as
 * Python and less read it); `OPS_FORCE_TTY=N` is N, and another value is `COLUMNS`, the width of the
 * terminal that stdout or else stderr is, or 80. Piped, `COLUMNS` is used only with colour forced by
 * the environment (CLICOLOR_FORCE, FORCE_COLOR: a CI log); else 0, and nothing is cut.
 */
export function outputWidth(
  env: Record<string, string | undefined>,
  tty: boolean,
  terminalColumns: () => number | undefined,
): number {
  const forced = forcedWidth(env);
  if (forced) return forced;
  const columns = /^[1-9]\d{0,4}$/.test(env.COLUMNS?.trim() ?? '') ? Number(env.COLUMNS) : 0;
  if (tty) return columns || terminalColumns() || 0;
  if (forced === 0) return columns || terminalColumns() || 80;
  return columns && colorEnabled(env, false, false) ? columns : 0;
}

/** The width of the terminal that stderr is, if it is one (asked only under OPS_FORCE_TTY). */
function stderrWidth(): number | undefined {
  return isTerminal(2) ? process.stderr.columns : undefined;
}

/**
 * `process.stderr`, with a listener for its errors: a reader of stderr gone (`ops … --debug 2>&1 |
 * head`), or a full disk under it, leaves nothing to tell, and without a listener the stream's 'error'
 * ended the process with Node's stack trace.
 */
function stderrStream(): NodeJS.WriteStream {
  const stream = process.stderr;
  if (!stream.listeners('error').includes(ignore)) stream.on('error', ignore);
  return stream;
}

const ignore = () => undefined;

/** The real process's IO. */
export function processIo(signal: AbortSignal): Io & { written(): boolean } {
  let stderr: NodeJS.WriteStream | undefined;
  const stdout = ownStdout();
  const tty = isTerminal(1);
  return {
    stdout,
    // process.stderr is a getter that builds a stream too: made by the first message, if one comes.
    get stderr() {
      stderr ??= stderrStream();
      return stderr;
    },
    // process.stdin is a getter that builds a stream: only commands that read it pay for it.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    // OPS_FORCE_TTY renders as on a terminal; stderr stays what it is (no spinner on a pipe).
    stdoutIsTty: tty || forcedWidth(process.env) !== undefined,
    stderrIsTty: isTerminal(2),
    get stdinIsTty() {
      return Boolean(process.stdin.isTTY);
    },
    columns: outputWidth(process.env, tty, () => (tty ? process.stdout.columns : stderrWidth())),
    get cwd() {
      try {
        return process.cwd();
      } catch {
        // The directory was removed under the process: there is no context to read.
        return undefined;
      }
    },
    signal,
    prompt: (question, secret) => terminalPrompt(question, secret, signal),
    /** Whether everything written to stdout and stderr has left (nothing queued for a slow reader). */
    written() {
      return stdout.writableLength === 0 && (stderr?.writableLength ?? 0) === 0;
    },
  };
}

/**
 * A question on the terminal. Readline holds the terminal in raw mode while it waits, so Ctrl-C is a
 * key it reads, not a signal: unheard, the question stayed open and Node ended with its "unsettled
 * top-level await" (exit 13). Ctrl-C (the key, or a SIGINT sent from elsewhere) is an interruption,
 * exit 130; Ctrl-D ends the input with an empty answer. Closing the interface gives the terminal back
 * its echo.
 */
async function terminalPrompt(question: string, secret: boolean, signal: AbortSignal): Promise<string> {
  if (signal.aborted) throw new InterruptedError();
  // A built-in is read, never `import()`ed: the bundles run as scripts, which have no module loader.
  const { createInterface } = process.getBuiltinModule('node:readline');
  const rl = createInterface({ input: process.stdin, output: stderrStream(), terminal: true });
  if (secret) {
    // Echo nothing while the secret is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.startsWith(question)) stderrStream().write(question);
    };
  }
  let interrupted: (() => void) | undefined;
  let answered = false;
  try {
    return await new Promise<string>((resolve, reject) => {
      interrupted = () => reject(new InterruptedError());
      rl.question(question, (answer) => {
        answered = true;
        resolve(answer);
      });
      rl.once('SIGINT', interrupted);
      rl.once('close', () => resolve(''));
      signal.addEventListener('abort', interrupted, { once: true });
    });
  } finally {
    if (interrupted) signal.removeEventListener('abort', interrupted);
    rl.close();
    // The answer's newline was not echoed (a secret), or never typed (Ctrl-C, Ctrl-D).
    if (secret || !answered) stderrStream().write('\n');
  }
}

/** Reads a whole stream as UTF-8 text. */
export async function readAllText(stream: Readable): Promise<string> {
  return (await readAllBytes(stream)).toString('utf8');
}

/** Reads a whole stream as bytes. */
export async function readAllBytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
