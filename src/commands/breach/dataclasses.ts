import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { BreachClient } from '../../clients/breach/client.js';
import type { Printer } from '../../output/printer.js';
import type { Feedback } from '../../output/feedback.js';
import { type ListFlags, addListFlags, parseListFlags } from '../shared/list-flags.js';
import { printWhole } from '../shared/list.js';
import type { Factory } from '../../app/types.js';
import { keyFor, start } from './shared.js';

export interface BreachDataclassesOptions {
  printer: Printer;
  feedback: Feedback;
  client: () => Promise<BreachClient>;
  limit: ListFlags['limit'];
}

export function breachDataclassesCommand(factory: Factory, run = runBreachDataclasses): Command {
  const cmd = verbCommand(
    'dataclasses',
    'List every data class (kind of exposed data), alphabetically (needs no key)',
    ['ops breach dataclasses', 'ops breach dataclasses --json', 'ops breach dataclasses --limit 5'],
    { notes: 'The service answers with every data class at once: --limit cuts the list here.' },
  );
  return addListFlags(cmd).action(async (o: { limit?: string; all?: boolean }, cmd: Command) => {
    const { limit } = parseListFlags(o);
    const { ctx, base } = await start(factory, cmd, {}, { client: keyFor('dataclasses', false) });
    await run({ printer: ctx.printer, feedback: ctx.feedback, client: base.client, limit });
  });
}

export async function runBreachDataclasses(o: BreachDataclassesOptions): Promise<void> {
  const client = await o.client();
  await printWhole({
    printer: o.printer,
    feedback: o.feedback,
    items: await client.dataClasses(),
    limit: o.limit,
    noun: 'data classes',
  });
}
