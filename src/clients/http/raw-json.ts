/**
 * A JSON value kept as the text the service sent. `ops … -o ndjson` writes it as is; anything that
 * needs its fields (tables, CSV, --query) parses it. Parsing a page and writing each item back as a
 * line is most of the CPU a long NDJSON walk costs.
 */
export class RawJson {
  /** `controlFree`: the text holds no DEL and no C1 control, so it is written as it came. */
  constructor(
    readonly text: string,
    readonly controlFree = false,
  ) {}

  value(): unknown {
    return JSON.parse(this.text);
  }

  toJSON(): unknown {
    return this.value();
  }
}

/** Items as values: RawJson parsed, anything else as it is. */
export function materialize<T>(item: T | RawJson): T {
  return item instanceof RawJson ? (item.value() as T) : item;
}

const QUOTE = 34;
const BACKSLASH = 92;

/** Where a value sits in a JSON text: object keys and array indexes, from the top. */
export type JsonPath = ReadonlyArray<string | number>;

/**
 * Cuts the array at `path` (`["host_list"]`, `["tasks", 0, "result"]`) of a JSON text into the texts
 * of its elements, without parsing them, and parses the rest (totals, page tokens, an envelope) with
 * the array left empty. Returns undefined when the text holds no array there, or not one JSON.parse
 * takes, so that the caller parses it whole (and fails as JSON.parse fails). A raw newline can only be
 * whitespace between tokens (JSON strings cannot hold one), so each element is put on one line by
 * dropping such whitespace.
 */
export function splitArrayAt(text: string, path: JsonPath): { items: string[]; rest: unknown } | undefined {
  let at = skipWs(text, 0);
  for (const step of path) {
    at = typeof step === 'string' ? memberAt(text, at, step) : elementAt(text, at, step);
    if (at < 0) return undefined;
  }
  if (text.charCodeAt(at) !== 91 /* [ */) return undefined;
  const cut = elements(text, at);
  if (!cut) return undefined;
  try {
    return { items: cut.items, rest: JSON.parse(`${text.slice(0, at)}[]${text.slice(cut.end + 1)}`) };
  } catch {
    return undefined;
  }
}

/** Where the value of `key` starts in the object that opens at `open` (its first such key), or -1. */
function memberAt(text: string, open: number, key: string): number {
  if (text.charCodeAt(open) !== 123 /* { */) return -1;
  let i = skipWs(text, open + 1);
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return -1;
    const end = stringEnd(text, i);
    if (end < 0) return -1;
    // The key as written: one with an escape in it is not the key asked for.
    const found = text.slice(i + 1, end) === key;
    i = skipWs(text, end + 1);
    if (text.charCodeAt(i) !== 58 /* : */) return -1;
    i = skipWs(text, i + 1);
    if (found) return i;
    i = valueEnd(text, i);
    if (i < 0) return -1;
    i = skipWs(text, i);
    if (text.charCodeAt(i) !== 44 /* , */) return -1;
    i = skipWs(text, i + 1);
  }
}

/** Where element `n` starts in the array that opens at `open`, or -1. */
function elementAt(text: string, open: number, n: number): number {
  if (text.charCodeAt(open) !== 91 /* [ */) return -1;
  let i = skipWs(text, open + 1);
  for (let k = 0; text.charCodeAt(i) !== 93 /* ] */; k++) {
    if (k === n) return i;
    i = valueEnd(text, i);
    if (i < 0) return -1;
    i = skipWs(text, i);
    if (text.charCodeAt(i) !== 44 /* , */) return -1;
    i = skipWs(text, i + 1);
  }
  return -1;
}

/** The index just past the JSON value that starts at `i`, or -1. */
function valueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) {
    const end = stringEnd(text, i);
    return end < 0 ? -1 : end + 1;
  }
  if (c === 123 || c === 91) {
    const matched = checkedEnd(text, i);
    if (matched > 0) return matched;
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === QUOTE) {
        j = stringEnd(text, j);
        if (j < 0) return -1;
      } else if (d === 123 || d === 91) depth++;
      else if ((d === 125 || d === 93) && --depth === 0) return j + 1;
    }
    return -1;
  }
  let j = i;
  for (; j < text.length; j++) {
    const d = text.charCodeAt(j);
    if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
  }
  return j > i ? j : -1;
}

/**
 * The elements of the array that opens at `open`, and the index of its closing bracket; undefined when
 * it is not a JSON array (an element JSON.parse refuses, a missing comma, a trailing one), so that the
 * caller parses the whole text and fails as JSON.parse fails. Each element is checked as JSON.parse
 * checks it: whole by the pattern below, or, past its depth, found by the loop and parsed. No element
 * is handed on as text JSON would refuse.
 */
