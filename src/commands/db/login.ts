import type { Command } from 'commander';
import { parseSeconds } from '../shared/wait.js';
import type { Factory } from '../../app/types.js';
import { refuseWhileEnvToken } from '../shared/login-command.js';
import { verbCommand } from '../shared/verbs.js';
import { type LoginFlags, addLoginFlags, loginMode } from '../../auth/login-flags.js';
import type { DbLoginOptions } from './login-options.js';
export type { DbLoginOptions } from './login-options.js';

const FLOWS = { device: true, clientCredentials: true };

/**
 * The sign-in itself (./login-run.ts, and the flows under it) is loaded when a login runs, so that
 * no other db command loads it. `run` replaces the sign-in (tests).
 */
export function dbLoginCommand(factory: Factory, run?: (o: DbLoginOptions) => Promise<void>): Command {
  const head = verbCommand(
    'login',
    'Sign in (implicit flow in a browser, a device code, or client credentials) and keep the token',
    [
      'ops db login',
      'ops db login --no-browser --wait-timeout 600',
      'ops db login --device',
      'ops db login --client-credentials',
      'printf %s sandbox-db-token | ops db login --token-stdin',
    ],
    {
      notes: `The browser (BROWSER, else the system's opener) signs in at {auth_url}/common/oauth2/authorize and
is sent back to a listener on 127.0.0.1; the token and its expiry are stored in the profile (0600).
--device signs in at {auth_url}/{tenant}/oauth2/v2.0/devicecode (db.tenant, default organizations)
with a code entered on any device, and keeps a refresh token that renews an expired access token.
--client-credentials (CI) signs in as the application: client secret from OPS_DB_CLIENT_SECRET, the
profile or --client-secret-stdin, and db.tenant set to the directory id. Logging out only forgets:
the directory has no revocation endpoint. OPS_DB_TOKEN wins over a stored token: login refuses
while it is set (unset it first).`,
    },
  );
  return addLoginFlags(head, 'db', FLOWS).action(async (o: LoginFlags, c: Command) => {
    const mode = loginMode(o, FLOWS, factory.io.env, process.platform);
    const timeout = parseSeconds('--wait-timeout', o.waitTimeout);
    const ctx = await factory.context(c, {
      settings: { 'db.auth_url': o.authUrl, 'db.client_id': o.clientId },
    });
    refuseWhileEnvToken(ctx, 'db');
    const signIn = await import('./login-run.js');
    await (run ?? signIn.runDbLogin)(await signIn.dbLoginOptions(ctx, o, mode, timeout, FLOWS));
  });
}
