import type { Command } from 'commander';
import { verbMeta } from '../../src/commands/shared/verbs.js';
import { main } from '../../src/main.js';
import { tempConfigDir } from '../helpers/cli.js';
import { helpExamples } from '../helpers/examples.js';
import { testFactory } from '../helpers/factory.js';
import { memoryIo } from '../helpers/io.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import { terminalIo } from '../helpers/terminal.js';

/**
 * What the fit tests share: every read verb of every service, run as its help examples write it (the
 * ones a plain argv can carry), on a terminal of a given width against the sandbox's seed data.
 */

export function leaves(cmd: Command, path: string[] = []): Array<{ path: string[]; cmd: Command }> {
  const here = cmd.name() === 'ops' ? [] : [...path, cmd.name()];
  if (cmd.commands.length === 0) return [{ path: here, cmd }];
  return cmd.commands.flatMap((c) => leaves(c, here));
}

/** A line of an example as argv, when it is one plain `ops …` command (no pipes, variables or redirections). */
export function argvOf(example: string): string[] | undefined {
  // A line continued with a backslash (a long example in an 80-column help page) is one command.
  const text = example.replace(/[ \t]*\\\n[ \t]*/g, ' ');
  if (!text.startsWith('ops ') || /[|$<>;&`\\]|#/.test(text)) return undefined;
  const words = text.match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
  return words.slice(1).map((w) => (/^['"]/.test(w) ? w.slice(1, -1) : w));
}

/** Every string under a key named `id` or ending in `Id`/`_id` in a JSON value. */
export function idsIn(v: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(v)) for (const x of v) idsIn(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (/^id$|Id$|_id$/.test(k) && (typeof x === 'string' || typeof x === 'number')) out.add(String(x));
      else idsIn(x, out);
    }
  return out;
}

/** Words that make an example print something other than a table (or wait on a clock). */
export const NOT_A_TABLE = new Set([
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
export const HEADER = /^[A-Z][A-Z0-9 %()/.-]*$/;

export const tree = await testFactory(memoryIo()).tree();
// A download writes files (into the test's folder): it prints no list.
export const reads = leaves(tree).filter(
  (l) => verbMeta(l.cmd)?.effect === 'read' && !verbMeta(l.cmd)?.download,
);
export const runs = reads.flatMap((l) => {
  const page = ['ops', ...l.path].join(' ');
  return helpExamples(page)
    .commands.map((c) => argvOf(c.text))
    .filter((a): a is string[] => a !== undefined && !a.some((w) => NOT_A_TABLE.has(w)))
    .map((argv) => ({ page, argv }));
});

export async function onTerminal(sb: TestSandbox, argv: string[], columns: number) {
  const io = terminalIo({ columns, env: { ...sb.env, OPS_CONFIG_DIR: tempConfigDir(), NO_COLOR: '1' } });
  const code = await main(['node', 'ops', ...argv], io);
  return { code, out: io.out() };
}

/** The ids in the `-o json` answer of an example, or none when it fails or is not JSON. */
export async function idsOf(sb: TestSandbox, argv: string[]): Promise<Set<string> | undefined> {
  const json = memoryIo({ env: { ...sb.env, OPS_CONFIG_DIR: tempConfigDir() } });
  const code = await main(['node', 'ops', ...argv, '-o', 'json'], json);
  if (code !== 0) return undefined;
  try {
    return idsIn(JSON.parse(json.out()));
  } catch {
    // Not JSON (a raw download, a log): widths are still checked.
    return new Set();
  }
}
