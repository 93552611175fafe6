import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { readConfigFile } from '../../config/file.js';
import { type Alias, aliasesIn } from '../../extensions/aliases.js';
import { wireFields } from '../../clients/wire-fields.js';
import type { Io } from '../../io.js';
import type { Printer } from '../../output/printer.js';
import { verbCommand } from '../shared/verbs.js';
import { ALIAS_COLUMNS } from './columns.js';

/** An alias's fields, for `--json a,b`. */
export const ALIAS_FIELDS = wireFields<Alias>({ name: true, expansion: true, shell: true });

export interface AliasListOptions {
  io: Io;
  printer: Printer;
}

export function aliasListCommand(factory: Factory, run = runAliasList): Command {
  return verbCommand('list', 'List the aliases: each name and what it stands for', [
    'ops alias list',
    'ops alias list --json',
  ]).action(async (_o: unknown, cmd: Command) => {
    const ctx = await factory.context(cmd, { tolerant: true });
    await run({ io: ctx.io, printer: ctx.printer });
  });
}

export async function runAliasList(o: AliasListOptions): Promise<void> {
  await o.printer.print(aliasesIn(readConfigFile(o.io.env)), { columns: ALIAS_COLUMNS });
}
