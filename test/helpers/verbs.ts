import type { Command } from 'commander';
import { vi } from 'vitest';
import type { Factory } from '../../src/app/types.js';
import { testFactory as createFactory } from './factory.js';
import { makeStyle } from '../../src/output/color.js';
import { Feedback } from '../../src/output/feedback.js';
import { type OutputFormat, Printer } from '../../src/output/printer.js';
import { createRoot } from '../../src/program.js';
import { addVerbs, buildVerbs, write } from '../../src/commands/shared/verbs.js';
import { tempConfigDir } from './cli.js';
import { type MemoryIo, memoryIo } from './io.js';

/** Fields of a run function's options that are injected things, not parsed values. */
const INJECTED = new Set(['io', 'printer', 'feedback', 'client', 'clock']);

function silence(cmd: Command): void {
  cmd.exitOverride();
  cmd.configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined });
  for (const sub of cmd.commands) silence(sub);
}

/**
 * Parses `ops <service> <groups...> <args>` with one verb's builder whose run function is a spy, under
 * a root made as buildProgram makes it for a named command; returns the parsed values (injected things
 * left out) and the options, or throws what parsing threw.
 */
export async function parseVerb<O extends object>(
  service: string,
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  args: string[],
  o: { env?: Record<string, string>; input?: string; groups?: string[] } = {},
): Promise<{ values: Record<string, unknown>; options: O; calls: number }> {
  const io = memoryIo({ env: { OPS_CONFIG_DIR: tempConfigDir(), ...o.env }, input: o.input });
  const run = vi.fn(async (_o: O) => undefined);
  const root = createRoot(false);
  let parent = root.command(service);
  for (const g of o.groups ?? []) parent = parent.command(g);
  // Added as a service adds its verbs, so that it gets what every verb gets (`--token-stdin`).
  const factory = createFactory(io);
  const cmd = make(factory, run);
  addVerbs(parent, { [cmd.name()]: write(() => cmd) }, factory);
  buildVerbs(root);
  silence(root);
  await root.parseAsync(['node', 'ops', service, ...(o.groups ?? []), ...args]);
  const options = run.mock.calls[0]?.[0] as O;
  const values = Object.fromEntries(Object.entries(options ?? {}).filter(([k]) => !INJECTED.has(k)));
  return { values, options, calls: run.mock.calls.length };
}

/** A printer and feedback writing to memory, as a command's context would give them. */
export function output(
  o: { format?: OutputFormat; tty?: boolean; now?: number; input?: string; signal?: AbortSignal } = {},
): { io: MemoryIo; printer: Printer; feedback: Feedback } {
  const io = memoryIo({ tty: o.tty, input: o.input, signal: o.signal });
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
