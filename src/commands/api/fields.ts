import { readFileSync } from 'node:fs';
import { FRAMING } from '../../clients/http/h1-transport.js';
import { UsageError } from '../../errors.js';
import { parseKeyValue } from '../shared/parse.js';

/**
 * Typed `-f key=value`: `true`/`false`/`null` and numbers become JSON values, `@file` is the file's
 * text, anything else a string. `key:=json` takes a raw JSON value.
 */
export function parseField(raw: string): [string, unknown] {
  const rawJson = /^([^=:]+):=(.*)$/s.exec(raw);
  if (rawJson) {
    try {
      return [rawJson[1]!, JSON.parse(rawJson[2]!)];
    } catch {
      throw new UsageError(`invalid JSON in -f ${raw}`, 'write key:=<JSON value>, e.g. tags:=["a","b"]');
    }
  }
  const [key, value] = parseKeyValue('-f', raw);
  if (value === 'true') return [key, true];
  if (value === 'false') return [key, false];
  if (value === 'null') return [key, null];
  if (/^-?\d+(\.\d+)?$/.test(value) && String(Number(value)) === value) return [key, Number(value)];
  if (value.startsWith('@')) {
    try {
      return [key, readFileSync(value.slice(1), 'utf8')];
    } catch (err) {
      throw new UsageError(`cannot read ${value.slice(1)} for -f ${key}: ${(err as Error).message}`);
    }
  }
  return [key, value];
}

/** `-H 'Name: value'`. */
export function parseHeader(raw: string): [string, string] {
  const i = raw.indexOf(':');
  if (i <= 0) throw new UsageError(`invalid -H "${raw.slice(0, 40)}"`, "write it as 'Name: value'");
  const name = raw.slice(0, i).trim();
  const value = raw.slice(i + 1).trim();
  // RFC 9110 token characters for the name; no CR, LF or NUL in the value (a header injection). The
  // value is never echoed: it may be a credential.
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    throw new UsageError(
      `invalid -H header name "${name}"`,
      'a header name is letters, digits and - (no spaces)',
    );
  if (/[\r\n\0]/.test(value))
    throw new UsageError(
      `invalid -H value for ${name}: it holds a line break or NUL`,
      'give the value on one line',
    );
  // As every HTTP stack checks a value (Node's, undici's, ours): no control character but tab, and
  // nothing beyond Latin-1 (a header is bytes).
  if (/[\x00-\x08\x0a-\x1f\x7f]/.test(value))
    throw new UsageError(`invalid -H value for ${name}: it holds a control character`, 'remove it');
  if (/[^\x00-\xff]/.test(value))
    throw new UsageError(
      `invalid -H value for ${name}: it holds a character beyond Latin-1`,
      'percent-encode it or leave it out',
    );
  if (FRAMING.has(name.toLowerCase()))
    throw new UsageError(
      `-H ${name} is not accepted: ops frames each message itself`,
      `leave out ${[...FRAMING].join(', ')}`,
    );
  return [name, value];
}
