import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documented, rewrites, runsAsDocumented, skips } from '../helpers/documented.js';
import {
  manualPages,
  markdownExamples,
  ROOT,
  type RunOptions,
  runExample,
  splitCommands,
} from '../helpers/examples.js';
import { SERVICES } from '../../src/services.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * Every example of the manual (README.md and every Markdown page under docs/) runs as written through
 * the built CLI against the sandbox and exits as documented. The markup (`# exit N`, `<!-- not run: … -->`, fence languages) is described in
 * test/helpers/examples.ts; where the run departs from the text, test/helpers/documented.ts says so and
 * why. test/e2e/help-examples.test.ts runs the help pages' examples the same way.
 */

const sb = await useSandbox();

// A reader runs a page's examples top to bottom against one sandbox, so they run that way here: one
// script a page, in one folder with one config, the sandbox reset once before it. A block that leaves
// a setting or a state behind (a list chosen, an instance stopped) is met by the blocks after it.
describe('every page of the manual runs as written, top to bottom, against one sandbox', () => {
  for (const page of manualPages()) {
    const examples = markdownExamples(readFileSync(join(ROOT, page), 'utf8'), page);
    for (const example of examples)
      if (example.skip) it.skip(`${example.name}: not run: ${example.skip}`, () => undefined);
    const run = examples.filter((e) => !e.skip);
    if (run.length === 0) continue;
    const whole = { name: page, commands: run.flatMap((e) => e.commands) };
    const ms = 60_000 + 30_000 * run.length;
    it(page, runsAsDocumented(whole, { ...documented(sb), timeoutMs: ms }), ms + 20_000);
  }
});

describe('the manual', () => {
  it('is the README and the pages under docs/, a page for every service among them', () => {
    const pages = manualPages();
    expect(pages[0]).toBe('README.md');
    for (const s of SERVICES) expect(pages).toContain(`docs/services/${s.name}.md`);
    expect(pages).toContain('docs/configuration.md');
  });

  it('links only to files that exist', () => {
    const broken: string[] = [];
    for (const page of manualPages())
      for (const [, target] of readFileSync(join(ROOT, page), 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
        const path = target!.split('#')[0]!;
        if (path === '' || /^[a-z]+:/.test(path)) continue;
        if (!existsSync(join(ROOT, dirname(page), path))) broken.push(`${page}: ${target}`);
      }
    expect(broken).toEqual([]);
  });

  it('keeps the README a front page of at most 400 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(400);
  });
});

describe('the example runner', () => {
  it('splits commands: continued lines and here-documents are one, comments and blank lines none', () => {
    const lines = [
      'cat > f <<EOF',
      'a # not a comment',
      'EOF',
      'ops x \\',
      '  --y',
      '# note',
      '',
      'ops z   # exit 3: why',
    ];
    expect(splitCommands(lines, 10)).toEqual([
      { text: 'cat > f <<EOF\na # not a comment\nEOF', exit: 0, line: 10 },
      { text: 'ops x \\\n  --y', exit: 0, line: 13 },
      { text: 'ops z   # exit 3: why', exit: 3, line: 17 },
    ]);
    expect(splitCommands(["echo '# exit 3'", 'ops y --exit-status || echo "exit $?"'])).toMatchObject([
      { exit: 0 },
      { exit: 0 },
    ]);
  });

  it('reads the markup: sh blocks with their place and skip marker; other languages are no examples', () => {
    const md = [
      '# T',
      '<!-- not run: why not -->',
      '```sh',
      'ops a',
      '```',
      '```yaml',
      'k: v',
      '```',
      '## H',
      '```sh',
      'ops b # exit 2',
      '```',
    ].join('\n');
    expect(markdownExamples(md)).toEqual([
      { name: 'README.md:3 (# T)', skip: 'why not', commands: [{ text: 'ops a', exit: 0, line: 4 }] },
      {
        name: 'README.md:10 (## H)',
        skip: undefined,
        commands: [{ text: 'ops b # exit 2', exit: 2, line: 11 }],
      },
    ]);
    expect(() => markdownExamples('```bash\nls\n```')).toThrow(/README.md:1 \(\): a ```bash block/);
    expect(() => markdownExamples('```sh\nls\n')).toThrow(/never closed/);
  });

  const run = (lines: string[], o: Partial<RunOptions> & { alone?: boolean } = {}) =>
    runExample({ name: 'test', commands: splitCommands(lines) }, { sandbox: sb, ...o });

  it('fails a command that exits otherwise than documented, and passes one that exits as marked', async () => {
    expect((await run(['ops hosts unmute web-001'])).failures).toEqual([
      'line 1: ops hosts unmute web-001 → exit 1, not 0',
    ]);
    const marked = await run(['ops hosts unmute web-001   # exit 1: not muted', 'ops hosts unmute db-001']);
    expect(marked.failures).toEqual([]);
    const wrong = await run(['ops hosts unmute web-001   # exit 4']);
    expect(wrong.failures).toEqual(['line 1: ops hosts unmute web-001   # exit 4 → exit 1, not 4']);
    expect(wrong.stderr).toContain('ops: hosts: Host web-001 is not muted');
  });

  it('runs a block as one script, and help examples each alone on a reset sandbox', async () => {
    const steps = ['ops hosts unmute db-001', 'ops hosts unmute db-001   # exit 1: already unmuted'];
    expect((await run(steps)).failures).toEqual([]);
    expect((await run(steps, { alone: true })).failures).toEqual([
      'line 2: ops hosts unmute db-001   # exit 1: already unmuted → exit 0, not 1',
    ]);
    expect((await run(['N=$(ops hosts totals --field total_up)', 'test "$N" -gt 0'])).failures).toEqual([]);
  });

  it('skips, rewrites and moves the clock only as its lists say', async () => {
    const r = await run(
      [
        'ops sandbox start --port 4010 &',
        'curl -sf http://127.0.0.1:4010/__sandbox/health',
        'ops cloud instance start 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b04 --wait --interval 0.2 --wait-timeout 20',
      ],
      { skips, rewrites, clock: /--wait\b/ },
    );
    expect(r).toMatchObject({
      failures: [],
      skipped: [`ops sandbox start --port 4010 &: ${skips[0]!.why}`],
    });
  });
});
