import { ReplyError, json } from '../core/framework.js';

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  429: 'RESOURCE_EXHAUSTED',
};

/**
 * The vendor-wide error body (reference §B.6):
 * `{"error": {"code", "message", "errors": [{"message", "domain", "reason"}], "status"}}`.
 */
export function errorBody(status: number, reason: string, message: string): Record<string, unknown> {
  return {
    error: {
      code: status,
      message,
      errors: [{ message, domain: reason === 'rateLimitExceeded' ? 'usageLimits' : 'global', reason }],
      status: STATUS_NAMES[status] ?? 'UNKNOWN',
    },
  };
}

/** An error answer, thrown from a handler. */
export function fail(
  status: number,
  reason: string,
  message: string,
  headers: Record<string, string> = {},
): ReplyError {
  return new ReplyError(json(status, errorBody(status, reason, message), headers));
}

/** 400 with reason `invalid`: a value the service does not take. */
export function invalid(message: string): ReplyError {
  return fail(400, 'invalid', message);
}

/** 404 with the service's own words. */
export function notFound(): ReplyError {
  return fail(404, 'notFound', 'Requested entity was not found.');
}
