import { completing, serviceCompletion } from '../shared/complete.js';
import { isRowFormat } from '../../output/printer.js';
import { Argument, type Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Context, Factory } from '../../app/types.js';
import { forgetCredentials, keyringKeysOf } from '../../config/credentials.js';
import { envNameFor } from '../../config/settings.js';
import { writeAll } from '../../io.js';
import { storageWarn } from '../shared/storage-warn.js';
import { SIGN_IN_KEYS, knownService, secretKeys } from './shared.js';

export interface AuthLogoutOptions {
  ctx: Context;
  service: string;
}

/** What `-o json` prints: like a delete's outcome (docs/grammar.md, "Outcomes"). */
export interface LoggedOut {
  logged_out: true;
  service: string;
  profile: string;
  forgot: string[];
}

export function authLogoutCommand(factory: Factory, run = runAuthLogout): Command {
  return verbCommand(
    'logout',
    "Forget a service's credential in the OS keyring and the config file, revoking it where the vendor can",
    ['ops auth logout tasks --yes', 'ops auth logout hosts --yes -o json'],
    {
      notes: `Forgets every secret of the service and what a sign-in stored with it (refresh token, expiry) in the
current profile. A credential set in the environment stays: unset the variable.`,
    },
  )
    .addArgument(completing(new Argument('<service>', 'e.g. tasks, db'), serviceCompletion))
    .action(async (service: string, _o: unknown, cmd: Command) => {
      const ctx = await factory.context(cmd);
      knownService(
        factory.services.map((s) => s.name),
        service,
      );
      await run({ ctx, service });
    });
}

export async function runAuthLogout(o: AuthLogoutOptions): Promise<void> {
  const { ctx, service } = o;
  const { descriptor, settings: reader } = await ctx.service(service);
  const profile = ctx.settings.profileName;
  await ctx.confirm(`Log out of ${service} (profile ${profile})`);
  const secrets = secretKeys(descriptor);
  const held = await keyringKeysOf(ctx.settings, service);
  const keys = [...new Set([...secrets, ...SIGN_IN_KEYS, ...held])];
  const store = await ctx.settings.openStore();
  const kept = keys.filter((k) => held.includes(k) || store.get(profile, `${service}.${k}`) !== undefined);
  const stored = kept.length > 0;
  const warn = storageWarn(ctx);
  if (ctx.flags.dryRun) {
    // A dry run changes nothing: it says what the logout would revoke and forget.
    const revoke = stored && descriptor.revoke ? `revoke ${service}'s sign-in and ` : '';
    await writeAll(
      ctx.io.stderr,
      `dry run: would ${revoke}forget ${stored ? kept.join(', ') : 'nothing'} of ${service} in profile ${profile}\n`,
    );
    return;
  }
  if (stored && descriptor.revoke) {
    try {
      await descriptor.revoke(reader, ctx.authContext(service));
    } catch (err) {
      warn(`ops: ${service}: the credential was not revoked: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  const forgot = await forgetCredentials(ctx.settings, service, keys, { warn });
  for (const k of secrets) {
    const env = envNameFor(`${service}.${k}`);
    if (ctx.settings.environment[env])
      warn(`ops: ${env} is set and still gives ${service}'s ${k.replace(/_/g, ' ')}: unset it too`);
  }
  if (!forgot.length) warn(`ops: ${service}: nothing was stored in profile ${profile}`);
  const outcome: LoggedOut = { logged_out: true, service, profile, forgot };
  if (isRowFormat(ctx.printer.format)) {
    if (forgot.length) ctx.feedback.done(`Logged out of ${service} (profile ${profile})`);
  } else await ctx.printer.print(outcome);
}
