import { spawn } from 'node:child_process';
import type { Sink } from '../io.js';
import { CHECK_ARG } from './check.js';
import { installMethod, thisExecutable, upgradeLine } from './install.js';
import { DAY_MS, isNewer, readState, writeState } from './state.js';

/**
 * After a command on a terminal (run.ts decides when): tells of a newer release the last check
 * recorded, in one line on stderr, and starts a check in the background when the last one is a day
 * old. The check is a process of its own, detached: this run neither waits for it nor keeps it alive,
 * so a server that never answers costs the command nothing.
 */
export function updateNotice(o: {
  env: Record<string, string | undefined>;
  stderr: Sink;
  version: string;
  now?: number;
  start?: () => void;
}): void {
  const now = o.now ?? Date.now();
  const state = readState(o.env);
  const latest = state?.latest;
  if (latest && isNewer(latest.version, o.version)) {
    const how = upgradeLine(installMethod(thisExecutable(o.env)), latest.version);
    o.stderr.write(
      `A new release of ops is available: ${o.version} → ${latest.version}; to upgrade: ${how}; ${latest.url}\n`,
    );
  }
  const checkedAt = state ? Date.parse(state.checkedAt) : Number.NaN;
  if (Number.isNaN(checkedAt) || now - checkedAt >= DAY_MS || checkedAt > now) {
    try {
      // Recorded first: runs started before the check ends do not start another.
      writeState(o.env, { ...state, checkedAt: new Date(now).toISOString() });
    } catch {
      // A cache folder that cannot be written: no check, rather than one on every run.
      return;
    }
    (o.start ?? startCheck)();
  }
}

/** `ops __update-check`, by the same executable (the single binary, or Node and the npm package's script). */
function startCheck(): void {
  const sea = Boolean(process.getBuiltinModule('node:sea')?.isSea());
  const args = sea ? [CHECK_ARG] : [...process.execArgv, process.argv[1]!, CHECK_ARG];
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: 'ignore',
    windowsHide: true,
  });
  child.on('error', () => undefined);
  child.unref();
}
