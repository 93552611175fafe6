import type { Context } from '../../app/types.js';
import type { LoginFlags } from '../../auth/login-flags.js';
import { loginMode } from '../../auth/login-flags.js';
import type { LoginOptions } from '../../auth/login.js';
import { endpointsOf } from '../../clients/oauth/refresh.js';
import { requireClientId } from '../../clients/oauth/server-url.js';
import { SIGN_IN_SECRETS, signInEntries } from '../../clients/oauth/stored-token.js';
import { saveCredentials } from '../../config/credentials.js';
import { openBrowser } from './browser.js';
import type { LoginCommandSpec } from './login-spec.js';
import { readSecretInput } from './secret-input.js';
import { storageWarn } from './storage-warn.js';
import { parseSeconds } from './wait.js';

export { runLogin } from '../../auth/login.js';

/** The options of a login from its flags and context: nothing is sent yet. */
export async function loginOptions(
  ctx: Context,
  spec: LoginCommandSpec,
  f: LoginFlags,
): Promise<LoginOptions> {
  const p = spec.provider;
  const service = p.service;
  const mode = loginMode(f, spec.flows, ctx.io.env, process.platform);
  const timeoutSeconds = parseSeconds('--wait-timeout', f.waitTimeout);
  const { settings: s } = await ctx.service(service);
  let piped: string | undefined;
  return {
    io: ctx.io,
    printer: ctx.printer,
    feedback: ctx.feedback,
    provider: p,
    mode,
    timeoutSeconds,
    endpoints: () => endpointsOf(p, s, ctx.flags.baseUrl),
    clientId: () => requireClientId(service, s.get('client_id'), p.clientIdWhat),
    clientSecret: async () => {
      if (!f.clientSecretStdin) return s.get('client_secret');
      piped = await readSecretInput({ io: ctx.io, label: 'client secret' });
      return piped;
    },
    clientCredentialsForm: p.clientCredentialsForm ? () => p.clientCredentialsForm!(s) : undefined,
    http: () => ctx.client(service),
    openBrowser: (url) => openBrowser(url, ctx.io.env, process.platform),
    readToken: () => readSecretInput({ io: ctx.io, label: 'access token' }),
    async store(token, expiresAt, refreshToken) {
      const { profile } = await saveCredentials(
        ctx.settings,
        service,
        {
          ...signInEntries(
            token,
            expiresAt,
            refreshToken,
            mode === 'client-credentials' ? 'client_credentials' : null,
          ),
          // A secret piped in is kept like the token, so that the token it got can be renewed.
          ...(piped === undefined ? {} : { client_secret: piped }),
        },
        SIGN_IN_SECRETS,
        { insecureStorage: Boolean(f.insecureStorage), warn: storageWarn(ctx) },
      );
      return profile;
    },
  };
}
