import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { HostsClient } from '../../clients/hosts/client.js';
import { UsageError } from '../../errors.js';
import type { Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { MUTE_COLUMNS } from './mute.js';
import { completeArgument } from '../shared/complete.js';
import { hostCompletion, start } from './shared.js';

export interface HostsUnmuteOptions {
  printer: Printer;
  client: () => Promise<HostsClient>;
  host: string;
}

export function hostsUnmuteCommand(factory: Factory, run = runHostsUnmute): Command {
  const cmd = verbCommand('unmute', "Unmute a host's notifications", [
    'ops hosts unmute db-001',
    'ops hosts unmute queue-001 --json',
  ])
    .argument('<host>', 'host name')
    .action(async (host: string, _o: unknown, c: Command) => {
      if (host.trim() === '')
        throw new UsageError('the host name is empty', 'give the host name as `ops hosts list` shows it');
      const { base } = await start(factory, c);
      await run({ ...base, host });
    });
  return completeArgument(cmd, 0, hostCompletion);
}

export async function runHostsUnmute(o: HostsUnmuteOptions): Promise<void> {
  const res = await (await o.client()).unmuteHost(o.host);
  await o.printer.print(res, {
    columns: MUTE_COLUMNS.filter((c) => c.header !== 'end' && c.header !== 'message'),
  });
}
