import { Argument, type Command } from 'commander';
import { completing, configKeyCompletion } from '../shared/complete.js';
import { verbCommand } from '../shared/verbs.js';
import { type KeySource, findKey } from '../../config/keys.js';
import type { Settings } from '../../config/settings.js';
import { maskUrlPasswords } from '../../clients/http/redact.js';
import { ExitStatusError, ExitCode } from '../../errors.js';
import type { Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { storageWarn } from '../shared/storage-warn.js';

export interface ConfigGetOptions {
  /** The services whose keys a profile may hold (the service table). */
  services: readonly KeySource[];
  printer: Printer;
  settings: Settings;
  key: string;
  showOrigin: boolean;
  /** Says why keys the keyring holds could not be read. */
  warn?: (line: string) => void;
}

export function configGetCommand(factory: Factory, run = runConfigGet): Command {
  return verbCommand('get', 'Print the value a key resolves to (flag > environment > profile > default)', [
    'ops config get hosts.base_url',
    'ops config get meter.api_version --show-origin',
  ])
    .addArgument(completing(new Argument('<key>', 'e.g. hosts.base_url'), configKeyCompletion))
    .option('--show-origin', 'also say where the value came from')
    .action(async (key: string, o: { showOrigin?: boolean }, cmd: Command) => {
      const ctx = await factory.context(cmd, { tolerant: true });
      await run({
        services: factory.services,
        printer: ctx.printer,
        settings: ctx.settings,
        warn: storageWarn(ctx),
        key,
        showOrigin: Boolean(o.showOrigin),
      });
    });
}

export async function runConfigGet(o: ConfigGetOptions): Promise<void> {
  const spec = await findKey(o.key, o.services);
  await o.settings.loadKeyring(o.key.split('.')[0]);
  if (o.settings.keyringProblem) o.warn?.(`ops: ${o.settings.keyringProblem}`);
  const r = o.settings.resolve(o.key, spec.default);
  if (r.value === undefined) throw new ExitStatusError(`${o.key} is not set`, ExitCode.notFound);
  // A secret is what get reveals; a password in an address (a file edited by hand) is not.
  const value = spec.secret ? r.value : maskUrlPasswords(r.value);
  if (o.showOrigin)
    await o.printer.print({
      key: o.key,
      value,
      origin: originLabel(r.origin, o.settings.profileName, r.envName, r.stored),
    });
  else await o.printer.data(value);
}

export function originLabel(
  origin: string | undefined,
  profile: string,
  envName: string,
  stored?: 'keyring' | 'file',
): string {
  if (origin === 'env') return `env ${envName}`;
  if (origin === 'profile' && stored === 'keyring') return 'keyring';
  if (origin === 'profile') return `profile ${profile}`;
  return origin ?? '';
}
