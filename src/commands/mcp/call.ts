import { PassThrough } from 'node:stream';
import { ExitCode } from '../../errors.js';
import type { VerbCall } from '../../app/types.js';
import type { Io } from '../../io.js';
import { RawJson, materialize } from '../../clients/http/raw-json.js';
import { withWaitState } from '../../clients/http/wait-state.js';
import { jsonText } from '../../output/printer.js';
import { compileQuery, type Query } from '../../output/query.js';
import { takes } from './help.js';
import { linkedSignal } from './linked-signal.js';
import {
  type Allowed,
  DEFAULT_LIMIT,
  DEFAULT_WAIT_TIMEOUT,
  kindOf,
  LOCAL_FILE,
  MAX_LIMIT,
  MAX_WAIT_TIMEOUT,
  type ParamSpec,
  refusal,
  TOP_LEVEL,
  type ToolKind,
  toolName,
  type VerbSpec,
} from './tools.js';

/** What a tool call carries: the verb, its parameters, and how much of the result to return. */
export interface CallInput {
  command?: unknown;
  params?: unknown;
  query?: unknown;
  limit?: unknown;
  wait_timeout?: unknown;
}

export interface CallResult {
  text: string;
  /** A second text for the model: how to get what a bounded result left out. */
  note?: string;
  isError: boolean;
}

export interface CallContext {
  service: string;
  /** Which of the service's tools was called: its verbs of other kinds are refused, naming their tool. */
  kind: ToolKind;
  /** Every verb of the service. */
  verbs: VerbSpec[];
  allowed: Allowed;
  env: Record<string, string | undefined>;
  /** Runs the verb with its values in this process (`factory.callVerb`, with the server's global flags). */
  callVerb(call: VerbCall, io: Io): Promise<number>;
  /** Aborted when the client cancels the call: the requests in flight are aborted, as by Ctrl-C. */
  signal: AbortSignal;
  /** Credential values configured for this process: never returned, whatever a command prints. */
  secrets: readonly string[];
  /** At most this many bytes of result text (`--max-bytes`). */
  maxBytes: number;
  /** A wait's state as it is seen, and each line the command writes to stderr (a retry). */
  onStderr?(line: string): void;
}

const MEANING: Record<number, string> = {
  [ExitCode.failure]: 'the API refused the request',
  [ExitCode.usage]: 'usage or input error, nothing was sent',
  [ExitCode.notFound]: 'not found',
  [ExitCode.auth]: 'authentication missing or refused',
  [ExitCode.rateLimited]: 'rate limited, retries spent',
  [ExitCode.timeout]: 'timed out',
  [ExitCode.server]: 'server or network failure',
  [ExitCode.watchedFailed]: 'what was awaited finished and failed',
  [ExitCode.interrupted]: 'interrupted (cancelled)',
  [ExitCode.terminated]: 'terminated (cancelled)',
};

class CallError extends Error {}

interface Redactor {
  /** Every credential, longest first (one that holds another is masked whole). */
  pattern: RegExp | undefined;
  /** No credential has a character JSON escapes: masked in the JSON text, it is masked in the data. */
  jsonSafe: boolean;
}

/** Made once per list of credentials (the server's lives as long as it does): a result is masked in one pass. */
const redactors = new WeakMap<readonly string[], Redactor>();

