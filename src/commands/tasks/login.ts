import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { loginCommand } from '../shared/login-command.js';
import type { LoginOptions } from '../../auth/login.js';
import { TASKS_OAUTH } from '../../clients/tasks/oauth.js';

/**
 * `ops tasks login`: Google's OAuth 2.0 for installed apps. A browser on this machine signs in with
 * the authorization code, PKCE and a loopback redirect (access_type=offline, so a refresh token comes
 * back and is stored); `--device` asks Google's device endpoint, which does not grant the tasks scope
 * (invalid_scope: the error says to use the browser). The stored refresh token renews an expired
 * access token before a request.
 */
export function tasksLoginCommand(factory: Factory, run?: (o: LoginOptions) => Promise<void>): Command {
  return loginCommand(
    factory,
    {
      provider: TASKS_OAUTH,
      // Google grants no device code for the tasks scope: no browser here prints the address instead.
      flows: { device: true, clientCredentials: false, deviceByDefault: false },
      description: 'Sign in with Google in a browser (or a device code) and keep the tokens in the profile',
      notes: `The browser (BROWSER, else the system's opener) signs in at Google's authorize page and is sent back
to a listener on 127.0.0.1 with a code, exchanged with PKCE for an access token and a refresh token.
Both are stored; an expired access token is renewed once before a request. The client id and secret
are the installed app's (tasks.client_id, tasks.client_secret). --device: Google grants a device code
only a few scopes, not the tasks scope; use the browser (or --no-browser) there. OPS_TASKS_TOKEN wins
over a stored token: login refuses while it is set (unset it first).`,
      examples: [
        'ops tasks login',
        'ops tasks login --no-browser --wait-timeout 600',
        'printf %s sandbox-tasks-token | ops tasks login --token-stdin',
      ],
    },
    run,
  );
}
