import type { Command } from 'commander';
import type { Context, Factory } from '../../app/types.js';
import { UsageError } from '../../errors.js';
import { parseSeconds } from './wait.js';
import { type LoginFlags, addLoginFlags, loginMode } from '../../auth/login-flags.js';
import type { LoginOptions } from '../../auth/login.js';
import type { LoginCommandSpec } from './login-spec.js';
import { verbCommand } from './verbs.js';

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

/**
 * `ops <service> login` of a vendor with OAuth: the shared flags, modes and outcome. The sign-in
 * itself (./login-run.ts, and the flows under it) is loaded when a login runs: a bundle of its own
 * that no other command loads. `run` replaces the sign-in (tests).
 */
export function loginCommand(
  factory: Factory,
  spec: LoginCommandSpec,
  run?: (o: LoginOptions) => Promise<void>,
): Command {
  const service = spec.provider.service;
  const head = verbCommand('login', spec.description, spec.examples, { notes: spec.notes });
  return addLoginFlags(head, service, spec.flows).action(async (f: LoginFlags, c: Command) => {
    loginMode(f, spec.flows, factory.io.env, process.platform);
    parseSeconds('--wait-timeout', f.waitTimeout);
    const ctx = await factory.context(c, {
      settings: { [`${service}.auth_url`]: f.authUrl, [`${service}.client_id`]: f.clientId },
    });
    refuseWhileEnvToken(ctx, service);
    const signIn = await import('./login-run.js');
    await (run ?? signIn.runLogin)(await signIn.loginOptions(ctx, spec, f));
  });
}
