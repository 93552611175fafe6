import { CommanderError } from 'commander';
import { ApiError, ExitCode, NetworkError, NotFoundError, OpsError, TimeoutError } from './errors.js';
import type { Io } from './io.js';
import { escapeControls, escapeLine, jsonSafe } from './output/text.js';
import { parseBoolean } from './config/boolean.js';

/** How an error is shown: as a JSON envelope or a line, with its stack or without. */
export interface ErrorMode {
  json: boolean;
  debug: boolean;
}

/** The error mode a command line asks for (`--json`, `-o json`, `--debug`), else the environment's. */
export function errorMode(argv: readonly string[], env: Record<string, string | undefined>): ErrorMode {
  let json = env.OPS_OUTPUT === 'json';
  // `--json name,id -o csv` asks for CSV: a format named outright wins over --json's.
  let output: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json' || a.startsWith('--json=')) json = true;
    if (a.startsWith('--output=') || (a.startsWith('-o') && a.length > 2))
      output = a.replace(/^(--output=|-o)/, '');
    if ((a === '-o' || a === '--output') && argv[i + 1] !== undefined) output = argv[i + 1];
  }
  return {
    json: output === undefined ? json : output === 'json',
    debug: argv.includes('--debug') || envDebug(env),
  };
}

/** `OPS_DEBUG` set to a true word. */
export const envDebug = (env: Record<string, string | undefined>) =>
  env.OPS_DEBUG === 'api' || parseBoolean(env.OPS_DEBUG ?? '') === true;

/** Longest quoted run kept whole in an error: a 100,000-character argument is not echoed back. */
const MAX_QUOTED = 80;
const LONG_QUOTE = new RegExp(`"([^"]{${MAX_QUOTED + 1},})"`, 'g');
/** Longest error line: past it, the rest gives way. */
const MAX_LINE = 1000;

/**
 * An error line with every quoted value longer than MAX_QUOTED cut to its start, and the whole line
 * to MAX_LINE: what was given is named, not repeated.
 */
export function bounded(text: string): string {
  const quoted = text.replace(
    LONG_QUOTE,
    (_m, q: string) => `"${q.slice(0, MAX_QUOTED)}…" (${q.length} characters)`,
  );
  return quoted.length <= MAX_LINE
    ? quoted
    : `${quoted.slice(0, MAX_LINE)}… (${quoted.length - MAX_LINE} more characters)`;
}

/**
 * Writes an error to stderr as `ops: <what failed>: <why>` plus a hint line, or as
 * `{"error":{code,message,status,service,requestId,retryAfter}}` with --json, and returns its exit code.
 * A stack trace is shown only with --debug.
 */
export function renderError(err: unknown, io: Io, mode: ErrorMode): number {
  const known = err instanceof OpsError;
  const exitCode = known ? err.exitCode : ExitCode.failure;
  // Text from a service or a file may carry terminal escapes and newlines: the line shows them escaped
  // (`\e[2J`, `\n`), never run, never dropped; the JSON envelope carries them as JSON escapes.
  const shown = mode.json ? (s: string) => s : escapeLine;
  const message = bounded(
    shown(known ? err.message : `unexpected error: ${(err as Error)?.message ?? String(err)}`),
  );
  const hint = known && err.hint ? bounded(shown(err.hint)) : undefined;
  const service =
    err instanceof ApiError ||
    err instanceof NetworkError ||
    err instanceof TimeoutError ||
    err instanceof NotFoundError
      ? err.service
      : undefined;
  // The status of the answer that said it (a 404, the 204 of a delete of nothing).
  const answered = err instanceof ApiError || err instanceof NotFoundError ? err.status : undefined;
  if (mode.json) {
    const envelope = {
      error: {
        code: known ? err.code : 'unexpected',
        message,
        // A bad answer's status too (`answered 200 with …`), said in its line already.
        status: answered ?? (err instanceof NetworkError ? err.answered : undefined) ?? null,
        service: service ?? null,
        requestId: err instanceof ApiError ? (err.requestId ?? null) : null,
        retryAfter: err instanceof ApiError ? (err.retryAfter ?? null) : null,
        ...(hint ? { hint } : {}),
      },
    };
    io.stderr.write(`${jsonSafe(JSON.stringify(envelope))}\n`);
  } else {
    const requestId = err instanceof ApiError ? err.requestId : undefined;
    const status = statusNote(message, answered, requestId);
    const prefix =
      (err instanceof ApiError || err instanceof NotFoundError) &&
      err.service !== undefined &&
      !message.startsWith(`${err.service}:`)
        ? `${err.service}: `
        : '';
    io.stderr.write(`ops: ${prefix}${message}${status}\n`);
    if (hint) io.stderr.write(`hint: ${hint}\n`);
  }
  if (mode.debug && err instanceof Error && err.stack) io.stderr.write(`${escapeControls(err.stack)}\n`);
  return exitCode;
}

/**
 * ` (HTTP 404, request abc)` after an error's line. A status with no words of its own (a 3xx without
 * Location, a 418, a 999) has `HTTP 301` for its message already: it is not said twice.
 */
function statusNote(message: string, answered: number | undefined, requestId: string | undefined): string {
  if (answered === undefined) return '';
  const parts = message.endsWith(`HTTP ${answered}`) ? [] : [`HTTP ${answered}`];
  if (requestId) parts.push(`request ${requestId}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** What an error ends in: one line on stderr (or a JSON envelope) and the exit code it has. */
export function exitCodeOf(err: unknown, io: Io, mode: ErrorMode, signal: AbortSignal): number {
  if (err instanceof CommanderError) {
    if (err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version')
      return ExitCode.ok;
    if (err.code === 'commander.help') return ExitCode.usage;
    const message = err.message.replace(/^error:\s*/, '');
    return renderError(
      new OpsError(message, { exitCode: ExitCode.usage, code: 'usage', hint: 'see --help' }),
      io,
      mode,
    );
  }
  if (err instanceof OpsError && err.exitCode === ExitCode.ok) return ExitCode.ok;
  const code =
    signal.aborted && !(err instanceof OpsError)
      ? renderError(new OpsError('interrupted', { exitCode: ExitCode.interrupted }), io, mode)
      : renderError(err, io, mode);
  // Stopped by SIGTERM rather than Ctrl-C: the same report, and the code a shell gives a process it ended.
  return code === ExitCode.interrupted && terminated(signal) ? ExitCode.terminated : code;
}

/** Whether the run was stopped by SIGTERM (main.ts aborts with the signal's name as the reason). */
export const terminated = (signal: AbortSignal): boolean =>
  signal.aborted && signal.reason instanceof Error && signal.reason.message === 'SIGTERM';
