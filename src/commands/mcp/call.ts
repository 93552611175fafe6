import { PassThrough } from 'node:stream';
import { ExitCode } from '../../errors.js';
import type { Io } from '../../io.js';
import {
  type Allowed,
  DEFAULT_LIMIT,
  LOCAL_FILE,
  MAX_LIMIT,
  type ParamSpec,
  refusal,
  type VerbSpec,
} from './tools.js';

/** What a tool call carries: the verb, its parameters, and how much of the result to return. */
export interface CallInput {
  command?: unknown;
  params?: unknown;
  query?: unknown;
  limit?: unknown;
}

export interface CallResult {
  text: string;
  /** A second text for the model: how to get what a bounded list left out. */
  note?: string;
  isError: boolean;
}

export interface CallContext {
  service: string;
  verbs: VerbSpec[];
  allowed: Allowed;
  env: Record<string, string | undefined>;
  runArgv(argv: string[], io: Io): Promise<number>;
  /** Aborted when the client cancels the call: the requests in flight are aborted, as by Ctrl-C. */
  signal: AbortSignal;
  /** Credential values configured for this process: never returned, whatever a command prints. */
  secrets: readonly string[];
  /** Each line the command writes to stderr while it runs (a wait's state, a retry). */
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
};

class CallError extends Error {}

/** Every configured credential in `text` replaced by `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('***');
  return out;
}

/** Runs one tool call of a service's tool: the verb's command line, with `-o json`. */
export async function callTool(c: CallContext, input: CallInput): Promise<CallResult> {
  try {
    const { verb, argv, limit } = commandLine(c, input);
    return await runVerb(c, verb, argv, limit);
  } catch (err) {
    if (err instanceof CallError) return { text: `exit 2 (${MEANING[2]}): ${err.message}`, isError: true };
    throw err;
  }
}

function commandLine(c: CallContext, input: CallInput) {
  const verb = c.verbs.find((v) => v.path === input.command);
  if (!verb)
    throw new CallError(
      `"${String(input.command).slice(0, 80)}" is not a command of ${c.service}; give one of: ${c.verbs.map((v) => v.path).join(', ')}`,
    );
  const why = refusal(verb.meta, c.allowed);
  if (why) throw new CallError(`ops ${c.service} ${verb.path} ${why}`);
  const params = input.params ?? {};
  if (typeof params !== 'object' || Array.isArray(params)) throw new CallError('params must be an object');
  const args: string[] = [];
  const flags: string[] = [];
  for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
    const p = verb.params.find((q) => q.name === name);
    if (!p)
      throw new CallError(
        `ops ${c.service} ${verb.path} takes no "${name.slice(0, 40)}"; it takes: ${verb.params.map((q) => q.name).join(', ') || 'nothing'}`,
      );
    if (p.flag && LOCAL_FILE.test(p.flag) && !c.allowed.writes)
      throw new CallError(`${p.name} reads a file of this machine: start the server with --allow-writes`);
    const values = words(p, value);
    if (p.kind === 'argument') args.push(...values);
    else if (p.kind === 'switch') {
      if (value === true) flags.push(p.flag!);
    } else for (const v of values) flags.push(`${p.flag}=${v}`);
  }
  const missing = verb.params.filter((p) => p.required && !(p.name in (params as object)));
  if (missing.length) throw new CallError(`missing ${missing.map((p) => p.name).join(', ')}`);
  const limit = input.limit === undefined ? DEFAULT_LIMIT : Number(input.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new CallError(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  if (input.query !== undefined && typeof input.query !== 'string')
    throw new CallError('query must be a string');
  // One more than asked for tells whether there is more.
  if (verb.meta.list && verb.cmd.options.some((o) => o.long === '--limit'))
    flags.push(`--limit=${input.query === undefined ? limit + 1 : limit}`);
  if (input.query !== undefined) flags.push(`--query=${input.query}`);
  if (c.allowed.dryRun && verb.meta.effect !== 'read') flags.push('--dry-run');
  if (verb.meta.effect === 'destructive') flags.push('--yes');
  // Arguments after `--`, so that one starting with a dash is never read as a flag.
  const dashed = args.some((a) => a.startsWith('-'));
  const argv = [
    c.service,
    ...verb.path.split(' '),
    ...flags,
    '-o',
    'json',
    ...(dashed ? ['--'] : []),
    ...args,
  ];
  return { verb, argv, limit };
}

function words(p: ParamSpec, value: unknown): string[] {
  if (p.kind === 'switch') {
    if (typeof value !== 'boolean') throw new CallError(`${p.name} must be true or false`);
    return [];
  }
  const list = p.variadic ? value : [value];
  if (!Array.isArray(list)) throw new CallError(`${p.name} must be an array`);
  return list.map((v) => {
    if (typeof v === 'number' || typeof v === 'string') return String(v);
    throw new CallError(`${p.name} must be ${p.variadic ? 'an array of strings' : 'a string'}`);
  });
}

async function runVerb(c: CallContext, verb: VerbSpec, argv: string[], limit: number) {
  let out = '';
  let err = '';
  const io = callIo(
    c.env,
    c.signal,
    (s) => {
      out += s;
    },
    (s) => {
      err += s;
      for (const line of s.split('\n')) if (line.trim()) c.onStderr?.(redact(line, c.secrets));
    },
  );
  const code = await c.runArgv(['node', 'ops', ...argv], io);
  const shown =
    verb.meta.reveals && c.allowed.secrets ? (s: string) => s : (s: string) => redact(s, c.secrets);
  if (code !== ExitCode.ok) return { text: shown(errorText(c, verb, code, err)), isError: true };
  const r = result(out, limit);
  return { ...r, text: shown(r.text), isError: false };
}

/** An Io for one command line run by the server: no terminal, empty stdin, output to these functions. */
export function callIo(
  env: Io['env'],
  signal: AbortSignal,
  stdout: (s: string) => void,
  stderr: (s: string) => void,
): Io {
  const stdin = new PassThrough();
  stdin.end();
  return {
    stdout: { write: stdout },
    stderr: { write: stderr },
    stdin,
    env,
    stdoutIsTty: false,
    stderrIsTty: false,
    stdinIsTty: false,
    columns: 80,
    signal,
  };
}

/**
 * The command's JSON, compact (a model pays for every space); a list cut to `limit`, with a note
 * saying how to get more. A dry run's curl plan, or other text, as it is.
 */
function result(out: string, limit: number): { text: string; note?: string } {
  if (out.trim() === '') return { text: '(done: the command printed nothing)' };
  let data: unknown;
  try {
    data = JSON.parse(out);
  } catch {
    return { text: out.trim() };
  }
  if (limit === undefined || !Array.isArray(data) || data.length <= limit)
    return { text: JSON.stringify(data) };
  return {
    text: JSON.stringify(data.slice(0, limit)),
    note: `the first ${limit} items; there are more: call again with a larger "limit" (at most ${MAX_LIMIT}), or narrow the list with the command's filters`,
  };
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
