import { Command } from 'commander';
import { parseSeconds } from '../shared/wait.js';
import type { Factory } from '../../app/types.js';
import { jwtClaims, jwtExpiry } from '../../clients/db/index.js';
import { ExitCode, OpsError, UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import type { Printer } from '../../output/printer.js';
import { readSecretInput } from '../shared/secret-input.js';
import { openBrowser } from '../shared/browser.js';
import { parseStdinToken, resolveAuthUrl, signInWithBrowser, storeToken } from './login-shared.js';

export interface DbLoginOptions {
  io: Io;
  printer: Printer;
  feedback: Feedback;
  /** `browser`: open it; `print`: print the URL to open (--no-browser); `stdin`: a token from elsewhere. */
  mode: 'browser' | 'print' | 'stdin';
  /** The authorization server's address and the client id (browser and print modes). */
  authUrl: string;
  clientId: string;
  timeoutSeconds: number;
  openBrowser: (url: string) => Promise<boolean>;
  readToken: () => Promise<string>;
  /** Keeps the token (and its expiry) in the profile; gives the profile's name. */
  store: (token: string, expiresAt: number | undefined) => Promise<string>;
  now?: () => number;
}

interface LoginFlags {
  browser: boolean;
  tokenStdin?: boolean;
  waitTimeout?: string;
  authUrl?: string;
  clientId?: string;
}

export function dbLoginCommand(factory: Factory, run = runDbLogin): Command {
  return new Command('login')
    .description('Sign in with the OAuth implicit flow in a browser and keep the token in the profile')
    .option(
      '--no-browser',
      'print the sign-in URL to open in a browser on this machine instead of opening one',
    )
    .option(
      '--token-stdin',
      'keep a token obtained elsewhere, read from stdin (a JWT, or JSON with accessToken)',
    )
    .option(
      '--wait-timeout <seconds>',
      'give up waiting for the sign-in after this long (exit 6), default 300',
    )
    .option('--auth-url <url>', 'authorization server (env OPS_DB_AUTH_URL; may be relative to the base URL)')
    .option('--client-id <id>', 'OAuth client id of the application (env OPS_DB_CLIENT_ID)')
    .addHelpText(
      'after',
      `
The browser (BROWSER, else the system's opener) signs in at {auth_url}/common/oauth2/authorize and
is sent back to a listener on 127.0.0.1; the token and its expiry are stored in the profile (0600).
OPS_DB_TOKEN wins over a stored token: login refuses while it is set (unset it first).

Examples:
  ops db login
  ops db login --no-browser --wait-timeout 600
  printf %s sandbox-db-token | ops db login --token-stdin`,
    )
    .action(async (o: LoginFlags, c: Command) => {
      const mode = o.tokenStdin ? 'stdin' : o.browser ? 'browser' : 'print';
      if (o.tokenStdin && (!o.browser || o.waitTimeout !== undefined))
        throw new UsageError(
          '--token-stdin reads a token: it opens no browser and waits for none',
          'drop --no-browser and --wait-timeout',
        );
      const timeout = parseSeconds('--wait-timeout', o.waitTimeout) ?? 300;
      const ctx = await factory.context(c, {
        settings: { 'db.auth_url': o.authUrl, 'db.client_id': o.clientId },
      });
      // The environment wins over what login stores: signing in would change nothing (gh refuses a
      // login while GH_TOKEN is set for the same reason).
      if (ctx.io.env.OPS_DB_TOKEN)
        throw new UsageError(
          'OPS_DB_TOKEN is set, and a token from the environment is used instead of the one ops db login stores',
          'unset OPS_DB_TOKEN, then run ops db login again',
        );
      const { settings } = await ctx.service('db');
      const signIn = mode === 'stdin' ? undefined : resolveAuthUrl(settings, ctx.flags.baseUrl);
      await run({
        io: ctx.io,
        printer: ctx.printer,
        feedback: ctx.feedback,
        mode,
        authUrl: signIn?.authUrl ?? '',
        clientId: signIn?.clientId ?? '',
        timeoutSeconds: timeout,
        openBrowser: (url) => openBrowser(url, ctx.io.env, process.platform),
        readToken: () => readSecretInput({ io: ctx.io, label: 'access token' }),
        store: (token, expiresAt) => storeToken(ctx.settings, token, expiresAt),
      });
    });
}

export async function runDbLogin(o: DbLoginOptions): Promise<void> {
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
  const claims = jwtClaims(token) ?? {};
  const user = claims.upn ?? claims.unique_name ?? claims.preferred_username ?? claims.email ?? claims.name;
  await o.printer.print(
    {
      profile,
      user: typeof user === 'string' ? user : undefined,
      tenant: typeof claims.tid === 'string' ? claims.tid : undefined,
      expires_at: expiresAt === undefined ? undefined : new Date(expiresAt).toISOString(),
    },
    {
      columns: [
        { header: 'profile', get: (r) => r.profile },
        { header: 'user', get: (r) => r.user },
        { header: 'tenant', get: (r) => r.tenant },
        { header: 'expires at', get: (r) => r.expires_at, format: 'relative' },
      ],
    },
  );
}
