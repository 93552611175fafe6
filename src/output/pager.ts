// The pager of a person at a terminal, as gh and git run one: loaded by run.ts only when stdout is a
// terminal, so that a piped command never reads this file.
import type { ChildProcess } from 'node:child_process';
import { type Io, type Sink, isCi, withIo } from '../io.js';
import { displayWidth } from './text.js';

/**
 * The pager the environment names: `OPS_PAGER`, else `PAGER`, else `less`. Undefined when paging is
 * off: the variable that decides is empty or `cat`. `named` tells a pager the user chose from the
 * default, which may simply be missing (Windows): only a chosen one is worth a warning.
 */
export function pagerCommand(
  env: Record<string, string | undefined>,
): { words: string[]; named: boolean } | undefined {
  const chosen = env.OPS_PAGER ?? env.PAGER;
  if (chosen === undefined) return { words: ['less'], named: false };
  const words = commandWords(chosen);
  if (words.length === 0 || (words.length === 1 && words[0] === 'cat')) return undefined;
  return { words, named: true };
}

/**
 * A command line split into words as a shell splits it (single and double quotes, backslashes), with
 * no expansion: `less -R`, `"/opt/my pager" --flag`. The pager is run without a shell, as gh runs it,
 * so that one that cannot be started is known (and said) before any output is lost.
 */
