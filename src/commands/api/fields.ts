import { readFileSync } from 'node:fs';
import { FRAMING } from '../../clients/http/transport/h1-transport.js';
import { UsageError } from '../../errors.js';
import type { QueryValue } from '../../clients/http/types.js';
import { parseKeyValue } from '../shared/parse.js';
import { notJsonMessage } from '../../config/json-position.js';

/** gh's `-f key=value`: the value is a string, whatever it looks like. */
export function parseRawField(raw: string): [string, unknown] {
  return parseKeyValue('-f', raw);
}

/**
 * gh's typed `-F key=value`: `true`/`false`/`null` and numbers become JSON values, `@file` is the file's
 * text and `@-` standard input's (`stdin`), anything else a string. `key:=json` takes a raw JSON value.
 */
export function parseField(raw: string, stdin?: string): [string, unknown] {
  const rawJson = /^([^=:]+):=(.*)$/s.exec(raw);
  if (rawJson) {
    try {
      return [rawJson[1]!, JSON.parse(rawJson[2]!)];
    } catch {
      // The value is named by its key and place, never quoted: it may be a credential.
      throw new UsageError(
        notJsonMessage(`-F ${rawJson[1]}:=`, rawJson[2]!),
        'write key:=<JSON value>, e.g. tags:=["a","b"]',
      );
    }
  }
  const [key, value] = parseKeyValue('-F', raw);
  if (value === 'true') return [key, true];
  if (value === 'false') return [key, false];
  if (value === 'null') return [key, null];
  if (/^-?\d+(\.\d+)?$/.test(value) && String(Number(value)) === value) return [key, Number(value)];
  if (value === '@-' && stdin !== undefined) return [key, stdin];
  if (value.startsWith('@')) {
    try {
      return [key, readFileSync(value.slice(1), 'utf8')];
    } catch (err) {
      throw new UsageError(`cannot read ${value.slice(1)} for -F ${key}: ${(err as Error).message}`);
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

/** `a[b][]` → a, b, '' (an empty part appends to an array); a plain key is one part. */
function keyPath(key: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
  if (!m) return [key];
  return [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((p) => p[1]!)];
}

/**
 * A JSON body from fields, as gh builds it: `a[b]=1` is `{"a":{"b":1}}`, `a[]=1 a[]=2` is
 * `{"a":[1,2]}`, `a[][b]=1` appends an object. A key that is both a value and a nest is exit 2.
 */
export function nestedBody(fields: ReadonlyArray<[string, unknown]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of fields) {
    const path = keyPath(key);
    let at: Record<string, unknown> | unknown[] = body;
    for (let i = 0; i < path.length; i++) {
      const part = path[i]!;
      const last = i === path.length - 1;
      if (Array.isArray(at)) {
        const next: Record<string, unknown> = {};
        at.push(last ? value : next);
        at = next;
        continue;
      }
      if (last) {
        at[part] = value;
        break;
      }
      const wantArray = path[i + 1] === '';
      const held = at[part];
      if (held === undefined) at[part] = wantArray ? [] : {};
      else if (typeof held !== 'object' || held === null || Array.isArray(held) !== wantArray)
        throw new UsageError(
          `-f/-F ${key}: "${part}" is already given another shape`,
          'give each key one shape',
        );
      at = at[part] as Record<string, unknown> | unknown[];
    }
  }
  return body;
}

/**
 * Query parameters from fields: a nested key keeps its brackets (`a[b]=1`), and `a[]` repeats
 * (`a[]=1&a[]=2`), as gh sends them for a GET.
 */
export function queryParams(fields: ReadonlyArray<[string, unknown]>): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [k, v] of fields) {
    const value =
      typeof v === 'object' && v !== null ? JSON.stringify(v) : (v as string | number | boolean | null);
    if (k.endsWith('[]')) {
      const held = query[k];
      query[k] = [...(Array.isArray(held) ? held : []), String(value)];
    } else query[k] = value;
  }
  return query;
}
