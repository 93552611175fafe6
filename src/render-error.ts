import { ApiError, ExitCode, NetworkError, OpsError, TimeoutError } from './errors.js';
import type { Io } from './io.js';
import { escapeControls } from './output/text.js';
import { parseBoolean } from './config/boolean.js';

function wantsJson(argv: string[], env: Record<string, string | undefined>): boolean {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json' || a === '--output=json' || a === '-ojson') return true;
    if ((a === '-o' || a === '--output') && argv[i + 1] === 'json') return true;
  }
  return env.OPS_OUTPUT === 'json';
}

function wantsDebug(argv: string[], env: Record<string, string | undefined>): boolean {
  return argv.includes('--debug') || parseBoolean(env.OPS_DEBUG ?? '') === true;
}

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
export function renderError(err: unknown, io: Io, argv: string[]): number {
  const known = err instanceof OpsError;
  const exitCode = known ? err.exitCode : ExitCode.failure;
  // Text from a service or a file may carry terminal escapes: shown escaped, never run, never dropped.
  const message = bounded(
    escapeControls(known ? err.message : `unexpected error: ${(err as Error)?.message ?? String(err)}`),
  );
  const hint = known && err.hint ? bounded(escapeControls(err.hint)) : undefined;
  const service =
    err instanceof ApiError || err instanceof NetworkError
      ? err.service
      : err instanceof TimeoutError
        ? err.service
        : undefined;
  if (wantsJson(argv, io.env)) {
    const envelope = {
      error: {
        code: known ? err.code : 'unexpected',
        message,
        status: err instanceof ApiError ? err.status : null,
        service: service ?? null,
        requestId: err instanceof ApiError ? (err.requestId ?? null) : null,
        retryAfter: err instanceof ApiError ? (err.retryAfter ?? null) : null,
        ...(hint ? { hint } : {}),
      },
    };
    io.stderr.write(`${JSON.stringify(envelope)}\n`);
  } else {
    const status =
      err instanceof ApiError
        ? ` (HTTP ${err.status}${err.requestId ? `, request ${err.requestId}` : ''})`
        : '';
    const prefix =
      err instanceof ApiError && !message.startsWith(`${err.service}:`) ? `${err.service}: ` : '';
    io.stderr.write(`ops: ${prefix}${message}${status}\n`);
    if (hint) io.stderr.write(`hint: ${hint}\n`);
  }
  if (wantsDebug(argv, io.env) && err instanceof Error && err.stack) io.stderr.write(`${err.stack}\n`);
  return exitCode;
}
