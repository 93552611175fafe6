import type { Readable } from 'node:stream';

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
  /** Terminal width for table truncation; 0 when unknown. */
  columns: number;
  /** Aborted on Ctrl-C: in-flight requests listen to it. */
  signal: AbortSignal;
  /** Reads a line from the terminal without echo (passwords); only called when stdinIsTty. */
  prompt?: (question: string, secret: boolean) => Promise<string>;
}

/** Writes that wait for the stream to drain, so a large NDJSON run keeps constant memory. */
export async function writeAll(sink: Sink, chunk: string): Promise<void> {
  const ok = sink.write(chunk);
  if (ok === false && 'once' in sink && typeof (sink as NodeJS.WritableStream).once === 'function') {
    await new Promise<void>((resolve) => (sink as NodeJS.WritableStream).once('drain', () => resolve()));
  }
}

/** The real process's IO. */
export function processIo(signal: AbortSignal): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // process.stdin is a getter that builds a stream: only commands that read it pay for it.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    stdoutIsTty: Boolean(process.stdout.isTTY),
    stderrIsTty: Boolean(process.stderr.isTTY),
    get stdinIsTty() {
      return Boolean(process.stdin.isTTY);
    },
    columns: process.stdout.columns ?? 0,
    signal,
    prompt: terminalPrompt,
  };
}

async function terminalPrompt(question: string, secret: boolean): Promise<string> {
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  if (secret) {
    // Echo nothing while the secret is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.startsWith(question)) process.stderr.write(question);
    };
  }
  try {
    return await new Promise<string>((resolve) => rl.question(question, resolve));
  } finally {
    rl.close();
    if (secret) process.stderr.write('\n');
  }
}

/** Reads a whole stream as UTF-8 text. */
export async function readAllText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
