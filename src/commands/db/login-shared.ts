import { randomBytes } from 'node:crypto';
import type { SettingsReader } from '../../clients/descriptor.js';
import { jwtExpiry, tokenFingerprint } from '../../clients/db/index.js';
import { saveCredentials } from '../../config/credentials.js';
import type { Settings } from '../../config/settings.js';
import { ConfigError, InterruptedError, TimeoutError, UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import { type ImplicitGrant, listenForToken } from './login-callback.js';

/** The seed's authorize URL with the implicit flow's parameters (seed C, Authentication). */
export function authorizeUrl(authUrl: string, clientId: string, redirectUri: string, state: string): string {
  const q = new URLSearchParams({
    client_id: clientId,
    response_type: 'token',
    redirect_uri: redirectUri,
    scope: 'user_impersonation',
    state,
  });
  return `${authUrl}/common/oauth2/authorize?${q}`;
}

const loopback = (u: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);

/**
 * `db.auth_url` (flag, env, profile, default the public cloud's) made absolute: a relative one is read
 * against the base URL (the sandbox's is `/db`, so it follows whatever port the sandbox has). Plain
 * HTTP only to this machine. The client id must be set.
 */
export function resolveAuthUrl(
  s: SettingsReader,
  baseUrlFlag: string | undefined,
): { authUrl: string; clientId: string } {
  const raw = s.get('auth_url') ?? '';
  let url: URL;
  if (raw.startsWith('/')) {
    const base = baseUrlFlag ?? s.get('base_url');
    if (!base)
      throw new ConfigError(
        `db: the auth URL "${raw}" is relative and no base URL is set`,
        'pass --base-url, set OPS_DB_BASE_URL, or give an absolute --auth-url',
      );
    url = new URL(raw, base);
  } else {
    try {
      url = new URL(raw);
    } catch {
      throw new UsageError(
        `invalid auth URL "${raw}"`,
        'give an https:// address, e.g. https://login.microsoftonline.com',
      );
    }
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback(url)))
    throw new UsageError(
      `the auth URL ${url.origin} is not https`,
      'sign in over https (http only to 127.0.0.1 or localhost)',
    );
  const clientId = s.get('client_id')?.trim();
  if (!clientId)
    throw new ConfigError(
      'db: no client id is set',
      'pass --client-id, set OPS_DB_CLIENT_ID, or run `ops config set db.client_id ID` (an application that allows the implicit grant and http://127.0.0.1 redirects)',
    );
  if (/\s/.test(clientId))
    throw new UsageError(`invalid client id "${clientId}"`, 'give the application (client) id');
  return { authUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, clientId };
}

/**
 * A token from stdin: the token itself (a JWT's `exp` gives its expiry), or the JSON another tool
 * prints (`accessToken`/`access_token` with `expires_on` epoch seconds or `expires_in`).
 */
/** What a bearer token can hold (RFC 6750 §2.1, b64token): anything else is not one. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export function parseStdinToken(text: string, now: number): { token: string; expiresAt: number | undefined } {
  const t = text.trim();
  if (t.startsWith('{')) {
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(t) as Record<string, unknown>;
    } catch {
      throw new UsageError(
        'stdin holds text that starts like JSON but is not',
        'pipe the token, or JSON with accessToken',
      );
    }
    const token = o.accessToken ?? o.access_token;
    if (typeof token !== 'string' || !B64TOKEN.test(token))
      throw new UsageError(
        'the JSON on stdin has no accessToken that is a bearer token',
        'pipe the token, or JSON with accessToken',
      );
    const on = Number(o.expires_on);
    const inSeconds = Number(o.expires_in);
    const expiresAt =
      o.expires_on !== undefined && Number.isFinite(on)
        ? on * 1000
        : o.expires_in !== undefined && Number.isFinite(inSeconds)
          ? now + inSeconds * 1000
          : jwtExpiry(token);
    return { token, expiresAt };
  }
  if (/\s/.test(t)) throw new UsageError('the token on stdin has white space inside', 'pipe the token alone');
  if (!B64TOKEN.test(t))
    throw new UsageError(
      'stdin holds no bearer token: a token has only letters, digits and - . _ ~ + / (then =)',
      'pipe the token alone, or JSON with accessToken',
    );
  return { token: t, expiresAt: jwtExpiry(t) };
}

/** Keeps the token in the profile (mode 0600), with its expiry tied to it by fingerprint. */
export async function storeToken(
  settings: Settings,
  token: string,
  expiresAt: number | undefined,
): Promise<string> {
  const { profile } = await saveCredentials(
    settings,
    'db',
    {
      token,
      token_expires_at: expiresAt === undefined ? undefined : new Date(expiresAt).toISOString(),
      token_fingerprint: expiresAt === undefined ? undefined : tokenFingerprint(token),
    },
    ['token'],
  );
  return profile;
}

/** What a browser sign-in needs (the browser and print modes of `ops db login`). */
export interface SignInOptions {
  io: Io;
  feedback: Feedback;
  mode: 'browser' | 'print' | 'stdin';
  authUrl: string;
  clientId: string;
  timeoutSeconds: number;
  openBrowser: (url: string) => Promise<boolean>;
}

/**
 * One implicit-flow sign-in: a fresh state, the listener as redirect URI, the browser opened (or the
 * URL printed), then the answer awaited until the timeout (exit 6) or Ctrl-C (exit 130).
 */
export async function signInWithBrowser(o: SignInOptions): Promise<ImplicitGrant> {
  const state = randomBytes(24).toString('base64url');
  const listener = await listenForToken(state);
  const url = authorizeUrl(o.authUrl, o.clientId, listener.redirectUri, state);
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new TimeoutError(
            `db: no sign-in within ${o.timeoutSeconds} s`,
            'db',
            'raise --wait-timeout (seconds), or sign in again',
          ),
        ),
      o.timeoutSeconds * 1000,
    );
    onAbort = () => reject(new InterruptedError('db: sign-in interrupted; nothing was stored'));
    o.io.signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    if (o.mode === 'print')
      o.io.stderr.write(`Open this address in a browser on this machine to sign in:\n${url}\n`);
    else if (await o.openBrowser(url))
      o.feedback.info('Opened the sign-in page in your browser; waiting for it to finish (Ctrl-C to stop)…');
    else
      o.io.stderr.write(
        `No browser could be opened (set BROWSER). Open this address on this machine to sign in:\n${url}\n`,
      );
    return await Promise.race([listener.result, stop]);
  } finally {
    clearTimeout(timer);
    if (onAbort) o.io.signal.removeEventListener('abort', onAbort);
    listener.close();
  }
}
