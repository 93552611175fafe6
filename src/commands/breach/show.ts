import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { BreachClient } from '../../clients/breach/client.js';
import { NotFoundError, UsageError } from '../../errors.js';
import type { Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { BREACH_DETAIL, keyFor, start } from './shared.js';

export interface BreachShowOptions {
  printer: Printer;
  client: () => Promise<BreachClient>;
  name: string;
}

export function breachShowCommand(factory: Factory, run = runBreachShow): Command {
  return verbCommand(
    'show',
    'Show one breach by its name (needs no key); the table shows the HTML description as text',
    ['ops breach show Adobe', 'ops breach show Adobe --json', 'ops breach show Adobe --field DataClasses'],
  )
    .argument('<name>', 'the breach name, e.g. Adobe (`ops breach list` shows them)')
    .action(async (name: string, _o: unknown, cmd: Command) => {
      if (name.trim() === '')
        throw new UsageError(
          'the breach name is empty',
          'give a name such as Adobe; `ops breach list` shows them',
        );
      const { ctx, base } = await start(factory, cmd, {}, { client: keyFor('show', false) });
      await run({
        printer: ctx.printer,
        client: base.client,
        name: name.trim(),
      });
    });
}

export async function runBreachShow(o: BreachShowOptions): Promise<void> {
  const client = await o.client();
  const breach = await client.breach(o.name);
  if (!breach) {
    throw new NotFoundError(
      {
        kind: 'breach',
        id: o.name,
        where: 'the breaches the service lists',
        hint: '`ops breach list` shows the names; retired breaches are not returned',
      },
      { service: 'breach', status: 404 },
    );
  }
  await o.printer.print(breach, { columns: BREACH_DETAIL });
}
