import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import type { Settings } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import { ALIAS_NAME, type Alias, storedExpansion } from '../../extensions/aliases.js';
import { splitWords } from '../../extensions/expand.js';
import { findPlugin } from '../../extensions/plugins.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import type { Printer } from '../../output/printer.js';
import { readStdinValue } from '../shared/secret-input.js';
import { verbCommand } from '../shared/verbs.js';
import { ALIAS_COLUMNS } from './columns.js';

export interface AliasSetOptions {
  io: Io;
  printer: Printer;
  feedback: Feedback;
  settings: Settings;
  name: string;
  /** `-` reads it from stdin (gh), which spares a quoting. */
  expansion: string;
  shell: boolean;
  /** The words ops's own commands answer to: an alias never shadows one. */
  commands: readonly string[];
  /** The services among them, named as such in the refusal. */
  services: readonly string[];
  /** Says what it would set, and writes nothing. */
  dryRun: boolean;
}

export function aliasSetCommand(factory: Factory, run = runAliasSet): Command {
  return verbCommand(
    'set',
    'Make NAME stand for EXPANSION: `ops NAME ARGS…` runs it, $1…$N filled from ARGS, the rest appended',
    [
      "ops alias set hl 'hosts list --limit $1' && ops hl 5 -o json",
      "ops alias set tl 'tasks list --list' && ops tl @default",
      "ops alias set --shell count 'ops hosts list --all -o ndjson | wc -l'",
      "echo 'hosts totals' | ops alias set ht -",
    ],
    {
      notes: `An expansion starts with a command of ops (or a plugin's name); one starting with ! or given
--shell is a script for sh -c instead, its arguments in "$@" ($1…). "-" reads the
expansion from stdin. Setting a name again replaces what it stood for.`,
    },
  )
    .argument('<name>', 'one word: a-z, 0-9 and -')
    .argument('<expansion>', 'what it stands for, in one quoted argument; - reads it from stdin')
    .option('--shell', 'run the expansion with sh -c, so that it may pipe, chain and redirect')
    .action(async (name: string, expansion: string, o: { shell?: boolean }, cmd: Command) => {
      const ctx = await factory.context(cmd, { tolerant: true });
      await run({
        io: ctx.io,
        printer: ctx.printer,
        feedback: ctx.feedback,
        settings: ctx.settings,
        name,
        expansion,
        shell: Boolean(o.shell),
        commands: factory.commandNames(),
        services: factory.services.map((s) => s.name),
        dryRun: Boolean(ctx.flags.dryRun),
      });
    });
}

export async function runAliasSet(o: AliasSetOptions): Promise<void> {
  if (!ALIAS_NAME.test(o.name))
    throw new UsageError(
      `invalid alias name "${o.name.slice(0, 40)}"`,
      'give one word of a-z, 0-9 and -, not starting with -',
    );
  if (o.commands.includes(o.name))
    throw new UsageError(
      `alias "${o.name}" would shadow the ${o.services.includes(o.name) ? 'service' : 'built-in command'} 'ops ${o.name}'`,
      "ops's own commands always win: choose another name",
    );
  let text = o.expansion === '-' ? await readStdinValue(o.io, 'the expansion') : o.expansion;
  const shell = o.shell || text.startsWith('!');
  if (text.startsWith('!')) text = text.slice(1);
  if (text.trim() === '')
    throw new UsageError(
      `empty expansion for alias "${o.name}"`,
      "give what it stands for: ops alias set NAME 'hosts list'",
    );
  if (!shell) {
    const first = splitWords(text)[0] ?? '';
    if (!o.commands.includes(first) && findPlugin(first, o.io.env) === undefined)
      throw new UsageError(
        `the expansion of alias "${o.name}" does not start with a command of ops: "${first.slice(0, 40)}"`,
        'start it with a service or a built-in command (ops --help lists them), or give --shell to run it with sh',
      );
  }
  const alias: Alias = { name: o.name, expansion: text, shell };
  if (o.dryRun) {
    o.io.stderr.write(`dry run: would set alias ${o.name} to ${alias.shell ? '!' : ''}${alias.expansion}\n`);
    return;
  }
  const store = await o.settings.openStore();
  const existed = Object.hasOwn(store.aliases(), o.name);
  store.setAlias(o.name, storedExpansion(alias));
  await o.printer.print(alias, { columns: ALIAS_COLUMNS });
  o.feedback.done(`${existed ? 'Changed' : 'Added'} alias ${o.name}`);
}
