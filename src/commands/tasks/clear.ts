import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { Factory } from '../../app/types.js';
import { ListResolver, type TasksFlags, type TasksRunBase, addListOption, start } from './shared.js';

export interface TasksClearOptions extends TasksRunBase {
  list: string;
  confirm: (action: string) => Promise<void>;
}

export function tasksClearCommand(factory: Factory, run = runTasksClear): Command {
  return addListOption(
    verbCommand('clear', 'Hide the completed tasks of a list (listed afterwards only with --show-hidden)', [
      'ops tasks clear --yes',
      'ops tasks clear --list Groceries -y',
    ]),
  ).action(async (o: TasksFlags, c: Command) => {
    const { ctx, base, list } = await start(factory, c, o);
    await run({ ...base, list, confirm: (a) => ctx.confirm(a) });
  });
}

export async function runTasksClear(o: TasksClearOptions): Promise<void> {
  // Asked before any request: without a terminal and without --yes, nothing is sent.
  await o.confirm(`Hide the completed tasks of ${o.list}`);
  const client = await o.client();
  const list = await new ListResolver(client).resolve(o.list);
  await client.clearTasks(list);
  o.feedback.info(`Cleared the completed tasks of ${o.list}`);
}
