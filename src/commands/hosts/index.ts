import type { Command } from 'commander';
import { TOTALS_FIELDS } from '../../clients/hosts/types.js';
import type { Factory } from '../../app/types.js';
import { HOST_FIELDS } from '../../clients/hosts/types.js';
import { hostsListCommand } from './list.js';
import { hostsMuteCommand } from './mute.js';
import { hostsTotalsCommand } from './totals.js';
import { hostsUnmuteCommand } from './unmute.js';
import { addVerbs, read, write, groupCommand } from '../shared/verbs.js';

export function register(parent: Command, factory: Factory): void {
  const group = groupCommand(
    parent,
    'hosts',
    'Host monitoring: list and count hosts, mute and unmute their notifications',
    ['ops hosts list --filter role:web --limit 20', 'ops hosts totals', 'ops hosts mute web-001 --end 1h'],
  );
  addVerbs(
    group,
    {
      list: read(hostsListCommand, { list: true, fields: HOST_FIELDS }),
      totals: read(hostsTotalsCommand, { fields: TOTALS_FIELDS }),
      mute: write(hostsMuteCommand, { idempotent: true }),
      unmute: write(hostsUnmuteCommand, { idempotent: true }),
    },
    factory,
  );
}

/** `ops sandbox demo` steps; each succeeds against a fresh sandbox (120 hosts). */
export const demo: Array<{ title: string; argv: string[] }> = [
  { title: 'Active and up hosts', argv: ['hosts', 'totals'] },
  {
    title: 'Database hosts, with mute expiry',
    argv: ['hosts', 'list', '--filter', 'role:db', '--include-muted', '--limit', '5'],
  },
  {
    title: 'Busiest hosts',
    argv: ['hosts', 'list', '--sort-field', 'cpu', '--sort-dir', 'desc', '--limit', '3'],
  },
  {
    title: 'Mute a host for an hour',
    argv: ['hosts', 'mute', 'web-001', '--end', '1h', '--message', 'deploy'],
  },
  { title: 'Unmute it', argv: ['hosts', 'unmute', 'web-001'] },
  // The same service as an AI agent sees it through `ops mcp`: its tool's verbs.
  {
    title: 'The hosts tool of ops mcp: the verbs an agent may call (read-only by default)',
    argv: ['mcp', 'tools', '--services', 'hosts', '--query', 'tools[0].inputSchema.properties.command.enum'],
  },
];
