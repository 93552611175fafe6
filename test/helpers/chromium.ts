import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/** The real browser the login tests drive, headless, where it is installed. */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** Ends the browser the CLI started (its whole process group) and waits until it is gone. */
async function killBrowser(pidFile: string): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    return;
  }
  for (let i = 0; i < 100 && existsSync(`/proc/${pid}`); i++) {
    const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
    if (/^\d+ \(.*\) Z/.test(stat)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A BROWSER command that starts headless Chromium on the URL it is given (recording its pid), and
 * ends it after each test: `browser()` gives the wrapper, the pid file and a work folder for HOME.
 */
export function useChromium(): () => { wrapper: string; pidFile: string; work: string } {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });
  return () => {
    const work = mkdtempSync(join(tmpdir(), 'ops-chromium-'));
    const pidFile = join(work, 'browser.pid');
    const wrapper = join(work, 'browser.sh');
    writeFileSync(
      wrapper,
      [
        '#!/bin/sh',
        // The CLI starts BROWSER in a process group of its own; exec keeps this pid for Chromium.
        `echo $$ > '${pidFile}'`,
        `exec ${CHROMIUM} --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir='${join(work, 'profile')}' "$1" > '${join(work, 'chromium.log')}' 2>&1`,
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    cleanups.push(async () => {
      await killBrowser(pidFile);
      rmSync(work, { recursive: true, force: true });
    });
    return { wrapper, pidFile, work };
  };
}
