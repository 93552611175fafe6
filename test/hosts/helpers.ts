import type { Command } from 'commander';
import { vi } from 'vitest';
import type { HostsClient } from '../../src/clients/hosts/client.js';
import type { HostWire } from '../../src/clients/hosts/types.js';
import type { Page } from '../../src/clients/http/paginate.js';
import { type Factory, createFactory } from '../../src/commands/factory.js';
import { makeStyle } from '../../src/output/color.js';
import { Feedback } from '../../src/output/feedback.js';
import { type OutputFormat, Printer } from '../../src/output/printer.js';
import { createRoot } from '../../src/program.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { Clock, type Emulator, type Reply } from '../../src/sandbox/framework.js';
import { createEmulator } from '../../src/sandbox/hosts/index.js';
import { tempConfigDir } from '../helpers/cli.js';
import { type MemoryIo, memoryIo } from '../helpers/io.js';

/** Fields of an options object that are injected things, not parsed values. */
const INJECTED = new Set(['printer', 'feedback', 'client']);

function silence(cmd: Command): void {
  cmd.exitOverride();
  cmd.configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined });
  for (const sub of cmd.commands) silence(sub);
}

/**
 * Parses `ops hosts <args>` with one verb's builder whose run function is a spy; returns the parsed
 * values (injected things left out) and the options, or throws what parsing threw.
 */
export async function parseVerb<O extends object>(
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  args: string[],
  o: { env?: Record<string, string>; input?: string } = {},
): Promise<{ values: Record<string, unknown>; options: O; calls: number }> {
  const io = memoryIo({ env: { OPS_CONFIG_DIR: tempConfigDir(), ...o.env }, input: o.input });
  const run = vi.fn(async (_o: O) => undefined);
  const root = createRoot();
  root.command('hosts').addCommand(make(createFactory(io), run));
  silence(root);
  await root.parseAsync(['node', 'ops', 'hosts', ...args]);
  const options = run.mock.calls[0]?.[0] as O;
  const values = Object.fromEntries(Object.entries(options ?? {}).filter(([k]) => !INJECTED.has(k)));
  return { values, options, calls: run.mock.calls.length };
}

/** A printer and feedback writing to memory. */
export function output(o: { format?: OutputFormat; tty?: boolean; now?: number } = {}): {
  io: MemoryIo;
  printer: Printer;
  feedback: Feedback;
} {
  const io = memoryIo({ tty: o.tty });
  const now = o.now;
  return {
    io,
    printer: new Printer({
      io,
      format: o.format ?? 'table',
      color: false,
      ...(now ? { now: () => now } : {}),
    }),
    feedback: new Feedback(io, Boolean(o.tty), makeStyle(false)),
  };
}

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
  for (const items of pages) {
    yield {
      items,
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
    options: { credentials: { hosts: { ...SANDBOX_CREDENTIALS.hosts! } }, settings },
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
