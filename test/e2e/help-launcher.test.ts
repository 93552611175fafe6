import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpPageNames, helpRequest } from '../../src/help-request.js';
import { displayWidth } from '../../src/output/text.js';
import { runLauncher } from '../helpers/launcher.js';
import { onTerminal, SCRIPT } from '../helpers/script-terminal.js';

// A help page the build wrote is printed by bin/ops.cjs itself, without compiling main, whenever main
// would print it as it is (src/help-request.ts's rules, which the launcher repeats); the root page, a
// missing page and a terminal the page does not fit are main's.
const ROOT = join(import.meta.dirname, '..', '..');
const HELP = join(ROOT, 'dist', 'help');

/** The built page main prints as it is for `args` (src/main.ts's helpPage), or undefined when it does not. */
function mainPage(args: string[]): string | undefined {
  const { argv, topic } = helpRequest(['node', 'ops', ...args]);
  const names = helpPageNames(argv, topic);
  if (!Array.isArray(names)) return undefined;
  for (const name of names) {
    const file = join(HELP, `${name}.txt`);
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return undefined;
}

/** Each topic's and each service's page, and every fifth deeper one, as a command line asks for it. */
function pageLines(): string[][] {
  const names = readdirSync(HELP)
    .filter((f) => f.endsWith('.txt') && f !== 'ops.txt')
    .map((f) => f.slice(0, -'.txt'.length))
    .sort();
  return names
    .filter((n, i) => n.startsWith('ops help ') || n.split(' ').length === 2 || i % 5 === 0)
    .map((n) => (n.startsWith('ops help ') ? n.split(' ').slice(1) : [...n.split(' ').slice(1), '--help']));
}

describe('help pages from the launcher', () => {
  it('prints the page main prints, without compiling main, for every form of asking', () => {
    const lines = [
      ...pageLines(),
      ['hosts', 'list', '-h'],
      ['help', 'hosts', 'list'],
      ['help', 'exit-codes'],
      ['secrets', 'kv', 'get', '--help'],
    ];
    expect(lines.length).toBeGreaterThan(60);
    for (const args of lines) {
      const page = mainPage(args);
      expect([args, page === undefined]).toEqual([args, false]);
      expect([args, runLauncher(args)]).toEqual([args, { status: 0, stdout: page, vm: false, caches: [] }]);
    }
  });

  it('leaves to main the root page, a missing page and anything else it does not print as built', () => {
    for (const args of [
      ['--help'],
      ['-h'],
      ['help'],
      ['nope', '--help'],
      ['HOSTS', '--help'],
      ['hosts', '--help', '--json'],
      ['hosts', 'list', '--limit', '5', '--help'],
      ['help', 'hosts', '--help'],
      ['help', '--json'],
      ['hosts', 'list', '--help', 'extra'],
    ]) {
      expect([args, mainPage(args)]).toEqual([args, undefined]);
      expect([args, runLauncher(args).vm]).toEqual([args, true]);
    }
  });

  it("ops help help: the help command's own page, from main (no page is built for it), exit 0", () => {
    const r = runLauncher(['help', 'help']);
    expect(r).toMatchObject({ status: 0, vm: true });
    expect(r.stdout).toMatch(/^Usage: ops help \[command\.\.\.\]\n/);
  });

  it.skipIf(!SCRIPT)(
    'on a terminal: the page where it fits, commander’s narrower render where not',
    async () => {
      const page = readFileSync(join(HELP, 'ops hosts.txt'), 'utf8');
      const widest = (text: string) => Math.max(...text.split('\n').map((l) => displayWidth(l)));
      expect(widest(page)).toBeGreaterThan(60);
      const wide = onTerminal(['hosts', '--help'], { HOME: tmpdir() }, '', { rows: 100, columns: 100 });
      expect(await wide.exit).toBe(0);
      expect(wide.screen().replaceAll('\r\n', '\n').trim()).toBe(page.trim());
      const narrow = onTerminal(['hosts', '--help'], { HOME: tmpdir() }, '', { rows: 100, columns: 60 });
      expect(await narrow.exit).toBe(0);
      const shown = narrow.screen().replaceAll('\r\n', '\n');
      // Commander's render for the terminal's width (main's path), not the 80-column page.
      expect(shown).toContain('Usage: ops hosts');
      expect(widest(shown)).toBeLessThan(widest(page));
    },
  );
});

if (!SCRIPT)
  console.warn('help-launcher.test.ts: util-linux script is missing: the terminal test is skipped');
