import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { SHARED_FLAGS } from '../../src/commands/shared/vocabulary.js';
import { verbMeta } from '../../src/commands/shared/verbs.js';
import { SERVICES } from '../../src/services.js';
import { testFactory } from '../helpers/factory.js';
import { memoryIo } from '../helpers/io.js';

const GROUPS = [...SERVICES.map((s) => s.name), 'config', 'api', 'sandbox', 'completion', 'upgrade'];

async function ownFlags(group: string): Promise<Record<string, string>> {
  return ((await import(`../../src/commands/${group}/flags.ts`)) as { OWN_FLAGS: Record<string, string> })
    .OWN_FLAGS;
}

/** Every leaf under the root, with the name of the root's child it is in. */
function leaves(root: Command): Array<{ path: string; top: string; cmd: Command }> {
  const out: Array<{ path: string; top: string; cmd: Command }> = [];
  const walk = (c: Command, path: string[]) => {
    if (c.commands.length === 0) out.push({ path: path.join(' '), top: path[0]!, cmd: c });
    for (const s of c.commands) walk(s, [...path, s.name()]);
  };
  for (const s of root.commands) walk(s, [s.name()]);
  return out;
}

describe('the flag vocabulary (docs/grammar.md, "Shared flags")', async () => {
  const root = await testFactory(memoryIo()).tree();
  const global = new Set(root.options.map((o) => o.long));
  const all = leaves(root);

  it('docs/grammar.md lists every group’s own flags, exactly as its flags.ts declares them', async () => {
    const grammar = readFileSync('docs/grammar.md', 'utf8');
    const table = grammar.slice(grammar.indexOf('| group | its own flags |'));
    const listed = new Map<string, string[]>();
    for (const row of table.split('\n').slice(2)) {
      const [, group = '', flags = ''] = row.split('|').map((c) => c.trim());
      if (group)
        listed.set(
          group,
          [...flags.matchAll(/`(--[a-z0-9-]+)`/g)].map((m) => m[1]!),
        );
    }
    for (const group of new Set(all.map((l) => l.top))) {
      const own = Object.keys(await ownFlags(group)).sort();
      expect(listed.get(group) ?? [], group).toEqual(own);
    }
  });

  it('SHARED_FLAGS is exactly the table of docs/grammar.md', () => {
    const grammar = readFileSync('docs/grammar.md', 'utf8');
    const table = grammar.slice(grammar.indexOf('| flag | meaning | peer |'), grammar.indexOf('## Values'));
    const named = new Set<string>();
    for (const row of table.split('\n').slice(2)) {
      const first = row.split('|')[1] ?? '';
      for (const m of first.matchAll(/`(--[a-z-]+)/g)) named.add(m[1]!);
    }
    expect(Object.keys(SHARED_FLAGS).sort()).toEqual([...named].sort());
  });

  it('every long flag of every leaf is global, shared, or its group’s own', async () => {
    const strays: string[] = [];
    for (const { path, top, cmd } of all) {
      const own = await ownFlags(top);
      for (const o of cmd.options) {
        if (!o.long || global.has(o.long) || o.long in SHARED_FLAGS || o.long in own) continue;
        strays.push(`${path} ${o.long}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('an own flag is used by its group, is not shared or global, and says why', async () => {
    for (const group of GROUPS) {
      const own = await ownFlags(group);
      const used = new Set(
        all.filter((l) => l.top === group).flatMap((l) => l.cmd.options.map((o) => o.long)),
      );
      for (const [flag, reason] of Object.entries(own)) {
        expect(used.has(flag), `${group} ${flag} is used`).toBe(true);
        expect(global.has(flag), `${group} ${flag} is global`).toBe(false);
        // The pipelines owner flags are listed as its own until one helper unifies them.
        if (!(group === 'pipelines' && flag === '--org'))
          expect(flag in SHARED_FLAGS, `${group} ${flag} is shared`).toBe(false);
        expect(reason.trim().length, `${group} ${flag} has a reason`).toBeGreaterThan(10);
      }
    }
  });

  it('every verb of a service that sends a credential has --token-stdin', () => {
    const services = new Set(SERVICES.map((s) => s.name));
    const missing = all
      .filter((l) => services.has(l.top) && verbMeta(l.cmd)?.credential !== false)
      .filter((l) => !l.cmd.options.some((o) => o.long === '--token-stdin'))
      .map((l) => l.path);
    expect(missing).toEqual([]);
    // And the old ways to give a credential on the command line are gone.
    const old = all.flatMap((l) =>
      l.cmd.options
        .filter((o) => ['--api-key', '--app-key', '--api-key-stdin'].includes(o.long ?? ''))
        .map((o) => `${l.path} ${o.long}`),
    );
    expect(old).toEqual([]);
  });

  it('the registry files are not imported by the CLI', () => {
    const registry = new Set([
      join('src', 'commands', 'shared', 'vocabulary.ts'),
      ...GROUPS.map((g) => join('src', 'commands', g, 'flags.ts')),
    ]);
    const files = (readdirSync('src', { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const importers = files.filter((f) =>
      [...readFileSync(join('src', f), 'utf8').matchAll(/from '(\.[^']*)\.js'/g)].some((m) =>
        registry.has(join('src', dirname(f), `${m[1]}.ts`)),
      ),
    );
    expect(importers).toEqual([]);
  });
});
