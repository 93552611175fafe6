import { UsageError } from '../../errors.js';
import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import { type KeySource, knownKeys } from '../../config/keys.js';
import type { Settings } from '../../config/settings.js';
import { MASK, maskUrlPasswords } from '../../clients/http/redact.js';
import type { Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { storageWarn } from '../shared/storage-warn.js';
import { type Row, originLabel, rowColumns } from './rows.js';

export interface ConfigListOptions {
  /** The services whose keys a profile may hold (the service table). */
  services: readonly KeySource[];
  printer: Printer;
  settings: Settings;
  showOrigin: boolean;
  /** Says why keys the keyring holds could not be read. */
  warn?: (line: string) => void;
  /** Every key the tool knows, set or not, with what it is for. */
  all?: boolean;
  service: string | undefined;
}

export function configListCommand(factory: Factory, run = runConfigList): Command {
  return verbCommand('list', 'List the keys that have a value, secrets masked (--all: every key there is)', [
    'ops config list --show-origin',
    'ops config list hosts --json',
    'ops config list tasks --all',
  ])
    .argument('[service]', "only this service's keys")
    .option('--show-origin', 'say where each value came from: flag, env, profile or default')
    .option('--all', 'list every key the tool knows, with or without a value, and what it is for')
    .action(async (service: string | undefined, o: { showOrigin?: boolean; all?: boolean }, cmd: Command) => {
      const ctx = await factory.context(cmd, { tolerant: true });
      await run({
        services: factory.services,
        printer: ctx.printer,
        settings: ctx.settings,
        warn: storageWarn(ctx),
        showOrigin: Boolean(o.showOrigin),
        all: Boolean(o.all),
        service,
      });
    });
}

export async function runConfigList(o: ConfigListOptions): Promise<void> {
  const rows: Row[] = [];
  const names = o.services.map((s) => s.name);
  if (o.service !== undefined && !names.includes(o.service))
    throw new UsageError(`unknown service "${o.service}"`, `give one of: ${names.join(', ')}`);
  await o.settings.loadKeyring(o.service);
  if (o.settings.keyringProblem) o.warn?.(`ops: ${o.settings.keyringProblem}`);
  for (const spec of await knownKeys(o.services)) {
    if (o.service && !spec.key.startsWith(`${o.service}.`)) continue;
    const r = o.settings.resolve(spec.key, spec.default);
    if (r.value === undefined && !o.all) continue;
    // A password in an address (a file edited by hand: `ops config set` refuses one) is masked too.
    const value = r.value === undefined ? null : spec.secret ? MASK : maskUrlPasswords(r.value);
    const row: Row = { key: spec.key, value };
    if (o.showOrigin)
      row.origin =
        r.value === undefined ? '' : originLabel(r.origin, o.settings.profileName, r.envName, r.stored);
    if (o.all) row.description = spec.description;
    rows.push(row);
  }
  await o.printer.print(rows, { columns: rowColumns(o) });
}
