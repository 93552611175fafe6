import type { Command } from 'commander';
import type { Context, Factory } from '../../app/types.js';
import { saveCredentials } from '../../config/credentials.js';
import { UsageError } from '../../errors.js';
import { readSecretInput } from './secret-input.js';
import { parseSeconds } from './wait.js';
import { openBrowser } from './browser.js';
import { type LoginFlags, type LoginFlows, loginCommandBase, loginMode } from '../../auth/login-flags.js';
import { type LoginOptions, runLogin } from '../../auth/login.js';
import type { OAuthProvider } from '../../clients/oauth/providers.js';
import { endpointsOf } from '../../clients/oauth/refresh.js';
import { requireClientId } from '../../clients/oauth/server-url.js';
import { storageWarn } from './storage-warn.js';
import { SIGN_IN_SECRETS, signInEntries } from '../../clients/oauth/stored-token.js';

export interface LoginCommandSpec {
  provider: OAuthProvider;
  flows: LoginFlows;
  description: string;
  /** The help's text after the flags: how each flow works, and examples that run against the sandbox. */
  help: string;
}

/**
 * The refusal every login shares: a token in OPS_<SERVICE>_TOKEN wins over what login stores, so
 * signing in would change nothing (gh refuses a login while GH_TOKEN is set for the same reason).
 */
export function refuseWhileEnvToken(ctx: Context, service: string): void {
  // A sign-in cannot be shown without being done: it opens a browser or polls, then stores a token.
  if (ctx.flags.dryRun)
    throw new UsageError(
      `${service} login has no --dry-run: it signs in and stores what it gets`,
      'drop --dry-run',
    );
  const name = `OPS_${service.toUpperCase()}_TOKEN`;
  if (ctx.io.env[name])
    throw new UsageError(
      `${name} is set, and a token from the environment is used instead of the one ops ${service} login stores`,
      `unset ${name}, then run ops ${service} login again`,
    );
}

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
  refuseWhileEnvToken(ctx, service);
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

/** `ops <service> login` of a vendor with OAuth: the shared flags, modes and outcome. */
export function loginCommand(factory: Factory, spec: LoginCommandSpec, run = runLogin): Command {
  const service = spec.provider.service;
  return loginCommandBase('login', service, spec.flows)
    .description(spec.description)
    .addHelpText('after', spec.help)
    .action(async (f: LoginFlags, c: Command) => {
      loginMode(f, spec.flows, factory.io.env, process.platform);
      parseSeconds('--wait-timeout', f.waitTimeout);
      const ctx = await factory.context(c, {
        settings: { [`${service}.auth_url`]: f.authUrl, [`${service}.client_id`]: f.clientId },
      });
      await run(await loginOptions(ctx, spec, f));
    });
}
