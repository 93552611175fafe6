import type { Command } from 'commander';
import { UsageError } from '../errors.js';

/** What commander parses from a login's flags (docs/grammar.md, "Signing in"). */
export interface LoginFlags {
  browser: boolean;
  device?: boolean;
  clientCredentials?: boolean;
  clientSecretStdin?: boolean;
  tokenStdin?: boolean;
  insecureStorage?: boolean;
  waitTimeout?: string;
  authUrl?: string;
  clientId?: string;
}

/**
 * How a login signs in: a browser on this machine (`browser`), its address printed (`print`), a
 * device code (`device`), the application's own credentials (`client-credentials`), or a token from
 * stdin (`stdin`).
 */
export type LoginMode = 'browser' | 'print' | 'device' | 'client-credentials' | 'stdin';

/** The flows a service's login offers besides the browser one and --token-stdin. */
export interface LoginFlows {
  device: boolean;
  clientCredentials: boolean;
  /**
   * False where the vendor's device flow cannot grant the service's scope (Google and the tasks
   * scope): without a browser here, the address is printed instead of trying a device code.
   */
  deviceByDefault?: boolean;
}

/** Adds the shared login flags to a login verb: those of the flows the vendor has. */
export function addLoginFlags(cmd: Command, service: string, flows: LoginFlows): Command {
  const env = `OPS_${service.toUpperCase()}`;
  cmd.option(
    '--no-browser',
    'print the sign-in address instead of opening a browser (the redirect still comes to 127.0.0.1 here)',
  );
  if (flows.device)
    cmd.option('--device', 'sign in with a code on another device (the default where no browser can open)');
  if (flows.clientCredentials)
    cmd
      .option(
        '--client-credentials',
        `sign in as the application (CI): client id and secret (${env}_CLIENT_SECRET, the profile, or stdin)`,
      )
      .option('--client-secret-stdin', 'read the client secret from stdin (with --client-credentials)');
  return cmd
    .option('--token-stdin', 'keep a token obtained elsewhere, read from stdin')
    .option('--wait-timeout <seconds>', 'give up waiting for the sign-in after this long (exit 6)')
    .option('--auth-url <url>', `authorization server (env ${env}_AUTH_URL; may be relative to the base URL)`)
    .option('--client-id <id>', `OAuth client id of the application (env ${env}_CLIENT_ID)`)
    .option(
      '--insecure-storage',
      'keep the credential in the 0600 config file even where the OS keyring answers',
    );
}

/** Whether a browser can open here: not on Linux without a display and without BROWSER. */
export function browserAvailable(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
): boolean {
  if (env.BROWSER) return true;
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** The mode the flags ask for; every conflict is exit 2 before anything is sent. */
export function loginMode(
  f: LoginFlags,
  flows: LoginFlows,
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
): LoginMode {
  const ways = [
    f.tokenStdin && '--token-stdin',
    f.device && '--device',
    f.clientCredentials && '--client-credentials',
  ].filter((w): w is string => Boolean(w));
  if (ways.length > 1)
    throw new UsageError(`${ways.join(' and ')} are different ways to sign in`, 'give one of them');
  if (f.clientSecretStdin && !f.clientCredentials)
    throw new UsageError('--client-secret-stdin goes with --client-credentials', 'add --client-credentials');
  if (f.tokenStdin && (!f.browser || f.waitTimeout !== undefined))
    throw new UsageError(
      '--token-stdin reads a token: it opens no browser and waits for none',
      'drop --no-browser and --wait-timeout',
    );
  if (!f.browser && ways.length)
    throw new UsageError(`--no-browser is for the browser sign-in, not ${ways[0]}`, 'drop --no-browser');
  if (f.clientCredentials && f.waitTimeout !== undefined)
    throw new UsageError('--client-credentials waits for no one', 'drop --wait-timeout');
  if (f.tokenStdin) return 'stdin';
  if (f.device) return 'device';
  if (f.clientCredentials) return 'client-credentials';
  if (!f.browser) return 'print';
  if (!browserAvailable(env, platform))
    return flows.device && flows.deviceByDefault !== false ? 'device' : 'print';
  return 'browser';
}
