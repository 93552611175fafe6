import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { BreachClient } from '../../clients/breach/client.js';
import type { Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { keyFor, start } from './shared.js';

export interface BreachDataclassesOptions {
  printer: Printer;
  client: () => Promise<BreachClient>;
}

export function breachDataclassesCommand(factory: Factory, run = runBreachDataclasses): Command {
  return verbCommand(
    'dataclasses',
    'List every data class (kind of exposed data), alphabetically (needs no key)',
    ['ops breach dataclasses', 'ops breach dataclasses --json'],
  ).action(async (_o: unknown, cmd: Command) => {
    const { ctx, base } = await start(factory, cmd, {}, { client: keyFor('dataclasses', false) });
    await run({
      printer: ctx.printer,
      client: base.client,
    });
  });
}

export async function runBreachDataclasses(o: BreachDataclassesOptions): Promise<void> {
  const client = await o.client();
  await o.printer.print(await client.dataClasses());
}
