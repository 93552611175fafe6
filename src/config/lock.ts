import { closeSync, fstatSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { ConfigError, ExitCode } from '../errors.js';

/**
 * A lock beside a file (`config.json.lock`), so that ops processes writing the file at once (jobs of
 * one CI run sharing HOME, `&` in a shell) each read it afresh, change it and write it in turn, where
 * the last to write dropped the others' changes. Loaded by writers only: a command that reads the
 * config never takes it.
 */
export interface LockOptions {
  /** How long to wait for a lock another process holds before giving up, ms. */
  waitMs?: number;
  /** A lock older than this is taken over: a write takes milliseconds, so its holder is stuck. */
  staleMs?: number;
}

const WAIT_MS = 5000;
const STALE_MS = 10_000;

/** Runs `fn` holding `<file>.lock`: made with O_EXCL, holding the pid; removed after, if still ours. */
export function withFileLock<T>(file: string, fn: () => T, o: LockOptions = {}): T {
  const lock = `${file}.lock`;
  const mine = acquire(lock, o.waitMs ?? WAIT_MS, o.staleMs ?? STALE_MS);
  try {
    return fn();
  } finally {
    release(lock, mine);
  }
}

/** What tells one lock file from another made at the same path later (an inode is soon reused). */
type Identity = string;

function identity(ino: number, mtimeMs: number, text: string): Identity {
  return `${ino}:${mtimeMs}:${text}`;
}

function acquire(lock: string, waitMs: number, staleMs: number): Identity {
  const start = Date.now();
  for (let attempt = 0; ; attempt++) {
    const made = create(lock);
    if (made !== undefined) return made;
    const held = holder(lock);
    if (held === undefined) continue; // released meanwhile
    if (held.stale(staleMs)) {
      takeOver(lock, held.id, staleMs);
      continue;
    }
    if (Date.now() - start >= waitMs)
      throw new ConfigError(
        `the config file is locked: ${lock} is held by process ${held.pid ?? '(unknown)'}`,
        `another ops is writing it; if none is running, remove ${lock}`,
        ExitCode.failure,
      );
    // A write holds it for milliseconds: look again soon, then less often, never in step with another.
    sleep(Math.min(10 * 2 ** attempt, 200) * (0.5 + Math.random() / 2));
  }
}

/** Makes the lock file; undefined when it exists already. */
function create(lock: string): Identity | undefined {
  let fd: number;
  try {
    fd = openSync(lock, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw err;
  }
  const text = `${process.pid}\n`;
  try {
    writeSync(fd, text);
    const st = fstatSync(fd);
    return identity(st.ino, st.mtimeMs, text);
  } catch (err) {
    unlinkSync(lock);
    throw err;
  } finally {
    closeSync(fd);
  }
}

/** The lock as it is: who holds it and whether it is stale; undefined when it is gone. */
function holder(lock: string) {
  let text: string;
  let st: { ino: number; mtimeMs: number };
  try {
    text = readFileSync(lock, 'utf8');
    st = statSync(lock);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const pid = /^\d+\n$/.test(text) ? Number(text) : undefined;
  return {
    pid,
    id: identity(st.ino, st.mtimeMs, text),
    // A pid with no process left (or this process's own: nothing here nests locks, so it is a
    // leftover of an earlier process that had the same pid), or a lock held too long.
    stale: (staleMs: number) =>
      (pid !== undefined && (pid === process.pid || !alive(pid))) || Date.now() - st.mtimeMs > staleMs,
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it is there, another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes a stale lock, one taker at a time (`.takeover`, made with O_EXCL), and only the lock judged
 * stale: two processes that both found it so must not remove the one the first made next.
 */
function takeOver(lock: string, stale: Identity, staleMs: number): void {
  const guard = `${lock}.takeover`;
  try {
    closeSync(openSync(guard, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // A taker that died between its two steps left it: as stale as the lock after the same time.
    const st = statSync(guard, { throwIfNoEntry: false });
    if (st && Date.now() - st.mtimeMs > staleMs) removeIfThere(guard);
    return;
  }
  try {
    if (holder(lock)?.id === stale) removeIfThere(lock);
  } finally {
    removeIfThere(guard);
  }
}

function removeIfThere(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Removes the lock if it is still the one made: one taken over from a stuck holder is another's now. */
function release(lock: string, mine: Identity): void {
  try {
    if (holder(lock)?.id === mine) removeIfThere(lock);
  } catch {
    // Left behind, it is taken over once its process is gone.
  }
}

const slept = new Int32Array(new SharedArrayBuffer(4));

/** Waits without returning to the event loop: the store's writes are synchronous. */
function sleep(ms: number): void {
  Atomics.wait(slept, 0, 0, ms);
}
