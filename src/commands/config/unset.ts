import { Command } from 'commander';
import { type KeySource, findKey } from '../../config/keys.js';
import type { Settings } from '../../config/settings.js';
import type { Io } from '../../io.js';
import type { Factory } from '../../app/types.js';

export interface ConfigUnsetOptions {
  /** The services whose keys a profile may hold (the service table). */
  services: readonly KeySource[];
  io: Io;
  settings: Settings;
  key: string;
}

export function configUnsetCommand(factory: Factory, run = runConfigUnset): Command {
  return new Command('unset')
    .description('Remove a key from the current profile')
    .argument('<key>', 'e.g. hosts.api_key')
    .addHelpText(
      'after',
      '\nExamples:\n  ops config unset hosts.api_key\n  ops -p staging config unset output',
    )
    .action(async (key: string, _o: unknown, cmd: Command) => {
      const ctx = await factory.context(cmd, { tolerant: true });
      await run({ services: factory.services, io: ctx.io, settings: ctx.settings, key });
    });
}

export async function runConfigUnset(o: ConfigUnsetOptions): Promise<void> {
  await findKey(o.key, o.services);
  const store = await o.settings.openStore();
  const removed = store.unset(o.settings.profileName, o.key);
  if (o.io.stderrIsTty)
    o.io.stderr.write(
      removed ? `unset ${o.key}\n` : `${o.key} was not set in profile ${o.settings.profileName}\n`,
    );
}
