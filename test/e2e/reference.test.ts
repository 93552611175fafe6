import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  manPage,
  pageName,
  REFERENCE_COMMAND,
  REFERENCE_DIR,
  referencePages,
  TOPIC,
} from '../../scripts/manual.mjs';
import { ROOT } from '../helpers/examples.js';
import { runCli } from '../helpers/cli.js';

/**
 * The command reference (docs/reference, committed) and the man pages (dist/man, made by the build) are
 * the help pages of the command tree; a stale reference page fails here, naming the command that writes
 * it again.
 */

const helpDir = join(ROOT, 'dist', 'help');
const commands = readdirSync(helpDir)
  .filter((f) => f.endsWith('.txt'))
  .map((f) => f.slice(0, -4))
  .filter((c) => !TOPIC.test(c));

describe('the command reference in docs/reference', () => {
  it(`is the help of every command and topic of this build (else run \`${REFERENCE_COMMAND}\`)`, () => {
    const want = referencePages(ROOT);
    const dir = join(ROOT, REFERENCE_DIR);
    const have = readdirSync(dir).filter((f) => f.endsWith('.md'));
    const stale = [
      ...[...want].filter(([f, text]) => !have.includes(f) || readFileSync(join(dir, f), 'utf8') !== text),
      ...have.filter((f) => !want.has(f)).map((f) => [f]),
    ].map(([f]) => `${REFERENCE_DIR}/${f}`);
    expect(stale, `stale pages: run \`${REFERENCE_COMMAND}\``).toEqual([]);
    expect(want.size).toBeGreaterThan(280);
  });

  it('a page holds the help exactly as `ops … --help` prints it', async () => {
    const page = readFileSync(join(ROOT, REFERENCE_DIR, 'ops-runs-list.md'), 'utf8');
    const { stdout } = await runCli(['runs', 'list', '--help']);
    expect(page).toContain(`\`\`\`\n${stdout.trimEnd()}\n\`\`\``);
  });
});

describe('man pages', () => {
  it('one per command in dist/man, with unique names', () => {
    const man = readdirSync(join(ROOT, 'dist', 'man'));
    expect(man).toContain('ops.1');
    expect(man).toContain('ops-runs-list.1');
    expect(new Set(commands.map((c) => pageName(c, commands))).size).toBe(commands.length);
    expect(man.sort()).toEqual(commands.map((c) => `${pageName(c, commands)}.1`).sort());
  });

  it('ops-runs-list(1) is its help as roff: name, synopsis, flags, examples, see also', () => {
    const page = readFileSync(join(ROOT, 'dist', 'man', 'ops-runs-list.1'), 'utf8');
    expect(page).toMatch(
      /^\.TH "OPS-RUNS-LIST" "1" "" "ops \d+\.\d+\.\d+" "ops manual"\n\.SH NAME\nops\\-runs\\-list \\- List /,
    );
    expect(page).toContain('.SH SYNOPSIS\n.B ops runs list [options]');
    expect(page).toContain('.TP\n.B \\-\\-limit <n>\n');
    expect(page).toMatch(/\.SH EXAMPLES\n\.nf\n\.RS 4\nops runs list\n/);
    expect(page).toContain('.SH SEE ALSO\n.BR ops\\-runs (1)');
  });

  it('ops(1) carries the help topics as its ENVIRONMENT, EXIT STATUS, GLOBAL FLAGS and OUTPUT', () => {
    const page = readFileSync(join(ROOT, 'dist', 'man', 'ops.1'), 'utf8');
    for (const s of ['ENVIRONMENT', 'EXIT STATUS', 'GLOBAL FLAGS', 'OUTPUT'])
      expect(page).toContain(`\n.SH ${s}\n`);
    expect(page).toContain('OPS_HOSTS_API_KEY');
  });

  it('renders a page the same way each time (no date, nothing of the machine)', () => {
    const help = readFileSync(join(helpDir, 'ops hosts.txt'), 'utf8');
    const page = manPage('ops hosts', help, { version: '9.9.9', commands });
    expect(manPage('ops hosts', help, { version: '9.9.9', commands })).toBe(page);
    expect(page).not.toMatch(/\/home\/|\/work\//);
  });
});
