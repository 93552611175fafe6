import { Argument, type Command } from 'commander';
import { completing, configKeyCompletion } from '../shared/complete.js';
import { verbCommand } from '../shared/verbs.js';
import { type KeySource, findKey } from '../../config/keys.js';
import type { Settings } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import { readStdinValue } from '../shared/secret-input.js';
import type { Factory } from '../../app/types.js';
import { checkBaseUrl } from '../../config/base-url.js';
import { saveCredentials } from '../../config/credentials.js';
import { printChanged } from '../shared/outcome.js';
import { storageWarn } from '../shared/storage-warn.js';
import { splitKey } from './storage.js';

export interface ConfigSetOptions {
  /** The services whose keys a profile may hold (the service table). */
  services: readonly KeySource[];
  io: Io;
  settings: Settings;
  key: string;
  /** `-` reads the value from stdin (or a hidden prompt on a terminal). */
  value: string;
  /** A secret goes to the 0600 config file even where the OS keyring answers. */
  insecureStorage: boolean;
  /** Says where a secret went when no keyring answered. */
  warn: (line: string) => void;
  /** `--dry-run`: the value is read and checked, and nothing is stored. */
  dryRun?: boolean;
}

export function configSetCommand(factory: Factory, run = runConfigSet): Command {
  return verbCommand(
    'set',
    'Set a key in the current profile; a value of "-" is read from stdin, so secrets stay off the command line',
    [
      'ops config set hosts.base_url https://api.example.com',
      'printf %s "$KEY" | ops config set hosts.api_key -',
      'printf %s "$KEY" | ops config set hosts.api_key - --insecure-storage',
      'ops -p staging config set output json',
    ],
    {
      notes: `A secret (a token, a key, a password) is read from stdin (-) only, never from the command line;
it goes to the OS keyring, where none answers to the 0600 config file, said on stderr.
OPS_NO_KEYRING=1 never asks the keyring.`,
    },
  )
    .addArgument(
      completing(new Argument('<key>', 'e.g. hosts.base_url, hosts.api_key, output'), configKeyCompletion),
    )
    .argument('<value>', 'the value, or - to read it from stdin (a secret: - only)')
    .option('--insecure-storage', 'keep a secret in the 0600 config file even where the OS keyring answers')
    .action(async (key: string, value: string, o: { insecureStorage?: boolean }, cmd: Command) => {
      const ctx = await factory.context(cmd, { tolerant: true });
      await run({
        services: factory.services,
        io: ctx.io,
        settings: ctx.settings,
        key,
        value,
        insecureStorage: Boolean(o.insecureStorage),
        warn: storageWarn(ctx),
        dryRun: Boolean(ctx.flags.dryRun),
      });
      if (!ctx.flags.dryRun) await printChanged(ctx.printer, 'setting', key, 'set');
    });
}

export async function runConfigSet(o: ConfigSetOptions): Promise<void> {
  const spec = await findKey(o.key, o.services);
  let value = o.value;
  // A secret typed here stays in the shell's history and in `ps` while ops runs (docs/configuration.md:
  // no command takes a secret on its command line).
  if (spec.secret && value !== '-')
    throw new UsageError(
      `${o.key} is a secret: it is not taken on the command line, where shell history and ps keep it`,
      `give it on stdin: ops config set ${o.key} - (it asks at a terminal)`,
    );
  if (value === '-') {
    value =
      o.io.stdinIsTty && o.io.prompt
        ? await o.io.prompt(`${o.key}: `, spec.secret)
        : await readStdinValue(
            o.io,
            `the value of ${o.key}`,
            `use \`ops config unset ${o.key}\` to remove it`,
          );
  }
  if (value === '')
    throw new UsageError(`empty value for ${o.key}`, `use \`ops config unset ${o.key}\` to remove it`);
  const parts = splitKey(o.key);
  // Refused as a request would refuse it, so that no command meets it later.
  if (parts?.name === 'base_url') checkBaseUrl(parts.service, value);
  const hint = spec.check?.(value);
  if (hint) throw new UsageError(`invalid value "${value}" for ${o.key}`, hint);
  if (o.dryRun) {
    // A secret's value is never said, not even here.
    const shown = spec.secret ? '' : ` to ${value}`;
    o.io.stderr.write(`dry run: would set ${o.key}${shown} in profile ${o.settings.profileName}\n`);
    return;
  }
  let where = '';
  if (spec.secret && parts) {
    const { storedIn } = await saveCredentials(
      o.settings,
      parts.service,
      { [parts.name]: value },
      [parts.name],
      {
        insecureStorage: o.insecureStorage,
        warn: o.warn,
      },
    );
    where = storedIn === 'keyring' ? ' (OS keyring)' : ' (config file)';
  } else if (parts) {
    // A key kept in the keyring goes from there: a key lives in one place only.
    await saveCredentials(o.settings, parts.service, { [parts.name]: value }, []);
  } else {
    const store = await o.settings.openStore();
    store.set(o.settings.profileName, o.key, value);
  }
  if (o.io.stderrIsTty) o.io.stderr.write(`set ${o.key} in profile ${o.settings.profileName}${where}\n`);
}