function elements(text: string, open: number): { items: string[]; end: number } | undefined {
  const items: string[] = [];
  let i = skipWs(text, open + 1);
  if (text.charCodeAt(i) === 93 /* ] */) return { items, end: i };
  for (;;) {
    let end = checkedEnd(text, i);
    if (end < 0) {
      end = valueEnd(text, i);
      if (end < 0 || !parses(text.slice(i, end))) return undefined;
    }
    const item = text.slice(i, end);
    items.push(item.includes('\n') ? item.replace(/[ \t\r]*\n[ \t\r]*/g, '') : detached(item));
    i = skipWs(text, end);
    const c = text.charCodeAt(i);
    if (c === 93 /* ] */) return { items, end: i };
    if (c !== 44 /* , */) return undefined;
    i = skipWs(text, i + 1);
  }
}

/** A JSON string as JSON.parse takes it: no raw control character, only the escapes JSON has. */
const STRING = String.raw`"[^"\\\u0000-\u001f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\u0000-\u001f]*)*"`;
const SCALAR = String.raw`${STRING}|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null`;
const WS = '[ \\t\\n\\r]*';
/**
 * A JSON value, objects and arrays at most `depth` levels inside it, in JSON's own grammar: a member
 * or an element is followed by a comma and another, or by the closing bracket, so that a trailing
 * comma, a missing one or a bare word does not match. Each value appears once in the pattern, so that
 * it doubles (not quadruples) with each level.
 */
function value(depth: number): string {
  if (depth < 0) return `(?:${SCALAR})`;
  const inner = value(depth - 1);
  const object = String.raw`\{${WS}(?:${STRING}${WS}:${WS}${inner}${WS}(?:,${WS}(?=")|(?=\})))*\}`;
  const array = String.raw`\[${WS}(?:${inner}${WS}(?:,${WS}(?=[^\]\s])|(?=\])))*\]`;
  return `(?:${SCALAR}|${object}|${array})`;
}
/**
 * A value with objects and arrays nested at most three deep (itself and two levels inside: a host's
 * `tags_by_source`, a task). V8 runs a regular expression as native code; a loop over the characters
 * runs in V8's interpreter until it has run long enough to be compiled, which a one-shot command's
 * first page never does (a first page of 1,000 hosts, 430 kB, in a fresh process: 5.4 ms with the
 * loop alone, 1.8 with a pattern). Deeper values, and text that is not JSON, do not match: the loop
 * finds their end and JSON.parse checks them. One level more doubles the pattern (7.8 kB at four
 * deep, 3.7 at three): a page of 10 hosts took 4.4 ms more to cut in a fresh process (compiling it),
 * and a page of 100 runs longer warm (1.8–2.0 against 1.4–1.5 ms).
 */
let checked: RegExp | undefined;

/** The index just past the JSON value that starts at `i`, when the pattern matches it whole; else -1. */
function checkedEnd(text: string, i: number): number {
  // Made by the first page cut: its source is built and parsed only by a command that lists.
  const pattern = (checked ??= new RegExp(value(2), 'y'));
  pattern.lastIndex = i;
  try {
    return pattern.test(text) ? pattern.lastIndex : -1;
  } catch {
    // A value so long that the engine's backtracking stack runs out: the loop reads it.
    return -1;
  }
}

/**
 * Index of the quote that closes the string opening at `i`, or -1. Most of a page's text is inside
 * strings: the native `indexOf` finds each next quote, and only the backslashes right before it are
 * looked at (an odd run escapes it), which is several times faster than a loop over every character.
 */
function stringEnd(text: string, i: number): number {
  for (let j = text.indexOf('"', i + 1); j >= 0; j = text.indexOf('"', j + 1)) {
    let k = j - 1;
    while (text.charCodeAt(k) === BACKSLASH) k--;
    if ((j - 1 - k) % 2 === 0) return j;
  }
  return -1;
}

/**
 * The same text, not a slice of the page: V8 makes a long slice a view that keeps its whole string
 * alive. A page of hosts is a megabyte; held by its items while they are printed, it outlives a young
 * collection and waits in the old generation for a full one, and peak memory grew with the walk
 * (bench/hosts-list: 69.6 MB at 10,000 hosts, 85.8 at 100,000). Flattening a concatenation copies.
 */
function detached(slice: string): string {
  return `${slice} `.slice(0, -1);
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function skipWs(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
    i++;
  }
  return i;
}
