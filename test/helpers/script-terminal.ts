import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

/** util-linux `script`, which gives a command a terminal; tests that need one skip without it. */
export const SCRIPT = spawnSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).stdout.trim();

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');

export interface Terminal {
  /** Everything the terminal showed so far (stdout and stderr), without its styles and cursor moves. */
  screen(): string;
  /** Waits until the screen matches (or throws after `timeoutMs`). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /**
   * Waits until the terminal has shown nothing for `quietMs`: a prompt has finished drawing. With
   * `fresh`, something must have been shown since the call first (what the keys just typed asked for).
   * Throws after 20 s.
   */
  settle(o?: { quietMs?: number; fresh?: boolean }): Promise<void>;
  /** Keys typed at the terminal: `\x03` is Ctrl-C, `\x04` Ctrl-D. */
  type(keys: string): void;
  /** The exit code of the shell line. */
  exit: Promise<number>;
}

const CONTROL_SEQUENCE = /\u001b\[[0-9;?]*[A-Za-z]/g;

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * Runs the built CLI on a terminal of its own (`script`), as a person at a shell does: Ctrl-C typed
 * there is turned into SIGINT by the terminal, for the whole foreground process group. `after` is
 * more shell to run once ops has ended (its exit code is kept). `size` sets the terminal's (`stty`);
 * without it the terminal reports none.
 */
export function onTerminal(
  args: string[],
  env: Record<string, string>,
  after = '',
  size?: { rows: number; columns: number },
): Terminal {
  const stty = size ? `stty rows ${size.rows} cols ${size.columns}; ` : '';
  const line = `${stty}${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')}; code=$?; ${after} exit $code`;
  const child = spawn(SCRIPT, ['-qec', line, '/dev/null'], {
    // No update check from a test on a terminal unless it asks (test/e2e/update-notice.test.ts does).
    env: { PATH: process.env.PATH ?? '', TERM: 'xterm', COLUMNS: '100', OPS_NO_UPDATE_NOTIFIER: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  let shownAt = Date.now();
  const changed = new Set<() => void>();
  const append = (d: Buffer) => {
    shownAt = Date.now();
    screen += d.toString().replace(CONTROL_SEQUENCE, '');
    for (const f of changed) f();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exit = once(child, 'close').then(([code]) => code as number);
  return {
    screen: () => screen,
    waitFor(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(screen);
          if (!m) return;
          done();
          resolve(m);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`the terminal never showed ${pattern}; it shows:\n${screen.slice(-2000)}`));
        }, timeoutMs);
        const ended = () => {
          done();
          reject(
            new Error(`ops ended before the terminal showed ${pattern}; it shows:\n${screen.slice(-2000)}`),
          );
        };
        const done = () => {
          clearTimeout(timer);
          changed.delete(check);
          child.off('close', ended);
        };
        changed.add(check);
        child.once('close', ended);
        check();
      });
    },
    settle({ quietMs = 400, fresh = false } = {}) {
      const since = Date.now();
      const timeoutMs = 20_000;
      return new Promise((resolve, reject) => {
        const timer = setInterval(() => {
          const now = Date.now();
          if ((!fresh || shownAt >= since) && now - Math.max(shownAt, since) >= quietMs) {
            clearInterval(timer);
            resolve();
          } else if (now - since > timeoutMs) {
            clearInterval(timer);
            reject(new Error(`the terminal never settled; it shows:\n${screen.slice(-2000)}`));
          }
        }, 50);
      });
    },
    type: (keys) => child.stdin.write(keys),
    exit,
  };
}
