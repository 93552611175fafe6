import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { servicesOf } from '../../src/commands/mcp/server.js';
import { kindOf } from '../../src/commands/mcp/tools.js';
import { main } from '../../src/main.js';
import { SERVICES } from '../../src/services.js';
import { helpExamples } from '../helpers/examples.js';
import { testFactory } from '../helpers/factory.js';
import { memoryIo } from '../helpers/io.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * Every verb declared a read (what `ops mcp` offers without --allow-writes) leaves its emulator as it
 * was: each example of its help page runs against a reset sandbox, and the digest of every emulator's
 * state (`/__sandbox/state`) is the same after as before. A verb that records something (a decision,
 * a token) is a write, whatever HTTP method it uses.
 */
const sb = await useSandbox();
const root = await testFactory(memoryIo()).tree();
const reads = (await servicesOf(root, SERVICES)).flatMap((s) =>
  s.verbs.filter((v) => kindOf(v.meta) === 'read').map((v) => `${s.service} ${v.path}`),
);

/** The words of one plain `ops …` line (quotes taken off); undefined for a line the shell must run. */
function words(line: string): string[] | undefined {
  if (/[|<>;&`$()]/.test(line.replace(/'[^']*'|"[^"]*"/g, ''))) return undefined;
  const out = [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  return out[0] === 'ops' ? out.slice(1) : undefined;
}

/**
 * Parts of an emulator's state that every request moves, whatever it does: request counters, rate
 * windows and the serial an answer carries. They are the emulator's bookkeeping, not the service's data.
 */
const BOOKKEEPING: Record<string, string> = {
  'hosts.counts': 'requests by outcome',
  'breach.counts': 'requests by outcome',
  'breach.stats': 'requests by outcome',
  'breach.buckets': 'rate-limit windows',
  'breach.domainWindows': 'the domain search rate window',
  'docgen.counts': 'requests by outcome',
  'dataapi.stats': 'requests by outcome',
  'dataapi.serial': 'the serial each answer carries',
};

/** Reads that leave something behind as the real service does, each with why it stays a read. */
const LEAVES: Record<string, string> = {
  // The API answers with a redirect to a short-lived download address; the emulator keeps what it serves.
  'runs job logs': 'runs.blobs',
};

type Digests = Record<string, Record<string, string>>;
const state = async () => (await sb.control('GET', 'state')) as Digests;

/** The parts of a state that differ, as `service.part`. */
const changes = (before: Digests, after: Digests) =>
  Object.keys(before).flatMap((service) =>
    Object.keys({ ...before[service], ...after[service] })
      .filter((part) => before[service]![part] !== after[service]?.[part])
      .map((part) => `${service}.${part}`),
  );

describe('a read verb changes no emulator state', () => {
  it('the sandbox digests every emulator', async () => {
    expect(Object.keys(await state()).sort()).toEqual(SERVICES.map((s) => s.name).sort());
  });

  it.each([
    [['tasks', 'lists', 'create', 'Walked'], '', 'tasks.users'],
    // It answers a decision and records it (policy decisions list shows it): a write, not a read.
    [
      ['pipelines', 'policy', 'evaluate', '--file', '-'],
      'version: 2.1\njobs:\n  build: {}\n',
      'pipelines.policy',
    ],
    // A GET, but each answer's link carries a fresh access token the service accepts later: a write.
    [['cloud', 'instance', 'console', '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01'], '', 'cloud.world'],
  ])('the walk sees a write: %j changes its state', async (argv, input, part) => {
    const before = await state();
    const dir = mkdtempSync(join(tmpdir(), 'ops-'));
    const io = memoryIo({ env: { ...sb.env, OPS_CONFIG_DIR: dir }, input });
    expect(await main(['node', 'ops', ...argv], io), io.err()).toBe(0);
    expect(changes(before, await state())).toContain(part);
  });

  it('every example of every read verb, run on a reset sandbox', async () => {
    const changed: string[] = [];
    let ran = 0;
    for (const verb of reads) {
      for (const example of helpExamples(`ops ${verb}`).commands) {
        const argv = words(example.text);
        if (!argv || argv.slice(0, verb.split(' ').length).join(' ') !== verb) continue;
        await sb.control('POST', 'reset');
        const before = await state();
        const dir = mkdtempSync(join(tmpdir(), 'ops-read-'));
        const io = memoryIo({
          env: { ...sb.env, OPS_CONFIG_DIR: dir, HOME: dir },
          cwd: dir,
          input: '',
          // A watch is stopped early: what it read by then is what is checked.
          signal: AbortSignal.timeout(3000),
        });
        await main(['node', 'ops', '--retries', '0', ...argv], io);
        ran++;
        const parts = changes(before, await state()).filter(
          (part) => !(part in BOOKKEEPING) && LEAVES[verb] !== part,
        );
        if (parts.length) changed.push(`${example.text}: ${parts.join(', ')}`);
      }
    }
    expect(changed).toEqual([]);
    expect(ran).toBeGreaterThan(150);
  }, 600_000);
});
