import { Command } from 'commander';
import { type KeySource, knownKeys } from '../../config/keys.js';
import type { Settings } from '../../config/settings.js';
import { MASK } from '../../clients/http/redact.js';
import type { Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { originLabel } from './get.js';

export interface ConfigListOptions {
  /** The services whose keys a profile may hold (the service table). */
  services: readonly KeySource[];
  printer: Printer;
  settings: Settings;
  showOrigin: boolean;
  service: string | undefined;
}

export function configListCommand(factory: Factory, run = runConfigList): Command {
  return new Command('list')
    .description('List the keys that have a value, secrets masked')
    .argument('[service]', "only this service's keys")
    .option('--show-origin', 'say where each value came from: flag, env, profile or default')
    .addHelpText('after', '\nExamples:\n  ops config list --show-origin\n  ops config list hosts --json')
    .action(async (service: string | undefined, o: { showOrigin?: boolean }, cmd: Command) => {
      const ctx = await factory.context(cmd, { tolerant: true });
      await run({
        services: factory.services,
        printer: ctx.printer,
        settings: ctx.settings,
        showOrigin: Boolean(o.showOrigin),
        service,
      });
    });
}

export async function runConfigList(o: ConfigListOptions): Promise<void> {
  const rows: Array<{ key: string; value: string; origin?: string }> = [];
  for (const spec of await knownKeys(o.services)) {
    if (o.service && !spec.key.startsWith(`${o.service}.`)) continue;
    const r = o.settings.resolve(spec.key, spec.default);
    if (r.value === undefined) continue;
    const value = spec.secret ? MASK : r.value;
    rows.push(
      o.showOrigin
        ? { key: spec.key, value, origin: originLabel(r.origin, o.settings.profileName, r.envName) }
        : { key: spec.key, value },
    );
  }
  await o.printer.print(rows, {
    columns: [
      { header: 'key', get: (r) => r.key },
      { header: 'value', get: (r) => r.value },
      ...(o.showOrigin ? [{ header: 'origin', get: (r: (typeof rows)[number]) => r.origin }] : []),
    ],
  });
}
