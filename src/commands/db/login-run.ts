import type { Context } from '../../app/types.js';
import type { LoginFlags, LoginFlows, LoginMode } from '../../auth/login-flags.js';
import { printSignIn, runLogin } from '../../auth/login.js';
import { jwtExpiry } from '../../clients/db/index.js';
import { DB_OAUTH } from '../../clients/db/oauth.js';
import { ExitCode, OpsError } from '../../errors.js';
import { openBrowser } from '../shared/browser.js';
import { loginOptions } from '../shared/login-run.js';
import { readSecretInput } from '../shared/secret-input.js';
import { storageWarn } from '../shared/storage-warn.js';
import type { DbLoginOptions } from './login-options.js';
import { parseStdinToken, resolveAuthUrl, signInWithBrowser, storeToken } from './login-shared.js';

/**
 * The options of `ops db login` from its flags and context: nothing is sent yet. The device-code and
 * client-credentials sign-ins are the shared login's, with the directory's provider.
 */
export async function dbLoginOptions(
  ctx: Context,
  o: LoginFlags,
  mode: LoginMode,
  timeout: number | undefined,
  flows: LoginFlows,
): Promise<DbLoginOptions> {
  const { settings } = await ctx.service('db');
  const implicit = mode === 'browser' || mode === 'print';
  const signIn = implicit ? resolveAuthUrl(settings, ctx.flags.baseUrl) : undefined;
  return {
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
    ...(implicit || mode === 'stdin'
      ? {}
      : {
          oauth: () =>
            loginOptions(ctx, { provider: DB_OAUTH, flows, description: '', notes: '', examples: [] }, o),
        }),
  };
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
