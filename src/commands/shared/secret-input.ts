import { readFile } from 'node:fs/promises';
import { UsageError } from '../../errors.js';
import { type Io, readAllBytes, readAllText } from '../../io.js';

/**
 * The one rule for a value read from stdin or a file (docs/grammar.md, "Values"): exactly one trailing
 * newline (`\n` or `\r\n`, what `echo` and a heredoc add) is dropped, nothing else; an empty value is
 * a usage error. `what` names the value in that error ("--token-stdin", "the secret value").
 */
export function stdinValue(
  text: string,
  what: string,
  hint = 'pipe it on stdin, e.g. printf %s "$VALUE" | ops …',
): string {
  const value = text.replace(/\r?\n$/, '');
  if (value === '') throw new UsageError(`${what} is empty`, hint);
  return value;
}

/** A value read whole from stdin, under the one rule of `stdinValue`. */
export async function readStdinValue(io: Io, what: string, hint?: string): Promise<string> {
  return stdinValue(await readAllText(io.stdin), what, hint);
}

/** A file's text (`-` is stdin); an unreadable file is a usage error naming the flag. */
export async function readInputFile(io: Io, file: string, flag = '--file'): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = file === '-' ? await readAllBytes(io.stdin) : await readFile(file);
  } catch (err) {
    throw new UsageError(
      `cannot read ${flag} "${file}": ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      'give a readable file, or - for stdin',
    );
  }
  // What is read here is sent as text (user data, keys, values, JSON): bytes that are not UTF-8, or a
  // NUL, would be sent altered, so they are refused rather than replaced.
  try {
    if (bytes.includes(0)) throw new Error('NUL');
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(
      `${flag} "${file}" is not plain text (UTF-8 without NUL bytes)`,
      'give a text file: the service takes this as plain text, not binary or base64',
    );
  }
}

export interface SecretInputOptions {
  io: Io;
  /** What is read, for the prompt and messages ("secret value", "password"). */
  label: string;
  /** `--file FILE`: the value is that file's content (`-` is stdin). */
  file?: string | undefined;
  /** The flag that names the file, for messages (`--file`). */
  fileFlag?: string | undefined;
}

/**
 * The one way a secret reaches a command, never from argv: a file named by a flag, else stdin when it
 * is not a terminal, else a hidden prompt on the terminal. One trailing newline is dropped (`stdinValue`).
 */
export async function readSecretInput(o: SecretInputOptions): Promise<string> {
  let value: string;
  if (o.file !== undefined) value = await readInputFile(o.io, o.file, o.fileFlag);
  else if (o.io.stdinIsTty) {
    if (!o.io.prompt) throw new UsageError(`no ${o.label} given`, 'pipe it on stdin');
    value = await o.io.prompt(`${o.label[0]!.toUpperCase()}${o.label.slice(1)}: `, true);
  } else value = await readAllText(o.io.stdin);
  return stdinValue(
    value,
    `the ${o.label}`,
    `pipe it on stdin${o.fileFlag ? ` or give ${o.fileFlag} FILE` : ''}, e.g. printf %s "$VALUE" | ops …`,
  );
}
