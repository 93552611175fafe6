import { ExitCode, OpsError } from '../../errors.js';
import type { HttpClient } from '../http/types.js';

/** What a token endpoint answers on success. */
export interface TokenAnswer {
  accessToken: string;
  /** Seconds the access token lives, when the server said. */
  expiresIn: number | undefined;
  /** A new refresh token, when the server gave one (always, where they rotate). */
  refreshToken: string | undefined;
}

/** The answer of a form POST to an authorization server: the body, and the OAuth error code if any. */
export interface FormAnswer {
  status: number;
  body: Record<string, unknown>;
  /** `error` of a refusal (RFC 6749 §5.2), undefined on success. */
  error: string | undefined;
  description: string | undefined;
}

/** Refusals about the credential or the person's consent: exit 4. */
const AUTH_ERRORS = new Set([
  'invalid_grant',
  'invalid_client',
  'unauthorized_client',
  'access_denied',
  'authorization_declined',
  'bad_verification_code',
]);

/**
 * POSTs a form to an authorization server through the service's HTTP client: no service credential
 * is attached, the body's values are masked under --debug, and a refusal (400, 401, 403, 428) is an
 * answer to read, not an error. Nothing calls it under --dry-run (logins refuse it; a renewal is refused).
 */
export async function postForm(
  http: HttpClient,
  url: string,
  form: Record<string, string | undefined>,
): Promise<FormAnswer> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.set(k, v);
  const res = await http.request<unknown>({
    method: 'POST',
    path: url,
    rawBody: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    auth: false,
    okStatuses: [400, 401, 403, 428],
    sensitive: true,
  });
  const data = res.data && typeof res.data === 'object' ? (res.data as Record<string, unknown>) : {};
  const error =
    res.status >= 400 ? (typeof data.error === 'string' ? data.error : `HTTP ${res.status}`) : undefined;
  const description = typeof data.error_description === 'string' ? data.error_description : undefined;
  return { status: res.status, body: data, error, description };
}

/**
 * The one-line error of a refusal: `tasks: sign-in refused: invalid_grant: …`. The credential's own
 * refusals are exit 4 with the login command as hint; the rest exit 1.
 */
export function refusalError(
  service: string,
  answer: FormAnswer,
  o: { what?: string; hint?: string } = {},
): OpsError {
  const detail = answer.description ? `: ${answer.description.split('\n')[0]}` : '';
  const auth = AUTH_ERRORS.has(answer.error ?? '');
  return new OpsError(`${service}: ${o.what ?? 'sign-in refused'}: ${answer.error}${detail}`, {
    exitCode: auth || answer.status === 401 ? ExitCode.auth : ExitCode.failure,
    code: answer.error ?? 'oauth_error',
    hint: o.hint ?? `run \`ops ${service} login\` again`,
  });
}

/** The token in a successful answer; an answer without one is a bad answer (exit 7). */
export function readToken(service: string, answer: FormAnswer): TokenAnswer {
  const b = answer.body;
  if (typeof b.access_token !== 'string' || b.access_token === '')
    throw new OpsError(`${service}: the token endpoint answered without an access token`, {
      exitCode: ExitCode.server,
      code: 'bad_answer',
    });
  const expiresIn = Number(b.expires_in);
  return {
    accessToken: b.access_token,
    expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : undefined,
    refreshToken: typeof b.refresh_token === 'string' && b.refresh_token ? b.refresh_token : undefined,
  };
}

/** One token request: the token, or the refusal as a one-line error. */
export async function tokenRequest(
  http: HttpClient,
  service: string,
  url: string,
  form: Record<string, string | undefined>,
  o: { what?: string; hint?: string } = {},
): Promise<TokenAnswer> {
  const answer = await postForm(http, url, form);
  if (answer.error !== undefined) throw refusalError(service, answer, o);
  return readToken(service, answer);
}
