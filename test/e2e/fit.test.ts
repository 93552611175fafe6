import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { verbMeta } from '../../src/commands/shared/verbs.js';
import { main } from '../../src/main.js';
import { displayWidth } from '../../src/output/text.js';
import { tempConfigDir } from '../helpers/cli.js';
import { helpExamples } from '../helpers/examples.js';
import { testFactory } from '../helpers/factory.js';
import { memoryIo } from '../helpers/io.js';
import { useSandbox } from '../helpers/sandbox.js';
import { terminalIo } from '../helpers/terminal.js';

/**
 * Every read verb of every service, run as its help examples write it (the ones a plain argv can
 * carry), on a terminal 80 and 120 columns wide against the sandbox's seed data: no line of stdout is
 * wider than the terminal, and no id is cut (docs/grammar.md, "Tables").
 */

const sb = await useSandbox();

function leaves(cmd: Command, path: string[] = []): Array<{ path: string[]; cmd: Command }> {
  const here = cmd.name() === 'ops' ? [] : [...path, cmd.name()];
  if (cmd.commands.length === 0) return [{ path: here, cmd }];
  return cmd.commands.flatMap((c) => leaves(c, here));
}

/** A line of an example as argv, when it is one plain `ops …` command (no pipes, variables or redirections). */
function argvOf(text: string): string[] | undefined {
  if (!text.startsWith('ops ') || /[|$<>;&`\\]|#/.test(text)) return undefined;
  const words = text.match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
  return words.slice(1).map((w) => (/^['"]/.test(w) ? w.slice(1, -1) : w));
}

/** Every string under a key named `id` or ending in `Id`/`_id` in a JSON value. */
function idsIn(v: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(v)) for (const x of v) idsIn(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (/^id$|Id$|_id$/.test(k) && (typeof x === 'string' || typeof x === 'number')) out.add(String(x));
      else idsIn(x, out);
    }
  return out;
}

/** Words that make an example print something other than a table (or wait on a clock). */
const NOT_A_TABLE = new Set([
  'sandbox',
  '--help',
  '-o',
  '--json',
  '--field',
  '--query',
  '--watch',
  'watch',
  'logs',
  'help',
]);

/** The header line of a list: capitals, words apart. */
const HEADER = /^[A-Z][A-Z0-9 %()/.-]*$/;

const tree = await testFactory(memoryIo()).tree();
// A download writes files (into the test's folder): it prints no list.
const reads = leaves(tree).filter((l) => verbMeta(l.cmd)?.effect === 'read' && !verbMeta(l.cmd)?.download);
const runs = reads.flatMap((l) => {
  const page = ['ops', ...l.path].join(' ');
  return helpExamples(page)
    .commands.map((c) => argvOf(c.text))
    .filter((a): a is string[] => a !== undefined && !a.some((w) => NOT_A_TABLE.has(w)))
    .map((argv) => ({ page, argv }));
});

async function onTerminal(argv: string[], columns: number) {
  const io = terminalIo({ columns, env: { ...sb.env, OPS_CONFIG_DIR: tempConfigDir(), NO_COLOR: '1' } });
  const code = await main(['node', 'ops', ...argv], io);
  return { code, out: io.out() };
}

describe('every list fits a terminal of 80 and of 120 columns', () => {
  it('runs every list verb (one that declares `list`) at least once', () => {
    const lists = reads.filter((l) => verbMeta(l.cmd)?.list).map((l) => ['ops', ...l.path].join(' '));
    expect(lists.length).toBeGreaterThan(30);
    expect(lists.filter((page) => !runs.some((r) => r.page === page))).toEqual([]);
  });
  it('finds the read verbs and their examples', () => {
    expect(reads.length).toBeGreaterThan(90);
    expect(runs.map((r) => r.argv.slice(0, 2).join(' '))).toEqual(
      expect.arrayContaining(['runs list', 'cloud instance', 'dataapi errors']),
    );
  });
  for (const { page, argv } of runs) {
    it(`${page}: ops ${argv.join(' ')}`, async () => {
      const json = memoryIo({ env: { ...sb.env, OPS_CONFIG_DIR: tempConfigDir() } });
      const code = await main(['node', 'ops', ...argv, '-o', 'json'], json);
      if (code !== 0) return;
      let ids = new Set<string>();
      try {
        ids = idsIn(JSON.parse(json.out()));
      } catch {
        // Not JSON (a raw download, a log): widths are still checked below.
      }
      for (const columns of [80, 120]) {
        const { out } = await onTerminal(argv, columns);
        // A resource (key / value lines) or a chart is not a list: its values are shown whole.
        if (!HEADER.test(out.split('\n')[0]!)) return;
        const wide = out.split('\n').filter((l) => displayWidth(l) > columns);
        expect(wide, `${columns} columns`).toEqual([]);
        for (const cut of out.match(/\S+…/g) ?? []) {
          const start = cut.slice(0, -1);
          if (start.length < 4) continue;
          expect(
            [...ids].filter((id) => id !== start && id.startsWith(start)),
            `${cut} at ${columns}`,
          ).toEqual([]);
        }
      }
    });
  }
});
