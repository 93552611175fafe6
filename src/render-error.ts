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

/**
 * Writes an error to stderr as `ops: <what failed>: <why>` plus a hint line, or as
 * `{"error":{code,message,status,service,requestId,retryAfter}}` with --json, and returns its exit code.
 * A stack trace is shown only with --debug.
 */
export function renderError(err: unknown, io: Io, argv: string[]): number {
  const known = err instanceof OpsError;
  const exitCode = known ? err.exitCode : ExitCode.failure;
  // Text from a service or a file may carry terminal escapes: shown escaped, never run, never dropped.
  const message = escapeControls(
    known ? err.message : `unexpected error: ${(err as Error)?.message ?? String(err)}`,
  );
  const hint = known && err.hint ? escapeControls(err.hint) : undefined;
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
