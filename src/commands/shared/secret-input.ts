import { readFile } from 'node:fs/promises';
import { UsageError } from '../../errors.js';
import { type Io, readAllText } from '../../io.js';

export interface SecretInputOptions {
  io: Io;
  /** What is read, for the prompt and messages ("secret value", "password"). */
  label: string;
  /** `--<name>-file FILE`: the value is that file's content (`-` is stdin). */
  file?: string | undefined;
  /** The flag that names the file, for messages (`--body-file`). */
  fileFlag?: string | undefined;
  /**
   * Drop one trailing newline (what `echo` and a heredoc add). Off where the exact bytes matter
   * (a secret's value is stored as given).
   */
  trimNewline?: boolean | undefined;
  allowEmpty?: boolean | undefined;
}

/**
 * The one way a secret reaches a command, never from argv: a file named by a flag, else stdin when it
 * is not a terminal, else a hidden prompt on the terminal.
 */
export async function readSecretInput(o: SecretInputOptions): Promise<string> {
  let value: string;
  if (o.file !== undefined && o.file !== '-') {
    try {
      value = await readFile(o.file, 'utf8');
    } catch (err) {
      throw new UsageError(
        `cannot read ${o.fileFlag ?? 'the file'} "${o.file}": ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
        'give a readable file, or pipe the value on stdin',
      );
    }
  } else if (o.io.stdinIsTty && o.file === undefined) {
    if (!o.io.prompt) throw new UsageError(`no ${o.label} given`, 'pipe it on stdin');
    value = await o.io.prompt(`${o.label[0]!.toUpperCase()}${o.label.slice(1)}: `, true);
  } else {
    value = await readAllText(o.io.stdin);
  }
  if (o.trimNewline !== false) value = value.replace(/\r?\n$/, '');
  if (value === '' && !o.allowEmpty)
    throw new UsageError(
      `the ${o.label} is empty`,
      `pipe it on stdin${o.fileFlag ? ` or give ${o.fileFlag} FILE` : ''}, e.g. printf %s "$VALUE" | ops …`,
    );
  return value;
}