function redactorOf(secrets: readonly string[]): Redactor {
  let r = redactors.get(secrets);
  if (r) return r;
  const kept = [...new Set(secrets.filter((s) => s.length >= 4))].sort((a, b) => b.length - a.length);
  r = {
    pattern: kept.length
      ? new RegExp(kept.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g')
      : undefined,
    jsonSafe: kept.every((s) => JSON.stringify(s) === `"${s}"`),
  };
  redactors.set(secrets, r);
  return r;
}

/** Every configured credential in `text` replaced by `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  const { pattern } = redactorOf(secrets);
  return pattern ? text.replace(pattern, '***') : text;
}

/** Runs one tool call of a service's tool: the verb with the call's values, and `-o json`. */
export async function callTool(c: CallContext, input: CallInput): Promise<CallResult> {
  try {
    return await runVerb(c, verbCall(c, input));
  } catch (err) {
    if (err instanceof CallError)
      return { text: redact(`exit 2 (${MEANING[2]}): ${err.message}`, c.secrets), isError: true };
    throw err;
  }
}

const paramNames = (verb: VerbSpec) => verb.params.map((q) => q.name).join(', ') || 'nothing';

/** The verb a call names, if this tool holds it; else why not, and which tool does. */
function verbOf(c: CallContext, command: unknown): VerbSpec {
  const mine = c.verbs.filter((v) => kindOf(v.meta) === c.kind && !refusal(v.meta, c.allowed));
  const verb = c.verbs.find((v) => v.path === command);
  if (!verb)
    throw new CallError(
      `"${String(command).slice(0, 80)}" is not a command of ${toolName(c.service, c.kind)}; give one of: ${mine.map((v) => v.path).join(', ')}`,
    );
  const why = refusal(verb.meta, c.allowed);
  if (why) throw new CallError(`ops ${c.service} ${verb.path} ${why}`);
  const kind = kindOf(verb.meta);
  if (kind !== c.kind)
    throw new CallError(
      `ops ${c.service} ${verb.path} is a ${kind} verb: call the tool ${toolName(c.service, kind)}`,
    );
  return verb;
}

interface Line {
  verb: VerbSpec;
  call: VerbCall;
  limit: number;
  /** The call's `query`, compiled: applied here, to the masked result. */
  query?: Query;
  /** Seconds a wait or watch runs before the server stops it (verbs without --wait-timeout). */
  stopAfter?: number;
  waitTimeout?: number;
}

/** The verb a call names with its values, checked as its schema says; refused with why before anything runs. */
function verbCall(c: CallContext, input: CallInput): Line {
  const verb = verbOf(c, input.command);
  const unknown = Object.keys(input).filter((k) => !(TOP_LEVEL as readonly string[]).includes(k));
  if (unknown.length)
    throw new CallError(
      `a call takes no "${unknown[0]!.slice(0, 40)}": give command, params (${verb.path} takes: ${paramNames(verb)}), query, limit${verb.waits ? ', wait_timeout' : ''}`,
    );
  if (input.wait_timeout !== undefined && !verb.waits)
    throw new CallError(
      `"wait_timeout" bounds a wait or a watch: ops ${c.service} ${verb.path} does neither; leave it out`,
    );
  const params = input.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw new CallError('params must be an object');
  const args: string[] = [];
  const options = new Map<string, string | string[] | true>();
  for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
    const p = verb.params.find((q) => q.name === name);
    if (!p)
      throw new CallError(
        `ops ${c.service} ${verb.path} takes no "${name.slice(0, 40)}"; it takes: ${paramNames(verb)}`,
      );
    if (p.flag && LOCAL_FILE.test(p.flag) && !c.allowed.writes)
      throw new CallError(`${p.name} reads a file of this machine: start the server with --allow-writes`);
    const values = words(p, value);
    if (p.kind === 'argument') args.push(...values);
    else if (p.kind === 'switch') {
      if (value === true) options.set(p.flag!, true);
    } else options.set(p.flag!, p.commaList ? values.join(',') : values);
  }
  const missing = verb.params.filter((p) => p.required && !(p.name in (params as object)));
  if (missing.length)
    throw new CallError(
      `ops ${c.service} ${verb.path} needs in params: ${missing.map((p) => `${p.name} (${takes(p)})`).join('; ')}`,
    );
  const limit = wholeNumber('limit', input.limit, DEFAULT_LIMIT, MAX_LIMIT);
  const waitTimeout = wholeNumber('wait_timeout', input.wait_timeout, DEFAULT_WAIT_TIMEOUT, MAX_WAIT_TIMEOUT);
  if (input.query !== undefined && typeof input.query !== 'string')
    throw new CallError('query must be a string');
  // One more than asked for tells whether there is more.
  if (verb.meta.list && has(verb, '--limit')) options.set('--limit', String(limit + 1));
  const bounded = verb.waits && has(verb, '--wait-timeout');
  if (bounded) options.set('--wait-timeout', String(waitTimeout));
  // The query runs here, on the result once masked, never in the command: no expression can rebuild
  // a credential (reverse, join, slice) from what the command printed.
  const globals = {
    output: 'json',
    ...(c.allowed.dryRun && verb.meta.effect !== 'read' ? { dryRun: true } : {}),
    // The host's approval of the call is the confirmation: a destructive verb's (--allow-destructive),
    // and a write's that asks first at a terminal (`tasks clear`, `secrets operator seal`).
    ...(verb.meta.effect === 'destructive' || verb.meta.asks ? { yes: true } : {}),
  };
  return {
    verb,
    call: { verb: verb.cmd, args, options, globals },
    limit,
    ...(input.query !== undefined ? { query: compiled(input.query) } : {}),
    ...(verb.waits ? { waitTimeout } : {}),
    ...(verb.waits && !bounded ? { stopAfter: waitTimeout } : {}),
  };
}

