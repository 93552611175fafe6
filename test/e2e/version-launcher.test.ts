import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformName } from '../../src/version.js';
import { runLauncher } from '../helpers/launcher.js';

// `ops --version` alone is answered by bin/ops.cjs from dist/ops.cjs's first line (the version, commit
// and date main was built with), without compiling main; every other form of it, and Windows, by main.
const ROOT = join(import.meta.dirname, '..', '..');

const runOn = (platform: string, arch: string, args: string[]) => runLauncher(args, { platform, arch });

const [, version, commit, date] = /^\/\/ ops main [0-9a-f]+ [0-9a-f]+ (\S+) (\S+) (\S+)\n/.exec(
  readFileSync(join(ROOT, 'dist', 'ops.cjs'), 'latin1'),
)!;

describe('ops --version alone, from the launcher', () => {
  it('prints the line main prints, for each platform the release builds, without compiling main', () => {
    for (const [platform, arch] of [
      ['linux', 'x64'],
      ['linux', 'arm64'],
      ['darwin', 'arm64'],
      ['darwin', 'x64'],
    ]) {
      const line = `ops ${version} (${commit}, ${date}, ${platformName(platform, arch)})\n`;
      for (const flag of ['--version', '-V']) {
        const fast = runOn(platform!, arch!, [flag]);
        expect([platform, arch, flag, fast]).toEqual([
          platform,
          arch,
          flag,
          { status: 0, stdout: line, vm: false, caches: [] },
        ]);
      }
      // Main's answer, through node:vm and its code cache: the same fields.
      const json = runOn(platform!, arch!, ['--version', '--json']);
      expect(json.vm).toBe(true);
      expect(json.caches).toEqual([expect.stringMatching(/-main-[0-9a-f]{16}\.cache$/)]);
      expect(JSON.parse(json.stdout)).toEqual({
        version,
        commit,
        date,
        platform: platformName(platform, arch),
      });
    }
  });

  it('leaves Windows (its stdout a stream) and every other form of --version to main', () => {
    const windows = runOn('win32', 'x64', ['--version']);
    expect(windows).toMatchObject({
      status: 0,
      stdout: `ops ${version} (${commit}, ${date}, windows-amd64)\n`,
      vm: true,
    });
    for (const args of [
      ['--version', '-o', 'json'],
      ['--json', '--version'],
      ['hosts', '--version'],
    ]) {
      const r = runOn('linux', 'x64', args);
      expect([args, r.vm]).toEqual([args, true]);
    }
  });

  it('the version, commit and date in main’s first line are the ones main was built with', () => {
    const source = readFileSync(join(ROOT, 'dist', 'ops.cjs'), 'latin1');
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(version).toBe(pkg.version);
    expect(commit).toMatch(/^(?:[0-9a-f]{7}|unknown)$/);
    expect(date).toMatch(/^(?:\d{4}-\d\d-\d\d|unknown)$/);
    // main's own defines: the same strings inside the bundle, below that line.
    const code = source.slice(source.indexOf('\n') + 1);
    for (const word of [version, commit, date]) expect(code).toContain(`"${word}"`);
  });
});