export function commandWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (c === '\\' && i + 1 < line.length && (quote === undefined || '"\\$`'.includes(line[i + 1]!))) {
      word = (word ?? '') + line[++i];
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** How many lines of a terminal `columns` wide `text` fills (a line longer than it wraps). */
function rowsOf(text: string, columns: number): number {
  let rows = 0;
  let from = 0;
  for (;;) {
    const end = text.indexOf('\n', from);
    const line = text.slice(from, end < 0 ? undefined : end);
    if (columns > 0 && line.length > columns) rows += Math.floor((displayWidth(line) - 1) / columns);
    if (end < 0) return rows;
    rows++;
    from = end + 1;
  }
}

/** A stream that may ask its writer to wait (Node's writable streams). */
interface Writable extends Sink {
  once?(event: 'drain', listener: () => void): unknown;
  writableNeedDrain?: boolean;
}

export interface Paging {
  /** The Io whose stdout goes through the pager once a command asks for it (`io.page`). */
  io: Io;
  /** Writes what is still held, and waits for the pager to end (the reader presses q). */
  finish(): Promise<void>;
  /** The pager ended before the output did: the command was stopped, and it is no failure. */
  readonly quit: boolean;
}

export interface PagingOptions {
  /** The terminal's height; 0 when unknown, and then nothing is paged (it cannot be told what fits). */
  rows: number;
  /** Called once when the pager ends before the output does: stops the command's work in flight. */
  onQuit(): void;
  /** Starts the pager (tests hand in their own). */
  start?: (words: string[], env: Record<string, string | undefined>) => ChildProcess;
}

/**
 * On a terminal (not CI, a pager named and not `cat`), an Io whose stdout is held, once a command asks
 * for paging, until it is longer than the screen: then the pager is started and given all of it, and
 * what follows; output that fits is written as it would have been, and a command that writes nothing
 * (or only an error) starts nothing. Messages on stderr keep their order with the held output, and
 * those written while the pager runs follow it when it ends, so that nothing is drawn over it. A pager
 * that cannot be started is one warning, and the output is written directly. When the pager ends
 * first (q), the rest of the output is dropped and `onQuit` stops the command; what it says on stderr
 * then reaches the terminal.
 * Undefined when no pager is to run.
 */
export function paging(io: Io, o: PagingOptions): Paging | undefined {
  const pager = pagerCommand(io.env);
  if (!pager || isCi(io.env) || o.rows <= 0) return undefined;
  const out = io.stdout as Writable;
  // off: writes pass; hold: kept until they fill the screen; start: the pager is starting; page: they
  // go to it; quit: it ended first.
  let state: 'off' | 'hold' | 'start' | 'page' | 'quit' = 'off';
  let requested = false;
  let written = false;
  let rows = 0;
  /** What is kept, in order: for the pager, or for the terminal once it ends or fails. */
  let held: Array<{ to: 'out' | 'err'; chunk: string }> = [];
  let child: ChildProcess | undefined;
  /** The output is all given to the pager: its end now is the reader's, not an early one. */
  let closing = false;
  let exited = false;
  let ended: Promise<void> = Promise.resolve();
  const waiting = new Set<() => void>();

  const release = () => {
    for (const f of [...waiting]) f();
    waiting.clear();
  };
  const writeHeld = (only?: 'err') => {
    for (const h of held) if (!only || h.to === only) (h.to === 'out' ? out : io.stderr).write(h.chunk);
    held = [];
  };
  const quitNow = () => {
    if (closing || (state !== 'page' && state !== 'start')) return;
    state = 'quit';
    release();
    o.onQuit();
  };

  function start(): void {
    state = 'start';
    const run = o.start ?? spawnPager;
    let c: ChildProcess;
    try {
      c = run(pager!.words, io.env);
    } catch (err) {
      failed(err);
      return;
    }
    child = c;
    ended = new Promise((resolve) => c.once('close', () => resolve()));
    c.once('spawn', () => {
      if (state !== 'start') return;
      state = 'page';
      const out = held.filter((h) => h.to === 'out');
      held = held.filter((h) => h.to === 'err');
      for (const h of out) c.stdin!.write(h.chunk);
    });
    // Also a failed kill or write later on: only one before the start says the pager is missing.
    c.on('error', (err) => {
      if (state === 'start') failed(err);
    });
    // A pager that ends first closes its end of the pipe: EPIPE here, the same as its exit.
    c.stdin!.on('error', quitNow);
    c.once('exit', () => {
      exited = true;
      quitNow();
      // What was said while it ran (a hint, an error) comes after it, on the terminal it gave back.
      writeHeld('err');
    });
  }

  function failed(err: unknown): void {
    state = 'off';
    child = undefined;
    ended = Promise.resolve();
    if (pager!.named)
      io.stderr.write(
        `! the pager "${pager!.words.join(' ')}" could not be started (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); output printed without it\n`,
      );
    writeHeld();
    release();
  }

  const stdout: Writable = {
    write(chunk: string) {
      if (state === 'off' && requested && !written) state = 'hold';
      written = true;
      switch (state) {
        case 'off':
          return out.write(chunk);
        case 'quit':
          return true;
        case 'page':
          return child!.stdin!.write(chunk);
        default:
          held.push({ to: 'out', chunk });
          if (state === 'hold') {
            rows += rowsOf(chunk, io.columns);
            if (rows >= o.rows) start();
          }
          return true;
      }
    },
    get writableNeedDrain() {
      const target = state === 'page' ? child!.stdin : state === 'off' ? out : undefined;
      return Boolean(target?.writableNeedDrain);
    },
    once(_event: 'drain', listener: () => void) {
      const target = state === 'page' ? child!.stdin! : state === 'off' ? out : undefined;
      if (!target?.writableNeedDrain || typeof target.once !== 'function') {
        listener();
        return stdout;
      }
      const once = () => {
        if (waiting.delete(once)) listener();
      };
      waiting.add(once);
      target.once('drain', once);
      return stdout;
    },
  };
  const stderr: Sink = {
    write(chunk: string) {
      // After the pager, on the terminal it gave back (run.ts says nothing of a stop it asked for).
      if (state === 'off' || exited) return io.stderr.write(chunk);
      held.push({ to: 'err', chunk });
      return true;
    },
  };
  return {
    io: withIo(io, { stdout, stderr, page: () => void (requested = true) }),
    async finish() {
      if (state === 'hold') {
        state = 'off';
        writeHeld();
        return;
      }
      if (state === 'start')
        await new Promise<void>((resolve) => child?.once('spawn', resolve).once('error', resolve));
      closing = true;
      if (state === 'page') child!.stdin!.end();
      await ended;
    },
    get quit() {
      return state === 'quit';
    },
  };
}

/**
 * The pager as gh starts it: `LESS=FRX` when LESS is unset (quit at once when it fits, keep the
 * colours, leave the screen as it is), reading keys from the terminal itself.
 */
function spawnPager(words: string[], env: Record<string, string | undefined>): ChildProcess {
  const { spawn } = process.getBuiltinModule('node:child_process');
  return spawn(words[0]!, words.slice(1), {
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { ...env, LESS: env.LESS ?? 'FRX' },
  });
}
