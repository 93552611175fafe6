import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { loginCommand } from '../shared/login-command.js';
import type { LoginOptions } from '../../auth/login.js';
import { DOCGEN_OAUTH } from '../../clients/docgen/oauth.js';

/**
 * `ops docgen login`: Box OAuth 2.0. A browser on this machine signs in with the authorization code
 * and a loopback redirect; `--client-credentials` is Box's client-credentials grant (the subject from
 * docgen.subject_type and docgen.subject_id). Box documents no device flow, hence no `--device`;
 * `--no-browser` prints the address instead (the redirect still comes to 127.0.0.1 here). Box refresh
 * tokens are single use: each renewal stores the new one.
 */
export function docgenLoginCommand(factory: Factory, run?: (o: LoginOptions) => Promise<void>): Command {
  return loginCommand(
    factory,
    {
      provider: DOCGEN_OAUTH,
      flows: { device: false, clientCredentials: true },
      description: 'Sign in with Box in a browser (or as the application, for CI) and keep the tokens',
      notes: `The browser (BROWSER, else the system's opener) signs in at Box's authorize page and is sent back to
a listener on 127.0.0.1 with a code, exchanged for an access token and a refresh token. Both are
stored; an expired access token is renewed once before a request (Box gives a new refresh token each
time). Box has no device flow: without a browser here, --no-browser prints the address to open on
this machine. --client-credentials signs in as the app's service account (docgen.subject_type
enterprise, docgen.subject_id the enterprise id) or a user (subject_type user); no refresh token:
an expired token is renewed with the client secret when it is set (environment, profile) or was
piped to --client-secret-stdin (then kept like the token).
OPS_DOCGEN_TOKEN wins over a stored token: login refuses while it is set (unset it first).`,
      examples: [
        'ops docgen login',
        'ops docgen login --client-credentials',
        'printf %s sandbox-docgen-token | ops docgen login --token-stdin',
      ],
    },
    run,
  );
}
