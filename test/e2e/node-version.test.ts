import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'ops.cjs');

/** Runs bin/ops.cjs under this Node, told it is `version` (the check reads process.versions.node). */
function runAs(version: string, args: string[]) {
  const fake = `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } });`;
  return spawnSync(
    process.execPath,
    [
      '-e',
      `${fake} process.argv = [process.argv[0], ${JSON.stringify(BIN)}, ...${JSON.stringify(args)}]; require(${JSON.stringify(BIN)});`,
    ],
    {
      encoding: 'utf8',
    },
  );
}

describe('the Node version check of bin/ops.cjs', () => {
  it('names the Node it needs and the one it found, exit 1, before loading the bundle', () => {
    for (const version of ['20.20.2', '22.11.0', '18.0.0']) {
      const r = runAs(version, ['--version']);
      expect(r.stderr).toBe(`ops: needs Node 22.12 or newer (found v${version})\n`);
      expect(r.stdout).toBe('');
      expect(r.status).toBe(1);
    }
  });

  it('runs on 22.12 and newer', () => {
    for (const version of ['22.12.0', '23.0.0', '24.21.0', '100.0.0']) {
      const r = runAs(version, ['--version']);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(
        /^ops \d+\.\d+\.\d+ \((?:[0-9a-f]{7}|unknown), \d{4}-\d\d-\d\d, linux-amd64\)\n$/,
      );
      expect(r.status).toBe(0);
    }
  });

  it('asks for what package.json engines asks for', () => {
    const engines = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node;
    expect(engines).toBe('>=22.12');
    expect(readFileSync(BIN, 'utf8')).toContain('needs Node 22.12 or newer');
  });

  // The machine's own Node, when it is older (Debian's is 20): the real thing, not a pretended version.
  const system = spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  const old = /^v(\d+)\.(\d+)/.exec(system);
  const older = old !== null && (Number(old[1]) < 22 || (Number(old[1]) === 22 && Number(old[2]) < 12));
  it.skipIf(!older)(`refuses under the machine's own Node (${system || 'none'})`, () => {
    const r = spawnSync('/usr/bin/node', [BIN, 'hosts', 'totals'], { encoding: 'utf8' });
    expect(r.stderr).toBe(`ops: needs Node 22.12 or newer (found ${system})\n`);
    expect(r.status).toBe(1);
  });
});
