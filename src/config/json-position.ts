/**
 * Where JSON text first goes wrong, by line and column, and what is wrong there: what an error about
 * the config file may say of it. JSON.parse's own message quotes the text around the fault
 * (`..."api_key":SuperSecre"...`), which may be part of a credential, and names no position.
 */
export interface JsonFault {
  line: number;
  column: number;
  kind: string;
}

class Fault extends Error {
  constructor(
    readonly at: number,
    readonly kind: string,
  ) {
    super(kind);
  }
}

/** A JSON (RFC 8259) reader that checks and builds nothing: it stops at the first fault. */
class Scanner {
  i = 0;
  constructor(private readonly s: string) {}

  fail(kind: string, at = this.i): never {
    throw new Fault(at, at >= this.s.length ? 'unexpected end of the text' : kind);
  }

  space(): void {
    while (/[ \t\n\r]/.test(this.s[this.i] ?? '')) this.i++;
  }

  expect(c: string, kind: string): void {
    if (this.s[this.i] !== c) this.fail(kind);
    this.i++;
  }

  value(): void {
    this.space();
    const c = this.s[this.i];
    if (c === '{') this.object();
    else if (c === '[') this.array();
    else if (c === '"') this.string();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) this.number();
    else {
      const word = ['true', 'false', 'null'].find((w) => this.s.startsWith(w, this.i));
      if (!word) this.fail('unexpected character');
      this.i += word.length;
    }
  }

  object(): void {
    this.items('}', "expected ',' or '}' after a property value", () => {
      this.space();
      if (this.s[this.i] !== '"') this.fail('expected a property name in double quotes');
      this.string();
      this.space();
      this.expect(':', "expected ':' after a property name");
      this.value();
    });
  }

  array(): void {
    this.items(']', "expected ',' or ']' after an array item", () => this.value());
  }

  /** An object's or array's items, from its opening character on, each read by `item`, to `close`. */
  items(close: string, afterItem: string, item: () => void): void {
    this.i++;
    this.space();
    if (this.s[this.i] === close) return void this.i++;
    for (;;) {
      item();
      this.space();
      if (this.s[this.i] === close) return void this.i++;
      this.expect(',', afterItem);
    }
  }

  string(): void {
    this.i++;
    for (;;) {
      const c = this.s[this.i];
      if (c === undefined) this.fail('unterminated string');
      if (c === '"') return void this.i++;
      if (c < ' ') this.fail('control character in a string');
      if (c === '\\') {
        const e = this.s[this.i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.s.slice(this.i + 2, this.i + 6))) this.fail('bad \\u escape');
          this.i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) this.i += 2;
        else this.fail('bad escape in a string', this.i + 1);
      } else this.i++;
    }
  }

  number(): void {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.s.slice(this.i));
    if (!m) this.fail('bad number');
    this.i += m[0].length;
  }
}

/** The first fault of `text` as JSON, undefined when it has none. */
export function jsonFault(text: string): JsonFault | undefined {
  const scan = new Scanner(text);
  try {
    scan.value();
    scan.space();
    if (scan.i < text.length) scan.fail('unexpected text after the JSON value');
    return undefined;
  } catch (err) {
    if (!(err instanceof Fault)) throw err;
    const before = text.slice(0, err.at);
    const line = before.split('\n').length;
    return { line, column: err.at - (before.lastIndexOf('\n') + 1) + 1, kind: err.kind };
  }
}

/**
 * `<what> is not valid JSON: <kind> at line L column C` (`at column C` for one line): how ops says
 * text it was given is not JSON (the config file, stdin, a `--file`), never quoting the text, which may
 * hold a secret.
 */
export function notJsonMessage(what: string, text: string): string {
  return `${what} is not valid JSON${faultPlace(text)}`;
}

/** `: <kind> at <place>` of the text's first fault; empty when the scan itself fails (nesting past the stack). */
export function faultPlace(text: string): string {
  let fault: JsonFault | undefined;
  try {
    fault = jsonFault(text);
  } catch {
    return '';
  }
  if (!fault) return '';
  // Text of one line (an NDJSON line, a one-line file) is placed by its column alone.
  const place = text.includes('\n') ? `line ${fault.line} column ${fault.column}` : `column ${fault.column}`;
  return `: ${fault.kind} at ${place}`;
}
