import { Argument, type Command } from 'commander';
import { completing, configKeyCompletion } from '../shared/complete.js';
import { verbCommand } from '../shared/verbs.js';
import { type KeySource, findKey } from '../../config/keys.js';
import type { Settings } from '../../config/settings.js';
import type { Io } from '../../io.js';
import type { Factory } from '../../app/types.js';
import { forgetCredentials } from '../../config/credentials.js';
import { printChanged } from '../shared/outcome.js';
import { storageWarn } from '../shared/storage-warn.js';
import { splitKey } from './storage.js';

export interface ConfigUnsetOptions {
  /** The services whose keys a profile may hold (the service table). */
  services: readonly KeySource[];
  io: Io;
  settings: Settings;
  key: string;
  warn?: (line: string) => void;
  /** `--dry-run`: the key is checked, and nothing is removed. */
  dryRun?: boolean;
}

export function configUnsetCommand(factory: Factory, run = runConfigUnset): Command {
  return verbCommand(
    'unset',
    'Remove a key from the current profile (from the OS keyring too, where it is kept)',
    ['ops config unset hosts.api_key', 'ops -p staging config unset output'],
  )
    .addArgument(completing(new Argument('<key>', 'e.g. hosts.api_key'), configKeyCompletion))
    .action(async (key: string, _o: unknown, cmd: Command) => {
      const ctx = await factory.context(cmd, { tolerant: true });
      await run({
        services: factory.services,
        io: ctx.io,
        settings: ctx.settings,
        key,
        warn: storageWarn(ctx),
        dryRun: Boolean(ctx.flags.dryRun),
      });
      if (!ctx.flags.dryRun) await printChanged(ctx.printer, 'setting', key, 'unset');
    });
}

export async function runConfigUnset(o: ConfigUnsetOptions): Promise<void> {
  await findKey(o.key, o.services);
  if (o.dryRun) {
    o.io.stderr.write(`dry run: would unset ${o.key} in profile ${o.settings.profileName}\n`);
    return;
  }
  const parts = splitKey(o.key);
  // A secret kept in the OS keyring is forgotten there too.
  const removed = parts
    ? (await forgetCredentials(o.settings, parts.service, [parts.name], { warn: o.warn })).length > 0
    : (await o.settings.openStore()).unset(o.settings.profileName, o.key);
  if (o.io.stderrIsTty)
    o.io.stderr.write(
      removed ? `unset ${o.key}\n` : `${o.key} was not set in profile ${o.settings.profileName}\n`,
    );
}
