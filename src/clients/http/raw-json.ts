/**
 * A JSON value kept as the text the service sent. `ops … -o ndjson` writes it as is; anything that
 * needs its fields (tables, CSV, --query) parses it. Parsing a page and writing each item back as a
 * line is most of the CPU a long NDJSON walk costs.
 */
export class RawJson {
  constructor(readonly text: string) {}

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

/**
 * Cuts the array under `key` of a JSON object's text into the texts of its elements, without parsing
 * them, and parses the rest of the object (totals, page tokens) with the array left empty. Returns
 * undefined when the text is not an object holding that array, so that the caller parses it whole.
 * A raw newline can only be whitespace between tokens (JSON strings cannot hold one), so each element
 * is put on one line by dropping such whitespace.
 */
export function splitArrayField(text: string, key: string): { items: string[]; rest: unknown } | undefined {
  const n = text.length;
  let i = skipWs(text, 0);
  if (text.charCodeAt(i) !== 123 /* { */) return undefined;
  let depth = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return undefined;
      if (depth === 1 && text.slice(i + 1, end) === key) {
        let j = skipWs(text, end + 1);
        if (text.charCodeAt(j) !== 58 /* : */) return undefined;
        j = skipWs(text, j + 1);
        if (text.charCodeAt(j) !== 91 /* [ */) return undefined;
        const cut = elements(text, j);
        if (!cut) return undefined;
        try {
          return { items: cut.items, rest: JSON.parse(`${text.slice(0, j)}[]${text.slice(cut.end + 1)}`) };
        } catch {
          return undefined;
        }
      }
      i = end;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
  }
  return undefined;
}

/** The elements of the array that opens at `open`, and the index of its closing bracket. */
function elements(text: string, open: number): { items: string[]; end: number } | undefined {
  const items: string[] = [];
  let depth = 0;
  let start = skipWs(text, open + 1);
  if (text.charCodeAt(start) === 93 /* ] */) return { items, end: start };
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i < 0) return undefined;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || (c === 93 && depth > 0)) depth--;
    else if (depth === 0 && (c === 44 /* , */ || c === 93)) {
      const item = text.slice(start, i).trim();
      if (item === '') return undefined;
      items.push(item.includes('\n') ? item.replace(/[ \t\r]*\n[ \t\r]*/g, '') : item);
      if (c === 93) return { items, end: i };
      start = skipWs(text, i + 1);
    }
  }
  return undefined;
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

function skipWs(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
    i++;
  }
  return i;
}
