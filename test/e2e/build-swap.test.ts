import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliResult, runCli } from '../helpers/cli.js';

// `npm run build` while `ops` runs (a test, a shell): every `ops` started during the build runs the old
// build or the new one, whole. The build used to remove dist/ first, and an `ops` started then failed
// with `Cannot find module '../dist/ops.cjs'` and a stack trace.
const root = join(import.meta.dirname, '..', '..');

describe('building while ops runs', () => {
  it('every ops started during a build runs, whole', async () => {
    const build = spawn(process.execPath, [join(root, 'scripts', 'build.mjs')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    build.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const done = new Promise<number | null>((resolve) => build.on('close', resolve));
    let building = true;
    void done.then(() => (building = false));
    // `--version` alone (the launcher reads main's first line), commands that load the main bundle
    // alone, the runtime, a lazily loaded part and a help page.
    const lines = [
      ['--version'],
      ['--version', '--json'],
      ['config', 'path'],
      // -q: no line on stderr when no sandbox answers on the port.
      ['sandbox', 'env', '--port', '4010', '-q'],
      ['hosts', '--help'],
    ];
    const results: Array<{ args: string[]; r: CliResult }> = [];
    while (building)
      await Promise.all(
        lines.map(async (args) => results.push({ args, r: await runCli(args, { timeoutMs: 30_000 }) })),
      );
    expect(await done, log).toBe(0);
    expect(results.length).toBeGreaterThan(lines.length);
    for (const { args, r } of results) {
      expect(r.stderr, args.join(' ')).toBe('');
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout.length, args.join(' ')).toBeGreaterThan(0);
    }
  }, 120_000);
});
