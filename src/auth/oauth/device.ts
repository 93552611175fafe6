import { pollUntil } from '../../clients/http/poll.js';
import type { HttpClient } from '../../clients/http/types.js';
import { ExitCode, OpsError, TimeoutError } from '../../errors.js';
import type { Io } from '../../io.js';
import {
  type FormAnswer,
  type TokenAnswer,
  postForm,
  readToken,
  refusalError,
} from '../../clients/oauth/token.js';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export interface DeviceSignInOptions {
  http: HttpClient;
  io: Io;
  service: string;
  deviceUrl: string;
  tokenUrl: string;
  clientId: string;
  /** Sent with each poll where the vendor's installed-app client has one (Google). */
  clientSecret?: string | undefined;
  scope: string;
  /** `--wait-timeout`: at most this long, and never past the code's own expiry. */
  timeoutSeconds: number | undefined;
  /** The hint when the vendor refuses the scope in this flow (Google limits the device flow's scopes). */
  scopeHint?: string | undefined;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

/**
 * The device authorization grant (RFC 8628): asks for a device code, prints the address and the user
 * code on stderr, then polls the token endpoint every `interval` seconds (5 more after each
 * slow_down) through the one poller until the person approves. The code's `expires_in` and
 * `--wait-timeout` bound the wait (exit 6); a refusal is one line (exit 4 when it is the person's or
 * the credential's).
 */
export async function deviceSignIn(o: DeviceSignInOptions): Promise<TokenAnswer> {
  const start = await postForm(o.http, o.deviceUrl, { client_id: o.clientId, scope: o.scope });
  if (start.error !== undefined)
    throw refusalError(o.service, start, {
      what: 'the device sign-in was refused',
      ...(start.error === 'invalid_scope' && o.scopeHint ? { hint: o.scopeHint } : {}),
    });
  const b = start.body;
  const deviceCode = typeof b.device_code === 'string' ? b.device_code : '';
  const userCode = typeof b.user_code === 'string' ? b.user_code : '';
  // Google says verification_url, RFC 8628 and the directory verification_uri.
  const address = [b.verification_uri, b.verification_url].find((v) => typeof v === 'string') as
    | string
    | undefined;
  if (!deviceCode || !userCode || !address)
    throw new OpsError(`${o.service}: the device-code answer lacks a code or an address`, {
      exitCode: ExitCode.server,
      code: 'bad_answer',
    });
  const expiresIn = Number(b.expires_in) > 0 ? Number(b.expires_in) : 900;
  let interval = Number(b.interval) >= 0 && b.interval !== undefined ? Number(b.interval) : 5;
  o.io.stderr.write(`To sign in, open ${address} on any device and enter the code ${userCode}\n`);
  const limit = Math.min(expiresIn, o.timeoutSeconds ?? expiresIn);
  let last: FormAnswer | undefined;
  try {
    last = await pollUntil<FormAnswer>({
      async check() {
        const answer = await postForm(o.http, o.tokenUrl, {
          grant_type: DEVICE_GRANT,
          client_id: o.clientId,
          client_secret: o.clientSecret,
          device_code: deviceCode,
        });
        if (answer.error === 'slow_down') interval += 5;
        // The next look comes after the interval the server set, slow_down included.
        return { value: answer, headers: { 'retry-after': String(interval) } };
      },
      done: (a) => a.error !== 'authorization_pending' && a.error !== 'slow_down',
      intervalSeconds: interval,
      timeoutSeconds: limit,
      what: 'the device sign-in',
      timeoutHint:
        limit < expiresIn
          ? 'raise --wait-timeout (seconds), or sign in again'
          : 'the code expired: sign in again',
      signal: o.io.signal,
      sleep: o.sleep,
      now: o.now,
    });
  } catch (err) {
    if (err instanceof TimeoutError)
      throw new TimeoutError(
        `${o.service}: the device code was not approved within ${Math.round(limit)} s`,
        o.service,
        err.hint,
      );
    throw err;
  }
  if (last.error === 'expired_token')
    throw new TimeoutError(
      `${o.service}: the device code expired before it was approved`,
      o.service,
      'sign in again',
    );
  if (last.error !== undefined) throw refusalError(o.service, last);
  return readToken(o.service, last);
}
