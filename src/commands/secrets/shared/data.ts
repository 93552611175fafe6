import { readFileSync } from 'node:fs';
import { UsageError } from '../../../errors.js';
import { type Io, readAllText } from '../../../io.js';
import { readStdinValue } from '../../shared/secret-input.js';
import { notJsonMessage } from '../../../config/json-position.js';

/** What of the data arguments reads stdin (`-` or `key=-`), for `--token-stdin`'s refusal. */
export function dataStdin(args: string[]): string | undefined {
  const a = args.find((x) => x === '-' || x.endsWith('=-'));
  return a === undefined ? undefined : `"${a}"`;
}

/**
 * Secret data from the arguments: `k=v`, `k=@file` (the file's text), `k=-` (stdin), or a lone `-`
 * for a whole JSON object on stdin. Read before any request, so bad input is exit 2.
 */
export async function parseData(args: string[], io: Io): Promise<Record<string, unknown>> {
  if (args.includes('-')) {
    if (args.length > 1)
      throw new UsageError('"-" (a JSON object on stdin) cannot be mixed with key=value pairs');
    const text = await readAllText(io.stdin);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new UsageError(notJsonMessage('stdin', text), 'pipe a JSON object, e.g. {"password":"…"}');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new UsageError('stdin must hold a JSON object', 'pipe a JSON object, e.g. {"password":"…"}');
    return parsed as Record<string, unknown>;
  }
  const out: Record<string, unknown> = {};
  let stdinUsed = false;
  for (const arg of args) {
    const i = arg.indexOf('=');
    if (i <= 0)
      throw new UsageError(
        `invalid data "${arg}"`,
        'write key=value, key=@file, key=- (stdin), or - for a JSON object on stdin',
      );
    const key = arg.slice(0, i);
    const value = arg.slice(i + 1);
    if (value === '-') {
      if (stdinUsed) throw new UsageError(`only one value can come from stdin (${key}=-)`);
      stdinUsed = true;
      out[key] = await readStdinValue(io, `the value of ${key}`);
    } else if (value.startsWith('@')) {
      try {
        out[key] = readFileSync(value.slice(1), 'utf8');
      } catch (err) {
        throw new UsageError(`cannot read ${value.slice(1)} for ${key}: ${(err as Error).message}`);
      }
    } else {
      out[key] = value;
    }
  }
  return out;
}
