import type { ServiceDescriptor } from '../descriptor.js';
import { basicAuth } from '../http/auth.js';
import { parseErrorBody } from '../http/parse-error.js';
import type { ParsedError } from '../http/types.js';
import { reportPages } from './pages.js';
import type { EnvelopeWire } from './types.js';

/**
 * An HTTP-level failure (401, 402, 404, 500: reference §B.4) still carries the envelope: its
 * `status_code` and `status_message`, or a task's when the envelope itself says `Ok.`.
 */
export function parseDataapiError(
  status: number,
  body: unknown,
  headers: Record<string, string>,
): ParsedError {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'status_code' in body) {
    const env = body as EnvelopeWire;
    const task = env.tasks?.find((t) => t && typeof t.status_code === 'number' && t.status_code >= 40000);
    const code = env.status_code !== 20000 || !task ? env.status_code : task.status_code;
    const message = code === env.status_code ? env.status_message : task?.status_message;
    if (typeof code === 'number' && message)
      return { message, code: String(code), requestId: task?.id ?? undefined };
  }
  return parseErrorBody(status, body, headers);
}

/** Data API error reports (seed 002 B): HTTP Basic with the account login and password. */
export const descriptor: ServiceDescriptor = {
  stdinCredential: 'password',
  // Every operation is a POST; an error report of one item only reads.
  probe: { method: 'POST', path: '/v3/keywords_data/errors', body: [{ limit: 1 }] },
  name: 'dataapi',
  title: 'data API error reports',
  settings: [
    { key: 'login', description: 'account login' },
    { key: 'password', description: 'account API password', secret: true },
  ],
  auth: (s) => basicAuth(s.require('login'), s.require('password')),
  parseError: parseDataapiError,
  hintFor: (status) => {
    if (status === 401)
      return 'check the login and API password (OPS_DATAAPI_LOGIN, OPS_DATAAPI_PASSWORD, or `ops config set dataapi.password -`); the API password is not the account password';
    if (status === 402) return "the account's balance or plan does not cover this request";
    return undefined;
  },
  pageStyle: () => reportPages() as ReturnType<NonNullable<ServiceDescriptor['pageStyle']>>,
};
