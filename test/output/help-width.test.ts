import { describe, expect, it } from 'vitest';
import { commandPaths, main } from '../../src/main.js';
import { fitHelpText } from '../../src/output/help-text.js';
import { displayWidth } from '../../src/output/text.js';
import { memoryIo } from '../helpers/io.js';

/** Every help page of the whole tree, as the build writes them (80 columns): no line wider (docs/grammar.md, "Tables"). */
describe('help pages fit 80 columns', async () => {
  const paths = await commandPaths(memoryIo());
  it('finds the pages', () => {
    expect(paths.length).toBeGreaterThan(250);
  });
  it('every page, every line', async () => {
    const wide: string[] = [];
    for (const path of [[], ...paths]) {
      const io = memoryIo({ env: { OPS_CONFIG_DIR: '/nonexistent' } });
      const code = await main(['node', 'ops', ...path, '--help'], io);
      expect(code, path.join(' ')).toBe(0);
      for (const line of io.out().split('\n'))
        if (displayWidth(line) > 80) wide.push(`ops ${path.join(' ')}: ${line}`);
    }
    expect(wide).toEqual([]);
  }, 120_000);
});

describe('fitHelpText', () => {
  it('leaves text that fits as it is', () => {
    const text = 'Usage: ops x\n\nExamples:\n  ops x --y\n';
    expect(fitHelpText(text, 80)).toBe(text);
  });

  it('continues a long example with \\ at spaces outside quotes, its comment kept on the last line', () => {
    const line = `  ops pipelines definition update gh/acme/web-app 858ee467 --description "E2E against staging, nightly" --json  # exit 0`;
    const lines = fitHelpText(line, 60).split('\n');
    expect(lines.every((l) => displayWidth(l) <= 60)).toBe(true);
    expect(lines.slice(0, -1).every((l) => l.endsWith(' \\'))).toBe(true);
    expect(lines.slice(1).every((l) => l.startsWith('    '))).toBe(true);
    expect(lines.some((l) => l.includes('"E2E against staging, nightly"'))).toBe(true);
    expect(lines.at(-1)).toMatch(/ {2}# exit 0$/);
    // The shell reads it back as the same words.
    expect(lines.map((l) => l.replace(/ \\$/, '').trim()).join(' ')).toBe(
      line.trim().replace(/ {2}#/, '  #'),
    );
  });

  it('wraps a prose paragraph again as one, and Usage under itself', () => {
    const prose = `${'word '.repeat(30).trim()}\nshort tail.`;
    const lines = fitHelpText(prose, 40).split('\n');
    expect(lines.every((l) => l.length <= 40)).toBe(true);
    expect(lines.join(' ')).toBe(prose.replace('\n', ' '));
    const usage = fitHelpText(
      'Usage: ops pipelines context restriction delete [options] <context-id> <restriction-id>',
      60,
    );
    expect(usage.split('\n')).toEqual([
      'Usage: ops pipelines context restriction delete [options]',
      '       <context-id> <restriction-id>',
    ]);
  });
});
