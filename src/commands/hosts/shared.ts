import { type HostsClient, createHostsClient } from '../../clients/hosts/client.js';
import type { HostWire } from '../../clients/hosts/types.js';
import type { Column } from '../../output/printer.js';
import { namingNotFound } from '../shared/not-found.js';
import type { CompletionSpec } from '../shared/complete.js';
import { serviceStart } from '../shared/start.js';

/** The start of every hosts verb: its context and client (the address and key checked first). */
export const start = serviceStart<HostsClient>('hosts', {
  create: (http) =>
    namingNotFound(createHostsClient(http), (op, [name]) =>
      op === 'muteHost' || op === 'unmuteHost'
        ? {
            kind: 'host',
            id: String(name),
            where: 'the hosts of this organization',
            hint: '`ops hosts list` shows the hosts (a host that stopped reporting long ago is gone)',
          }
        : undefined,
    ),
});

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

/**
 * The hosts a shell completes (`ops hosts mute <TAB>`): each name, with whether it is up and muted. The
 * word typed so far is the API's own name filter, so that a large fleet's page still holds the host
 * meant (and the word is part of the question the cache keeps); muted hosts come first.
 */
export const hostCompletion: CompletionSpec = {
  scope: (word) => word,
  list: async (c) => {
    const { base } = await start(c.factory, c.cmd);
    const hosts: HostWire[] = [];
    const query = { include_muted_hosts_data: true, ...(c.word ? { filter: c.word } : {}) };
    for await (const h of (await base.client()).listHosts(query, { limit: c.limit }))
      if (hosts.push(h) >= c.limit) break;
    return hosts
      .sort((a, b) => Number(Boolean(b.is_muted)) - Number(Boolean(a.is_muted)))
      .map((h) => ({
        value: String(h.name ?? h.host_name ?? ''),
        description: `${upText(h)}${h.is_muted ? `  muted ${mutedText(h)}` : ''}`,
      }));
  },
};
