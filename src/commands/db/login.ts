import type { Command } from 'commander';
import { parseSeconds } from '../shared/wait.js';
import type { Factory } from '../../app/types.js';
import { type LoginCommandSpec, loginOptions, refuseWhileEnvToken } from '../shared/login-command.js';
import { type LoginFlags, type LoginMode, loginCommandBase, loginMode } from '../../auth/login-flags.js';
import { type LoginOptions, printSignIn, runLogin } from '../../auth/login.js';
import { DB_OAUTH } from '../../clients/db/oauth.js';
import { jwtExpiry } from '../../clients/db/index.js';
import { ExitCode, OpsError } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import type { Printer } from '../../output/printer.js';
import { readSecretInput } from '../shared/secret-input.js';
import { openBrowser } from '../shared/browser.js';
import { storageWarn } from '../shared/storage-warn.js';
import { parseStdinToken, resolveAuthUrl, signInWithBrowser, storeToken } from './login-shared.js';

export interface DbLoginOptions {
  io: Io;
  printer: Printer;
  feedback: Feedback;
  /**
   * `browser`: open it (the seed's implicit flow); `print`: print the URL to open (--no-browser);
   * `stdin`: a token from elsewhere; `device` and `client-credentials`: the v2.0 endpoints (`oauth`).
   */
  mode: LoginMode;
  /** The authorization server's address and the client id (browser and print modes). */
  authUrl: string;
  clientId: string;
  timeoutSeconds: number;
  openBrowser: (url: string) => Promise<boolean>;
  readToken: () => Promise<string>;
  /** Keeps the token (and its expiry) in the profile; gives the profile's name. */
  store: (token: string, expiresAt: number | undefined) => Promise<string>;
  /** The device-code and client-credentials sign-ins, through the shared login. */
  oauth?: () => Promise<LoginOptions>;
  now?: () => number;
}

const FLOWS = { device: true, clientCredentials: true };

/** The directory's v2.0 sign-ins: the device code, and client credentials with a real tenant. */
const SPEC: LoginCommandSpec = {
  provider: DB_OAUTH,
  flows: FLOWS,
  description: '',
  help: '',
};

export function dbLoginCommand(factory: Factory, run = runDbLogin): Command {
  return loginCommandBase('login', 'db', FLOWS)
    .description(
      'Sign in (implicit flow in a browser, a device code, or client credentials) and keep the token',
    )
    .addHelpText(
      'after',
      `
The browser (BROWSER, else the system's opener) signs in at {auth_url}/common/oauth2/authorize and
is sent back to a listener on 127.0.0.1; the token and its expiry are stored in the profile (0600).
--device signs in at {auth_url}/{tenant}/oauth2/v2.0/devicecode (db.tenant, default organizations)
with a code entered on any device, and keeps a refresh token that renews an expired access token.
--client-credentials (CI) signs in as the application: client secret from OPS_DB_CLIENT_SECRET, the
profile or --client-secret-stdin, and db.tenant set to the directory id. Logging out only forgets:
the directory has no revocation endpoint. OPS_DB_TOKEN wins over a stored token: login refuses
while it is set (unset it first).

Examples:
  ops db login
  ops db login --no-browser --wait-timeout 600
  ops db login --device
  ops db login --client-credentials
  printf %s sandbox-db-token | ops db login --token-stdin`,
    )
    .action(async (o: LoginFlags, c: Command) => {
      const mode = loginMode(o, FLOWS, factory.io.env, process.platform);
      const timeout = parseSeconds('--wait-timeout', o.waitTimeout);
      const ctx = await factory.context(c, {
        settings: { 'db.auth_url': o.authUrl, 'db.client_id': o.clientId },
      });
      refuseWhileEnvToken(ctx, 'db');
      const { settings } = await ctx.service('db');
      const implicit = mode === 'browser' || mode === 'print';
      const signIn = implicit ? resolveAuthUrl(settings, ctx.flags.baseUrl) : undefined;
      await run({
        io: ctx.io,
        printer: ctx.printer,
        feedback: ctx.feedback,
        mode,
        authUrl: signIn?.authUrl ?? '',
        clientId: signIn?.clientId ?? '',
        timeoutSeconds: timeout ?? 300,
        openBrowser: (url) => openBrowser(url, ctx.io.env, process.platform),
        readToken: () => readSecretInput({ io: ctx.io, label: 'access token' }),
        store: (token, expiresAt) =>
          storeToken(ctx.settings, token, expiresAt, {
            insecureStorage: Boolean(o.insecureStorage),
            warn: storageWarn(ctx),
          }),
        ...(implicit || mode === 'stdin' ? {} : { oauth: () => loginOptions(ctx, SPEC, o) }),
      });
    });
}

export async function runDbLogin(o: DbLoginOptions): Promise<void> {
  if (o.oauth) return runLogin(await o.oauth());
  const now = o.now ?? Date.now;
  let token: string;
  let expiresAt: number | undefined;
  if (o.mode === 'stdin') {
    ({ token, expiresAt } = parseStdinToken(await o.readToken(), now()));
  } else {
    const grant = await signInWithBrowser(o);
    token = grant.accessToken;
    expiresAt = grant.expiresIn === undefined ? jwtExpiry(token) : now() + grant.expiresIn * 1000;
  }
  if (expiresAt !== undefined && expiresAt <= now())
    throw new OpsError(`db: the token expired at ${new Date(expiresAt).toISOString()}; nothing was stored`, {
      exitCode: ExitCode.auth,
      code: 'auth_expired',
      hint: 'get a new token, or sign in with `ops db login`',
    });
  const profile = await o.store(token, expiresAt);
  await printSignIn(o.printer, profile, token, expiresAt, true);
}
