import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withFileLock } from '../../src/config/lock.js';
import { ConfigError } from '../../src/errors.js';
import { tempConfigDir } from '../helpers/cli.js';

/** A pid whose process has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid;

function lockedFile(pid: number, ageS = 0): { file: string; lock: string } {
  const file = join(tempConfigDir(), 'config.json');
  const lock = `${file}.lock`;
  writeFileSync(lock, `${pid}\n`);
  if (ageS) {
    const then = Date.now() / 1000 - ageS;
    utimesSync(lock, then, then);
  }
  return { file, lock };
}

describe('the config file lock', () => {
  it('is made beside the file with the pid while the change runs, and removed after, also when it throws', () => {
    const file = join(tempConfigDir(), 'config.json');
    const seen = withFileLock(file, () => readFileSync(`${file}.lock`, 'utf8'));
    expect(seen).toBe(`${process.pid}\n`);
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(() =>
      withFileLock(file, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('takes over a lock whose process has ended', () => {
    const { file, lock } = lockedFile(deadPid());
    const t0 = Date.now();
    expect(withFileLock(file, () => readFileSync(lock, 'utf8'))).toBe(`${process.pid}\n`);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over a lock older than the stale time, even of a process still running', () => {
    const { file, lock } = lockedFile(process.ppid, 11);
    expect(withFileLock(file, () => readFileSync(lock, 'utf8'), { waitMs: 200 })).toBe(`${process.pid}\n`);
    expect(existsSync(lock)).toBe(false);
  });

  it('gives up on a lock a running process holds: exit 1 naming the lock file and what to do, the lock left', () => {
    const { file, lock } = lockedFile(process.ppid);
    let ran = false;
    const t0 = Date.now();
    let error: unknown;
    try {
      withFileLock(file, () => (ran = true), { waitMs: 300 });
    } catch (err) {
      error = err;
    }
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({
      exitCode: 1,
      message: `the config file is locked: ${lock} is held by process ${process.ppid}`,
      hint: `another ops is writing it; if none is running, remove ${lock}`,
    });
    expect(readFileSync(lock, 'utf8')).toBe(`${process.ppid}\n`);
  });
});
