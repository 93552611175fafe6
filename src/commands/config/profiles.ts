import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Settings } from '../../config/settings.js';
import type { Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { wireFields } from '../../clients/wire-fields.js';

/** A row's fields, for `--json a,b`. */
export const PROFILE_FIELDS = wireFields<{ name: string; current: boolean }>({ name: true, current: true });

export interface ConfigProfilesOptions {
  printer: Printer;
  settings: Settings;
}

export function configProfilesCommand(factory: Factory, run = runConfigProfiles): Command {
  return verbCommand('profiles', 'List the profiles in the config file; the current one is marked', [
    'ops config profiles',
    'ops config profiles --json',
  ]).action(async (_o: unknown, cmd: Command) => {
    const ctx = await factory.context(cmd, { tolerant: true });
    await run({ printer: ctx.printer, settings: ctx.settings });
  });
}

export async function runConfigProfiles(o: ConfigProfilesOptions): Promise<void> {
  // A read: the file as it is, never made nor opened for writing (a read-only folder lists too).
  const names = await o.settings.profiles();
  const current = o.settings.profileName;
  const rows = names.map((name) => ({ name, current: name === current }));
  await o.printer.print(rows, {
    columns: [
      { header: 'name', get: (r) => r.name },
      { header: 'current', get: (r) => (r.current ? '*' : '') },
    ],
  });
}
