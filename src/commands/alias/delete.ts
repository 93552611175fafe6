import { Argument, type Command } from 'commander';
import { aliasCompletion, completing } from '../shared/complete.js';
import type { Factory } from '../../app/types.js';
import type { Settings } from '../../config/settings.js';
import { readConfigFile } from '../../config/file.js';
import { configFile } from '../../config/paths.js';
import { NotFoundError } from '../../errors.js';
import { aliasesIn } from '../../extensions/aliases.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import type { Printer } from '../../output/printer.js';
import { printDeleted } from '../shared/outcome.js';
import { verbCommand } from '../shared/verbs.js';

export interface AliasDeleteOptions {
  io: Io;
  printer: Printer;
  feedback: Feedback;
  settings: Settings;
  name: string;
  confirm: (action: string) => Promise<void>;
  /** Says what it would delete, and deletes nothing. */
  dryRun: boolean;
}

export function aliasDeleteCommand(factory: Factory, run = runAliasDelete): Command {
  return verbCommand('delete', 'Forget an alias', [
    "ops alias set hl 'hosts list' && ops alias delete hl --yes",
  ])
    .addArgument(completing(new Argument('<name>', 'the alias (ops alias list shows them)'), aliasCompletion))
    .action(async (name: string, _o: unknown, cmd: Command) => {
      const ctx = await factory.context(cmd, { tolerant: true });
      await run({
        io: ctx.io,
        printer: ctx.printer,
        feedback: ctx.feedback,
        settings: ctx.settings,
        name,
        confirm: (action) => ctx.confirm(action),
        dryRun: Boolean(ctx.flags.dryRun),
      });
    });
}

export async function runAliasDelete(o: AliasDeleteOptions): Promise<void> {
  const missing = () =>
    new NotFoundError({
      kind: 'alias',
      id: o.name,
      where: configFile(o.io.env),
      hint: 'ops alias list shows the aliases',
    });
  // As every delete (docs/grammar.md, "Outcomes"): asked first, then a missing one is exit 3.
  await o.confirm(`Delete alias ${o.name}`);
  if (!aliasesIn(readConfigFile(o.io.env)).some((a) => a.name === o.name)) throw missing();
  if (o.dryRun) {
    o.io.stderr.write(`dry run: would delete alias ${o.name}\n`);
    return;
  }
  if (!(await o.settings.openStore()).deleteAlias(o.name)) throw missing();
  await printDeleted(o, 'alias', o.name);
}
