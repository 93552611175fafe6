import { spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';

/** test/global-setup.ts: the run's temporary files go to a folder of its own, removed at the end. */
describe('the test run’s temporary folder', () => {
  it('is the run’s own, for the workers and the processes they start', () => {
    expect(basename(tmpdir())).toMatch(/^ops-tests-/);
    const child = spawnSync(process.execPath, ['-p', 'require("node:os").tmpdir()'], { encoding: 'utf8' });
    expect(child.stdout.trim()).toBe(tmpdir());
  });
});
