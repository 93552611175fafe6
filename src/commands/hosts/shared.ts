import type { Command } from 'commander';
import { type HostsClient, createHostsClient } from '../../clients/hosts/client.js';
import type { HostWire } from '../../clients/hosts/types.js';
import { UsageError } from '../../errors.js';
import { readAllText } from '../../io.js';
import type { Column } from '../../output/printer.js';
import type { Context, Factory } from '../../app/types.js';

export interface KeyFlags {
  apiKey?: string;
  appKey?: string;
}

/** `--api-key` / `--app-key` on every verb: a value of `-` is read from stdin, so no secret need be typed. */
export function addKeyOptions(cmd: Command): Command {
  return cmd
    .option(
      '--api-key <key>',
      'API key (X-Monitor-Api-Key); - reads it from stdin; prefer OPS_HOSTS_API_KEY or the profile',
    )
    .option(
      '--app-key <key>',
      'application key (X-Monitor-Application-Key); - reads it from stdin; prefer OPS_HOSTS_APP_KEY',
    );
}

/**
 * The command context, with keys given as flags in force. The core resolves credentials from env and
 * profile only, so flag values are laid over the environment that the context reads; since the
 * environment outranks the profile, the flag > env > profile order is kept. `io` replaces the
 * factory's (a buffered stdout, say).
 */
export async function hostsContext(factory: Factory, cmd: Command, flags: KeyFlags): Promise<Context> {
  if (flags.apiKey === '-' && flags.appKey === '-') {
    throw new UsageError(
      '--api-key and --app-key cannot both read stdin',
      'give one of them through OPS_HOSTS_API_KEY / OPS_HOSTS_APP_KEY',
    );
  }
  const settings: Record<string, string> = {};
  for (const [flag, value, key] of [
    ['--api-key', flags.apiKey, 'hosts.api_key'],
    ['--app-key', flags.appKey, 'hosts.app_key'],
  ] as const) {
    if (value === undefined) continue;
    const v = value === '-' ? (await readAllText(factory.io.stdin)).replace(/\r?\n$/, '') : value;
    if (v === '') throw new UsageError(`${flag} is empty`, 'give the key, or - with the key on stdin');
    settings[key] = v;
  }
  return factory.context(cmd, { settings });
}

/** The client, built (and the keys checked) when the run function first needs it, before any request. */
export function hostsClient(ctx: Context): () => Promise<HostsClient> {
  return async () => (await ctx.serviceClient('hosts', createHostsClient))();
}

function isoSeconds(epoch: number): string {
  return new Date(epoch * 1000).toISOString().replace(/\.000Z$/, 'Z');
}

/** `UP`, or `???` when the expected metrics do not arrive (the API's `up: false`). */
export function upText(h: HostWire): string {
  return h.up === true ? 'UP' : '???';
}

/** `no`, `yes` (until unmuted, or no expiry data), or `until <time>`. */
export function mutedText(h: HostWire): string {
  if (!h.is_muted) return 'no';
  return typeof h.mute_timeout === 'number' ? `until ${isoSeconds(h.mute_timeout)}` : 'yes';
}

export const HOST_COLUMNS: Column<HostWire>[] = [
  { header: 'name', get: (h) => h.name ?? h.host_name },
  { header: 'id', get: (h) => h.id ?? h.aws_id },
  { header: 'up', get: upText, color: (v, s) => (v === 'UP' ? s.green : s.yellow) },
  { header: 'muted', get: mutedText, priority: 2 },
  { header: 'apps', get: (h) => h.apps, kind: 'text', priority: 3 },
  { header: 'sources', get: (h) => h.sources, kind: 'text', priority: 3 },
  { header: 'cpu', get: (h) => h.metrics?.cpu },
  { header: 'iowait', get: (h) => h.metrics?.iowait, priority: 3 },
  { header: 'load', get: (h) => h.metrics?.load, priority: 2 },
  { header: 'last reported', get: (h) => h.last_reported_time, format: 'relative' },
];
