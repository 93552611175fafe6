import type { Command } from 'commander';
import { output, parseVerb as parseVerbOf } from '../helpers/verbs.js';
import type { HostsClient } from '../../src/clients/hosts/client.js';
import type { HostWire } from '../../src/clients/hosts/types.js';
import type { Page } from '../../src/clients/http/paginate.js';
import type { Factory } from '../../src/app/types.js';
import { SANDBOX_CREDENTIALS, SANDBOX_SETTINGS } from '../helpers/sandbox-tables.js';
import { Clock, type Emulator, type Reply } from '../../src/sandbox/core/framework.js';
import { createEmulator } from '../../src/sandbox/hosts/index.js';

/** What `ops sandbox env` exports for hosts, pointing nowhere: parsing sends nothing. */
export const ENV = {
  OPS_HOSTS_BASE_URL: 'http://127.0.0.1:9/hosts',
  OPS_HOSTS_API_KEY: SANDBOX_CREDENTIALS.hosts!.api_key!,
  OPS_HOSTS_APP_KEY: SANDBOX_CREDENTIALS.hosts!.app_key!,
};

/** `ops hosts <args>` parsed with the run function a spy (see test/helpers/verbs.ts). */
export function parseVerb<O extends object>(
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  args: string[],
  o: { env?: Record<string, string>; input?: string; groups?: string[] } = {},
) {
  return parseVerbOf('hosts', make, args, { ...o, env: { ...ENV, ...o.env } });
}

export { output };

/** A client whose every method fails unless the test gives it: an unexpected call is a failure. */
export function stubClient(over: Partial<HostsClient>): HostsClient {
  const fail = (name: string) => () => {
    throw new Error(`unexpected call to ${name}`);
  };
  const names: Array<keyof HostsClient> = [
    'listHosts',
    'listHostPages',
    'getHostTotals',
    'muteHost',
    'unmuteHost',
  ];
  return Object.fromEntries(names.map((n) => [n, over[n] ?? fail(n)])) as unknown as HostsClient;
}

/** Pages as the paginator yields them, from arrays of hosts and a total. */
export async function* pagesOf(pages: HostWire[][], total: number): AsyncGenerator<Page<HostWire>> {
  for (const [i, items] of pages.entries()) {
    yield {
      items,
      total,
      more: i < pages.length - 1,
      response: {
        status: 200,
        headers: {},
        data: { host_list: items, total_matching: total, total_returned: items.length },
        url: '',
        attempts: 1,
      },
    };
  }
}

export const KEYS = {
  'x-monitor-api-key': SANDBOX_CREDENTIALS.hosts!.api_key!,
  'x-monitor-application-key': SANDBOX_CREDENTIALS.hosts!.app_key!,
};

/** The emulator alone, on its own clock, answering requests as the sandbox server hands them over. */
export function emulator(settings: Record<string, string> = {}): {
  emu: Emulator;
  clock: Clock;
  call(
    method: string,
    pathAndQuery: string,
    o?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<Reply>;
} {
  const clock = new Clock();
  const emu = createEmulator({
    clock,
    options: { credentials: { hosts: { ...SANDBOX_CREDENTIALS.hosts! } }, settings, rules: SANDBOX_SETTINGS },
  });
  return {
    emu,
    clock,
    async call(method, pathAndQuery, o = {}) {
      const url = new URL(pathAndQuery, 'http://x');
      const body =
        o.body === undefined
          ? Buffer.alloc(0)
          : Buffer.from(typeof o.body === 'string' ? o.body : JSON.stringify(o.body));
      return emu.handle({
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: { ...KEYS, ...o.headers },
        body,
        params: {},
      });
    },
  };
}

export function fixtureHost(over: Partial<HostWire> = {}): HostWire {
  return {
    aliases: ['web-001.sandbox.internal'],
    apps: ['agent', 'ntp'],
    host_name: 'web-001',
    id: 42,
    is_muted: false,
    last_reported_time: 1_800_000_000,
    metrics: { cpu: 12.5, iowait: 0.5, load: 1.25 },
    name: 'web-001',
    sources: ['agent'],
    tags_by_source: { Datadog: ['role:web'] },
    up: true,
    ...over,
  };
}
