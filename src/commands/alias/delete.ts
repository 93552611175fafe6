import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import type { Settings } from '../../config/settings.js';
import { NotFoundError } from '../../errors.js';
import type { Feedback } from '../../output/feedback.js';
import type { Printer } from '../../output/printer.js';
import { printDeleted } from '../shared/outcome.js';
import { verbCommand } from '../shared/verbs.js';

export interface AliasDeleteOptions {
  printer: Printer;
  feedback: Feedback;
  settings: Settings;
  name: string;
  confirm: (action: string) => Promise<void>;
}

export function aliasDeleteCommand(factory: Factory, run = runAliasDelete): Command {
  return verbCommand('delete', 'Forget an alias', [
    "ops alias set hl 'hosts list' && ops alias delete hl --yes",
  ])
    .argument('<name>', 'the alias (ops alias list shows them)')
    .action(async (name: string, _o: unknown, cmd: Command) => {
      const ctx = await factory.context(cmd, { tolerant: true });
      await run({
        printer: ctx.printer,
        feedback: ctx.feedback,
        settings: ctx.settings,
        name,
        confirm: (action) => ctx.confirm(action),
      });
    });
}

export async function runAliasDelete(o: AliasDeleteOptions): Promise<void> {
  await o.confirm(`Delete alias ${o.name}`);
  const store = await o.settings.openStore();
  if (!store.deleteAlias(o.name))
    throw new NotFoundError({
      kind: 'alias',
      id: o.name,
      where: store.path,
      hint: 'ops alias list shows the aliases',
    });
  await printDeleted(o, 'alias', o.name);
}
