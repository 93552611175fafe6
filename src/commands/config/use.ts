import { Argument, type Command } from 'commander';
import { completing, profileCompletion } from '../shared/complete.js';
import { printChanged } from '../shared/outcome.js';
import { verbCommand } from '../shared/verbs.js';
import { type Settings, checkProfileName } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Factory } from '../../app/types.js';

export interface ConfigUseOptions {
  io: Io;
  settings: Settings;
  profile: string;
  /** `--dry-run`: the profile is checked, and the current one stays. */
  dryRun?: boolean;
}

export function configUseCommand(factory: Factory, run = runConfigUse): Command {
  return verbCommand(
    'use',
    'Make a profile the current one (used when neither -p nor OPS_PROFILE is given)',
    ['ops -p staging config set output json && ops config use staging', 'ops config use default'],
    {
      notes: `A profile exists once it holds a setting (ops -p NAME config set …); ops config profiles lists them.`,
    },
  )
    .addArgument(completing(new Argument('<profile>', 'profile name'), profileCompletion))
    .action(async (profile: string, _o: unknown, cmd: Command) => {
      const ctx = await factory.context(cmd, { tolerant: true });
      await run({ io: ctx.io, settings: ctx.settings, profile, dryRun: Boolean(ctx.flags.dryRun) });
      if (!ctx.flags.dryRun) await printChanged(ctx.printer, 'profile', profile, 'use');
    });
}

export async function runConfigUse(o: ConfigUseOptions): Promise<void> {
  checkProfileName(o.profile);
  const store = await o.settings.openStore();
  const known = store.profiles();
  if (o.profile !== 'default' && !known.includes(o.profile))
    throw new UsageError(
      `no profile "${o.profile}" in the config file (profiles: ${known.join(', ') || 'none'})`,
      `create it with a setting first: ops -p ${o.profile} config set <key> <value>`,
    );
  if (o.dryRun) {
    o.io.stderr.write(`dry run: would make ${o.profile} the current profile\n`);
    return;
  }
  store.useProfile(o.profile);
  if (o.io.stderrIsTty) o.io.stderr.write(`now using profile ${o.profile}\n`);
}
