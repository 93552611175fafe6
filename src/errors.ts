/**
 * Typed errors. Commands and clients throw these; `main.ts` alone turns them into an exit code
 * and one line on stderr (or a JSON envelope with --json).
 */

export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  rateLimited: 5,
  timeout: 6,
  server: 7,
  watchedFailed: 8,
  interrupted: 130,
  /** SIGTERM (a CI runner cancelling the job): 128 + 15, as a shell reports a process it ended. */
  terminated: 143,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** Base class: a message for people plus an exit code and an optional hint. */
export class OpsError extends Error {
  readonly exitCode: ExitCodeValue;
  readonly hint: string | undefined;
  readonly code: string;
  constructor(
    message: string,
    opts: { exitCode?: ExitCodeValue; hint?: string; code?: string; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    this.exitCode = opts.exitCode ?? ExitCode.failure;
    this.hint = opts.hint;
    this.code = opts.code ?? 'error';
  }
}

/** Bad input found before any request is sent: exit 2. */
export class UsageError extends OpsError {
  constructor(message: string, hint?: string) {
    super(message, { exitCode: ExitCode.usage, code: 'usage', ...(hint ? { hint } : {}) });
  }
}

/** A setting or credential is missing. */
export class ConfigError extends OpsError {
  constructor(message: string, hint: string, exitCode: ExitCodeValue = ExitCode.usage) {
    super(message, { exitCode, hint, code: 'config' });
  }
}

export interface ApiErrorDetails {
  status: number;
  service: string;
  message: string;
  code?: string | undefined;
  requestId?: string | undefined;
  retryAfter?: number | undefined;
  body?: unknown;
  hint?: string | undefined;
  /** A rate limit answered with another status than 429 (a 403 with the budget spent): exit 5. */
  rateLimited?: boolean | undefined;
  /**
   * A refusal because of the resource's state (a run not yet finished, a run not waiting for
   * approval), whatever its status (some services answer 403): exit 1, never the 4 of a credential.
   */
  conflict?: boolean | undefined;
}

/** The service answered with an error status. The exit code follows the status. */
export class ApiError extends OpsError {
  readonly status: number;
  readonly service: string;
  readonly requestId: string | undefined;
  readonly retryAfter: number | undefined;
  readonly body: unknown;
  constructor(d: ApiErrorDetails) {
    super(d.message, {
      exitCode: d.rateLimited
        ? ExitCode.rateLimited
        : d.conflict
          ? ExitCode.failure
          : exitCodeForStatus(d.status),
      code: d.code ?? `http_${d.status}`,
      ...(d.hint ? { hint: d.hint } : {}),
    });
    this.status = d.status;
    this.service = d.service;
    this.requestId = d.requestId;
    this.retryAfter = d.retryAfter;
    this.body = d.body;
  }
}

/** The connection failed, or the answer could not be read, after the retry budget. */
export class NetworkError extends OpsError {
  readonly service: string;
  /** The status of an answer whose body was not what it claimed (a 200 with an empty body). */
  readonly answered: number | undefined;
  constructor(service: string, message: string, cause?: unknown, answered?: number) {
    super(message, { exitCode: ExitCode.server, code: 'network', cause });
    this.service = service;
    this.answered = answered;
  }
}

/** A request or a --wait ran past its time. */
export class TimeoutError extends OpsError {
  readonly service: string | undefined;
  constructor(message: string, service?: string, hint = 'raise --timeout (seconds) or OPS_TIMEOUT') {
    super(message, { exitCode: ExitCode.timeout, code: 'timeout', hint });
    this.service = service;
  }
}

/** Ctrl-C: exit 130 after reporting partial work. */
export class InterruptedError extends OpsError {
  constructor(message = 'interrupted') {
    super(message, { exitCode: ExitCode.interrupted, code: 'interrupted' });
  }
}

/**
 * What was awaited (`--wait`, the default of every asynchronous action) or watched reached its end
 * state and that state is a failure: exit 8 in every service.
 */
export class AwaitedFailure extends OpsError {
  constructor(message: string, opts: { hint?: string; code?: string } = {}) {
    super(message, {
      exitCode: ExitCode.watchedFailed,
      code: opts.code ?? 'failed',
      ...(opts.hint ? { hint: opts.hint } : {}),
    });
  }
}

/** What was missing and where it was looked for (docs/grammar.md, "Errors"). */
export interface Missing {
  /** `run`, `task`, `context`… */
  kind: string;
  id: string | number;
  /** Where it was looked for: `repository octo/hello`, `list @default`. */
  where?: string | undefined;
  /** What looks elsewhere: `give --list LIST to look in another list`. */
  hint?: string | undefined;
  /** What the service said beyond "not found", kept after the name (a secrets store's warning). */
  detail?: string | undefined;
}

function missingMessage(m: Missing): string {
  return `${m.kind} ${m.id} not found${m.where ? ` in ${m.where}` : ''}${m.detail ? `: ${m.detail}` : ''}`;
}

/**
 * Something known to be absent without a 404 ending the request (an API that answers 204 for it, a name
 * not among those a list gave, a delete's read first): exit 3. It names the service that told, and the
 * status of the answer that said so where one did, so that it reads as the same miss met by a read
 * (`ops: secrets: secret app/nope not found in mount secret/ (HTTP 404)`), whichever verb met it.
 */
export class NotFoundError extends OpsError {
  /** The service that told; none for what ops keeps itself (an alias). */
  readonly service: string | undefined;
  readonly status: number | undefined;
  constructor(m: Missing, from: { service?: string; status?: number | undefined } = {}) {
    super(missingMessage(m), {
      exitCode: ExitCode.notFound,
      code: 'not_found',
      ...(m.hint ? { hint: m.hint } : {}),
    });
    this.service = from.service;
    this.status = from.status;
  }
}

/**
 * The one way to name a 404: an ApiError of status 404 becomes one that says what was missing and
 * where it was looked for, with the hint naming the flag that looks elsewhere. Anything else passes.
 */
export function namedNotFound(err: unknown, m: Missing): unknown {
  if (!(err instanceof ApiError) || err.status !== 404) return err;
  return new ApiError({
    status: err.status,
    service: err.service,
    message: missingMessage(m),
    code: err.code,
    requestId: err.requestId,
    body: err.body,
    hint: m.hint ?? err.hint,
  });
}

/** Runs a request, naming what it looked for when the answer is a 404 (see `namedNotFound`). */
export async function lookingFor<T>(m: Missing, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw namedNotFound(err, m);
  }
}

/** A watched run or operation ended but failed (--exit-status), or a CI gate found something. */
export class ExitStatusError extends OpsError {
  constructor(message: string, exitCode: ExitCodeValue = ExitCode.watchedFailed) {
    super(message, { exitCode, code: 'exit_status' });
  }
}

export function exitCodeForStatus(status: number): ExitCodeValue {
  if (status === 404) return ExitCode.notFound;
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 429) return ExitCode.rateLimited;
  if (status === 408) return ExitCode.timeout;
  if (status >= 500) return ExitCode.server;
  return ExitCode.failure;
}

/** --dry-run: the request was printed and not sent; the command stops there with exit 0. */
export class DryRunStop extends OpsError {
  constructor() {
    super('dry run: request not sent', { exitCode: ExitCode.ok, code: 'dry_run' });
  }
}