/** A query compiled before anything runs: a bad one is refused as the command line refuses it. */
function compiled(expression: string): Query {
  try {
    return compileQuery(expression);
  } catch (err) {
    throw new CallError(err instanceof Error ? err.message.replace(/--query/g, 'query') : 'invalid query');
  }
}

const has = (verb: VerbSpec, flag: string) => verb.cmd.options.some((o) => o.long === flag);

function wholeNumber(name: string, value: unknown, fallback: number, max: number): number {
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max || typeof value === 'boolean')
    throw new CallError(`${name} must be a whole number from 1 to ${max}`);
  return n;
}

/** A parameter's values as the strings a command line would give, checked as its schema says (type, choices). */
function words(p: ParamSpec, value: unknown): string[] {
  if (p.kind === 'switch') {
    if (typeof value !== 'boolean') throw new CallError(`${p.name} must be true or false`);
    return [];
  }
  const many = p.variadic || p.commaList;
  // A parameter one verb takes as a list and another as one value is a list in the tool's schema:
  // a list of one is that one value.
  const one = !many && Array.isArray(value) && value.length === 1 ? value[0] : value;
  const list = many ? value : [one];
  if (!Array.isArray(list)) throw new CallError(`${p.name} must be an array`);
  return list.map((v) => {
    if (p.choices && !p.choices.includes(String(v)))
      throw new CallError(`${p.name} must be one of: ${p.choices.join(', ')}`);
    if (p.type === 'integer' && !Number.isInteger(Number(v)))
      throw new CallError(`${p.name} must be a whole number`);
    if (p.type === 'number' && !Number.isFinite(Number(v))) throw new CallError(`${p.name} must be a number`);
    if (typeof v === 'number' || typeof v === 'string') return String(v);
    throw new CallError(`${p.name} must be ${many ? 'an array of strings' : 'a string'}`);
  });
}

async function runVerb(c: CallContext, line: Line): Promise<CallResult> {
  // A watch with no timeout of its own is stopped by the server after wait_timeout.
  const stop = line.stopAfter === undefined ? undefined : AbortSignal.timeout(line.stopAfter * 1000);
  const linked = stop ? linkedSignal([c.signal, stop]) : undefined;
  try {
    return await runLine(c, line, linked?.signal ?? c.signal, stop);
  } finally {
    linked?.dispose();
  }
}

