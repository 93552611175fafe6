import type { Command } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import type { HostsClient } from '../../clients/hosts/client.js';
import type { HostMuteResponseWire, HostMuteSettingsWire } from '../../clients/hosts/types.js';
import { UsageError } from '../../errors.js';
import type { Printer } from '../../output/printer.js';
import type { Factory } from '../../app/types.js';
import { parseTime } from '../shared/parse.js';
import { completeArgument } from '../shared/complete.js';
import { hostCompletion, start } from './shared.js';
import { clockNow } from '../../clock.js';

export interface HostsMuteOptions {
  printer: Printer;
  client: () => Promise<HostsClient>;
  host: string;
  settings: HostMuteSettingsWire;
}

export const MUTE_COLUMNS = [
  { header: 'action', get: (r: HostMuteResponseWire) => r.action },
  { header: 'hostname', get: (r: HostMuteResponseWire) => r.hostname },
  { header: 'end', get: (r: HostMuteResponseWire) => r.end, format: 'relative' as const },
  { header: 'message', get: (r: HostMuteResponseWire) => r.message, kind: 'text' as const },
];

interface MuteFlags {
  end?: string;
  message?: string;
  override?: boolean;
}

/** `--end` is a time (epoch, ISO, -/+ relative) or a duration from now (`1h`); it must be in the future. */
export function parseMuteFlags(
  host: string,
  o: MuteFlags,
  now = clockNow(),
): Pick<HostsMuteOptions, 'host' | 'settings'> {
  if (host.trim() === '')
    throw new UsageError('the host name is empty', 'give the host name as `ops hosts list` shows it');
  const settings: HostMuteSettingsWire = {};
  if (o.end !== undefined) {
    const end = parseTime('--end', o.end, now);
    if (end <= Math.floor(now / 1000)) {
      throw new UsageError(
        `--end "${o.end}" is in the past`,
        'give a later time, or a duration such as 1h; leave it out to mute until unmuted',
      );
    }
    settings.end = end;
  }
  if (o.message !== undefined) settings.message = o.message;
  if (o.override) settings.override = true;
  return { host, settings };
}

export function hostsMuteCommand(factory: Factory, run = runHostsMute): Command {
  const cmd = verbCommand('mute', "Mute a host's notifications, until --end or until unmuted", [
    'ops hosts mute web-001 --end 1h --message "deploy"',
    'ops hosts mute db-001 --override --end 2026-12-31T18:00:00Z',
    'ops hosts mute queue-002',
  ])
    .argument('<host>', 'host name')
    .option(
      '--end <time>',
      'when the mute ends: a duration from now (30m, 1h, 2d), epoch seconds or an ISO time',
    )
    .option('--message <text>', 'why the host is muted')
    .option('--override', 'replace the mute of a host that is already muted')
    .action(async (host: string, o: MuteFlags, c: Command) => {
      const parsed = parseMuteFlags(host, o);
      const { base } = await start(factory, c);
      await run({ ...base, ...parsed });
    });
  return completeArgument(cmd, 0, hostCompletion);
}

export async function runHostsMute(o: HostsMuteOptions): Promise<void> {
  const res = await (await o.client()).muteHost(o.host, o.settings);
  await o.printer.print(res, { columns: MUTE_COLUMNS });
}
