import { Argument, type Command } from 'commander';
import { completing, configKeyCompletion } from '../shared/complete.js';
import { verbCommand } from '../shared/verbs.js';
import { type KeySource, findKey } from '../../config/keys.js';
import type { Settings } from '../../config/settings.js';
import { maskUrlPasswords } from '../../clients/http/redact.js';
import { ExitStatusError, ExitCode } from '../../errors.js';
import type { Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { refuseOnTerminal } from '../shared/reveal.js';
import { storageWarn } from '../shared/storage-warn.js';
import { type Row, originLabel } from './rows.js';

export interface ConfigGetOptions {
  /** The services whose keys a profile may hold (the service table). */
  services: readonly KeySource[];
  printer: Printer;
  settings: Settings;
  key: string;
  showOrigin: boolean;
  /** stdout is a terminal: a secret key's value is printed there only with `show`. */
  stdoutIsTty: boolean;
  /** --show: print a secret key's value on a terminal too. */
  show: boolean;
  /**
   * The value as a row (`{key, value}`, as `config list` has it), not as text: a format other than
   * table, --query, --field, --jq or --json FIELDS, which read that row.
   */
  row: boolean;
  /** Says why keys the keyring holds could not be read. */
  warn?: (line: string) => void;
}

export function configGetCommand(factory: Factory, run = runConfigGet): Command {
  return verbCommand(
    'get',
    'Print the value a key resolves to (flag > environment > profile > default)',
    [
      'ops config get hosts.base_url',
      'ops config get meter.api_version --show-origin',
      'ops config get hosts.base_url -o json',
      'ops config get hosts.api_key | wc -c',
    ],
    {
      notes: `A secret key's value (a token, a key, a password) is printed to a pipe or a file; on a terminal
only with --show, as ops auth token prints it.`,
    },
  )
    .addArgument(completing(new Argument('<key>', 'e.g. hosts.base_url'), configKeyCompletion))
    .option('--show-origin', 'also say where the value came from')
    .option('--show', "print a secret key's value on a terminal too")
    .action(async (key: string, o: { showOrigin?: boolean; show?: boolean }, cmd: Command) => {
      const ctx = await factory.context(cmd, { tolerant: true });
      const { query, field, jq, json } = ctx.flags;
      await run({
        services: factory.services,
        printer: ctx.printer,
        settings: ctx.settings,
        warn: storageWarn(ctx),
        key,
        showOrigin: Boolean(o.showOrigin),
        stdoutIsTty: ctx.io.stdoutIsTty,
        show: Boolean(o.show),
        row:
          ctx.printer.format !== 'table' ||
          query !== undefined ||
          field !== undefined ||
          jq !== undefined ||
          typeof json === 'string',
      });
    });
}

export async function runConfigGet(o: ConfigGetOptions): Promise<void> {
  const spec = await findKey(o.key, o.services);
  if (spec.secret) refuseOnTerminal(o.stdoutIsTty, o.key.split('.')[0]!, o.show);
  await o.settings.loadKeyring(o.key.split('.')[0]);
  if (o.settings.keyringProblem) o.warn?.(`ops: ${o.settings.keyringProblem}`);
  const r = o.settings.resolve(o.key, spec.default);
  if (r.value === undefined) throw new ExitStatusError(`${o.key} is not set`, ExitCode.notFound);
  // A secret is what get reveals; a password in an address (a file edited by hand) is not.
  const value = spec.secret ? r.value : maskUrlPasswords(r.value);
  if (!o.showOrigin && !o.row) return o.printer.data(value);
  const row: Row = { key: o.key, value };
  if (o.showOrigin) row.origin = originLabel(r.origin, o.settings.profileName, r.envName, r.stored);
  await o.printer.print(row);
}