async function runLine(
  c: CallContext,
  line: Line,
  signal: AbortSignal,
  stop: AbortSignal | undefined,
): Promise<CallResult> {
  const { verb } = line;
  const out = new Output();
  let err = '';
  let last = '';
  // A list's items measured as they arrive, where nothing but the cap decides what is shown (no query,
  // and masks that hold in JSON text): the list stops at the first item that cannot be shown.
  const gauge =
    !line.query && redactorOf(c.secrets).jsonSafe ? new ListGauge(c.maxBytes, c.secrets) : undefined;
  const io = callIo(
    c.env,
    signal,
    (s) => out.write(s),
    (s) => {
      err += s;
      for (const l of s.split('\n'))
        if (l.trim()) {
          last = redact(l, c.secrets);
          c.onStderr?.(last);
        }
    },
    (v, cut) => out.value(v, cut),
    gauge && ((item) => gauge.add(item)),
  );
  // A wait's states (`pollUntil`) are told to the call as they are seen: its progress.
  const code = await withWaitState(
    (state) => {
      last = redact(state, c.secrets);
      c.onStderr?.(last);
    },
    () => c.callVerb(line.call, io),
  );
  // The server's own credentials are masked in every result, a reveal's included.
  const shown = (s: string) => redact(s, c.secrets);
  if (stop?.aborted && !c.signal.aborted)
    return {
      text: shown(out.text().trim() || `(stopped watching after ${line.stopAfter} s)`),
      note: shown(
        `stopped after wait_timeout ${line.stopAfter} s${last ? `; last state: ${last}` : ''}: call again to keep watching, or give a larger wait_timeout`,
      ),
      isError: false,
    };
  if (code !== ExitCode.ok) {
    // An error is capped too: an API's error body can be a page of HTML.
    const text = capped(shown(errorText(c, verb, code, err)), c.maxBytes).text;
    if (code === ExitCode.timeout && line.waitTimeout !== undefined)
      return {
        text,
        note: `stopped after wait_timeout ${line.waitTimeout} s: the state above is where it was; call again to keep waiting, or give a larger wait_timeout`,
        isError: true,
      };
    return { text, isError: true };
  }
  try {
    const held = out.held();
    const r = held
      ? valueResult(held.value, line.limit, c.maxBytes, c.secrets, line.query, {
          parts: gauge?.parts ?? [],
          cut: held.cut,
        })
      : result(out.text(), line.limit, c.maxBytes, c.secrets, line.query);
    return { ...r, text: shown(r.text), isError: false };
  } catch (err) {
    // A query that does not fit the result (`length` of a number): known only once it is here.
    return { text: shown(`exit 1 (${MEANING[1]}): ${(err as Error).message}`), isError: true };
  }
}

/**
 * An Io for one verb run by the server: no terminal, empty stdin, output to these functions; with
 * `values`, a JSON result is handed over as a value instead of its text (`Io.values`).
 */
export function callIo(
  env: Io['env'],
  signal: AbortSignal,
  stdout: (s: string) => void,
  stderr: (s: string) => void,
  values?: (value: unknown, cut?: boolean) => void,
  valuesFull?: (item: unknown) => boolean,
): Io {
  let stdin: PassThrough | undefined;
  return {
    stdout: { write: stdout },
    stderr: { write: stderr },
    // Made by the verbs that read it (a stream each call cost a small read 18 µs, a fiftieth of it).
    get stdin() {
      if (!stdin) {
        stdin = new PassThrough();
        stdin.end();
      }
      return stdin;
    },
    env,
    stdoutIsTty: false,
    stderrIsTty: false,
    stdinIsTty: false,
    columns: 80,
    signal,
    ...(values ? { values } : {}),
    ...(valuesFull ? { valuesFull } : {}),
  };
}

/**
 * What a verb printed: one JSON result held as a value, or text. A value is kept as it came only while
 * it is all there is; anything else printed besides turns it into the text `-o json` writes, in order,
 * so that such output reaches the call as the command line prints it.
 */
class Output {
  private out = '';
  private kept: { value: unknown; cut: boolean } | undefined;

  write(s: string): void {
    this.flush();
    this.out += s;
  }

  value(value: unknown, cut = false): void {
    if (this.out === '' && !this.kept) this.kept = { value, cut };
    else this.write(jsonText(value));
  }

  /** The one value printed, if that is all the verb printed; `cut` when its list was ended early. */
  held(): { value: unknown; cut: boolean } | undefined {
    return this.out === '' ? this.kept : undefined;
  }

  text(): string {
    this.flush();
    return this.out;
  }

  private flush(): void {
    if (!this.kept) return;
    const { value } = this.kept;
    this.kept = undefined;
    this.out += jsonText(value);
  }
}

const NARROW =
  'narrow it: a smaller "limit", a "query" (JMESPath) that keeps the fields you need, e.g. "[].{id:id,name:name}", or the command\'s filters';

