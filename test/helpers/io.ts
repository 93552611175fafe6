import { PassThrough, Readable } from 'node:stream';
import type { Io } from '../../src/io.js';

export interface MemoryIo extends Io {
  out(): string;
  err(): string;
}

/** An Io whose streams are strings: stdin from `input`, stdout/stderr collected. */
export function memoryIo(
  o: {
    env?: Record<string, string | undefined>;
    input?: string;
    tty?: boolean;
    signal?: AbortSignal;
    columns?: number;
    cwd?: string;
  } = {},
): MemoryIo {
  let out = '';
  let err = '';
  const stdin = o.input === undefined ? new PassThrough() : Readable.from([Buffer.from(o.input)]);
  if (o.input === undefined) (stdin as PassThrough).end();
  return {
    stdout: { write: (s: string) => void (out += s) },
    stderr: { write: (s: string) => void (err += s) },
    stdin,
    env: { HOME: '/nonexistent', ...o.env },
    stdoutIsTty: Boolean(o.tty),
    stderrIsTty: Boolean(o.tty),
    stdinIsTty: false,
    columns: o.columns ?? 0,
    ...(o.cwd === undefined ? {} : { cwd: o.cwd }),
    signal: o.signal ?? new AbortController().signal,
    out: () => out,
    err: () => err,
  };
}
