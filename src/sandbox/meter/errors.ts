import { type Reply, json } from '../core/framework.js';

/**
 * Error answers in the v2 shape of the reference (doc1-gaps §B.4): `{error: {type, code, message,
 * doc_url?}}`. Only the session-expired body is fixed by the seed and the vendor spec; the codes of the
 * other answers are our inference and are documented as such in docs/meter.md.
 */
export function v2Error(
  status: number,
  type: string,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Reply {
  return json(status, { error: { type, code, message } }, headers);
}

export function sessionExpired(): Reply {
  return json(401, {
    error: {
      type: 'temporary_session_expired',
      code: 'billing_meter_event_session_expired',
      message:
        'The meter event session has expired. Create a new meter event session and send the events again.',
      doc_url: 'https://billing.example/docs/error-codes#billing_meter_event_session_expired',
    },
  });
}

export const invalidFields = (message: string): Reply =>
  v2Error(400, 'invalid_request_error', 'invalid_fields', message);

export const unauthorized = (message: string): Reply =>
  v2Error(401, 'invalid_request_error', 'unauthorized', message);

export function rateLimited(retryAfter: number, limit: number): Reply {
  return v2Error(
    429,
    'rate_limit',
    'rate_limit',
    `Too many requests: the meter event stream accepts ${limit} requests per second. Retry after ${retryAfter} s.`,
    {
      'retry-after': String(retryAfter),
    },
  );
}