/** Every string (and key) of parsed JSON with the credentials in it masked. */
export function masked(data: unknown, secrets: readonly string[]): unknown {
  if (typeof data === 'string') return redact(data, secrets);
  if (Array.isArray(data)) return data.map((d) => masked(d, secrets));
  if (data && typeof data === 'object')
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [redact(k, secrets), masked(v, secrets)]));
  return data;
}

/**
 * The command's JSON, compact (a model pays for every space), in this order: the server's
 * credentials masked; a list cut to `limit`; the `query` applied; the result cut to `maxBytes`, with
 * a note saying how to get more or narrow it. A dry run's curl plan, or other text, as it is.
 */
function result(
  out: string,
  limit: number,
  maxBytes: number,
  secrets: readonly string[],
  query?: Query,
): { text: string; note?: string } {
  if (out.trim() === '') return { text: '(done: the command printed nothing)' };
  let parsed: unknown;
  const shown = redact(out, secrets);
  try {
    parsed = JSON.parse(shown);
  } catch {
    return capped(shown.trim(), maxBytes);
  }
  // Masked in the text already, where no credential has a character JSON escapes (every token and key
  // seen so far): the walk, a pass over every string, is for the others.
  const whole = redactorOf(secrets).jsonSafe ? parsed : masked(parsed, secrets);
  const more = Array.isArray(whole) && whole.length > limit;
  const cut = more ? whole.slice(0, limit) : whole;
  const data = query ? query(cut) : cut;
  if (!Array.isArray(data)) {
    const r = capped(JSON.stringify(data) ?? 'null', maxBytes);
    return more && !r.note ? { ...r, note: moreNote(limit) } : r;
  }
  const items = data;
  let text = JSON.stringify(items);
  if (Buffer.byteLength(text) > maxBytes) {
    // Whole items while they fit: the result stays JSON.
    let kept = 0;
    let size = 2;
    for (const item of items) {
      size += Buffer.byteLength(JSON.stringify(item)) + 1;
      if (size > maxBytes) break;
      kept++;
    }
    text = JSON.stringify(items.slice(0, kept));
    return {
      text,
      note: `the first ${kept} of ${items.length}${more ? '+' : ''} items: the result is capped at ${maxBytes} bytes; ${NARROW}`,
    };
  }
  return more ? { text, note: moreNote(limit) } : { text };
}

/**
 * `result` for a value the verb handed over (`Io.values`), with the same text and notes, without its
 * indented text printed and parsed back: a list's items are made compact one by one (a RawJson item
 * parsed first), each masked, only as far as the byte cap reaches. A query reads the masked value, so
 * with one (or with a credential JSON escapes) the compact text goes through `result`.
 */
function valueResult(
  value: unknown,
  limit: number,
  maxBytes: number,
  secrets: readonly string[],
  query: Query | undefined,
  measured: { parts: readonly string[]; cut: boolean },
): { text: string; note?: string } {
  const whole = value instanceof RawJson ? value.value() : value;
  if (query || !redactorOf(secrets).jsonSafe) return result(jsonOf(whole), limit, maxBytes, secrets, query);
  if (!Array.isArray(whole))
    return capped(redact(JSON.stringify(whole ?? null) ?? 'null', secrets), maxBytes);
  // A list ended at the cap (`ListGauge`) goes on past its last item, which is not shown.
  const more = whole.length > limit || measured.cut;
  const items = whole.length > limit ? whole.slice(0, limit) : whole;
  const parts: string[] = [];
  // The bytes of `[` and `]` and of each item with the comma after it, as `result` counts them.
  let size = 2;
  let over = -1;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    const part = measured.parts[i] ?? itemText(item, secrets);
    parts.push(part);
    size += Buffer.byteLength(part) + 1;
    if (size > maxBytes) {
      over = i;
      break;
    }
  }
  // Every item read: the array's text is one byte less (no comma after the last).
  if (over < 0 || (over === items.length - 1 && size - 1 <= maxBytes)) {
    const text = `[${parts.join(',')}]`;
    return more ? { text, note: moreNote(limit) } : { text };
  }
  const of = measured.cut ? 'items, and the list goes on' : `of ${items.length}${more ? '+' : ''} items`;
  return {
    text: `[${parts.slice(0, over).join(',')}]`,
    note: `the first ${over} ${of}: the result is capped at ${maxBytes} bytes; ${NARROW}`,
  };
}

/**
 * The JSON text `result` masks and parses once: a list's RawJson items as the service sent them where
 * their text holds no escape, so that a credential in it reads as in compact JSON and its mask holds
 * (`\/` or `\u0061` could hide one from the mask); the others made compact. A 2.8 MB list of runs is
 * then neither parsed item by item nor written back before that one parse.
 */
function jsonOf(value: unknown): string {
  if (!Array.isArray(value)) return JSON.stringify(value ?? null) ?? 'null';
  const item = (i: unknown) =>
    i instanceof RawJson && !i.text.includes('\\') ? i.text : (JSON.stringify(materialize(i)) ?? 'null');
  return `[${value.map(item).join(',')}]`;
}

/** An item of a list as a result shows it: compact JSON, the server's credentials masked. */
function itemText(item: unknown, secrets: readonly string[]): string {
  if (item instanceof RawJson)
    return redact(compact(item.text) ? item.text : JSON.stringify(item.value()), secrets);
  return redact(JSON.stringify(item) ?? 'null', secrets);
}

/**
 * JSON text (RawJson's, checked as JSON.parse checks it) that is compact already: no whitespace
 * outside its strings, and no escape anywhere, which could hide a credential from the mask. Such an
 * item is shown as the service wrote it, neither parsed nor written back: for a host, 0.7 µs where the
 * round trip took 3.5, for a 14 kB run 10 µs against 42 (numbers stay as written, `1.0` and ids past
 * 2^53 too).
 */
const COMPACT = /^(?:[^"\s\\]|"[^"\\]*")*$/;

function compact(text: string): boolean {
  try {
    return COMPACT.test(text);
  } catch {
    // Text so long (some 20 MB) that the engine's backtracking stack runs out: it is written back.
    return false;
  }
}

/**
 * The text of each item of a list as the verb hands it over (`Io.valuesFull`), and the bytes they
 * come to as `valueResult` counts them (`[`, `]` and a comma after each): full once an item
 * could not be shown even as the list's last, which no later item changes. The list then ends there,
 * so a call whose cap one page fills fetches no second page.
 */
class ListGauge {
  readonly parts: string[] = [];
  private size = 2;

  constructor(
    private readonly maxBytes: number,
    private readonly secrets: readonly string[],
  ) {}

  add(item: unknown): boolean {
    const part = itemText(item, this.secrets);
    this.parts.push(part);
    this.size += Buffer.byteLength(part) + 1;
    return this.size - 1 > this.maxBytes;
  }
}

const moreNote = (limit: number) =>
  `the first ${limit} items; there are more: call again with a larger "limit" (at most ${MAX_LIMIT}), or narrow the list with the command's filters`;

/** Text cut to `maxBytes` (whole characters), with a note when it was. */
function capped(text: string, maxBytes: number): { text: string; note?: string } {
  const bytes = Buffer.from(text);
  if (bytes.length <= maxBytes) return { text };
  const cut = bytes
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return { text: cut, note: `cut at ${maxBytes} of ${bytes.length} bytes; ${NARROW}` };
}

function errorText(c: CallContext, verb: VerbSpec, code: number, err: string): string {
  const head = `exit ${code} (${MEANING[code] ?? 'failed'})`;
  for (const line of err.split('\n')) {
    try {
      const e = (JSON.parse(line) as { error?: { message?: string; hint?: string } }).error;
      if (e?.message)
        return `${head}: ops ${c.service} ${verb.path}: ${e.message}${e.hint ? `\nhint: ${e.hint}` : ''}`;
    } catch {
      // Not the JSON envelope: a line of text, kept below.
    }
  }
  return `${head}: ops ${c.service} ${verb.path}\n${err.trim()}`;
}
