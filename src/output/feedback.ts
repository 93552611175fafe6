import type { Io } from '../io.js';
import type { Style } from './color.js';

/** A spinner or progress line on stderr; every method is a no-op when feedback is off. */
export interface Activity {
  update(text: string): void;
  stop(final?: string): void;
}

const silent: Activity = { update: () => undefined, stop: () => undefined };

/**
 * Everything that is not data: spinners, progress, warnings and hints. They go to stderr, and only
 * when stderr is a terminal, CI is unset and neither --quiet nor --json was given.
 */
export class Feedback {
  constructor(
    private readonly io: Io,
    readonly enabled: boolean,
    private readonly style: Style,
  ) {}

  /** A warning or hint (dropped when feedback is off, as PRODUCT.md §3 says). */
  warn(message: string): void {
    if (this.enabled) this.io.stderr.write(`${this.style.yellow('!')} ${message}\n`);
  }

  info(message: string): void {
    if (this.enabled) this.io.stderr.write(`${message}\n`);
  }

  /** An ora spinner, loaded only when it will be shown. */
  async spinner(text: string): Promise<Activity> {
    if (!this.enabled) return silent;
    const ora = (await import('ora')).default;
    const s = ora({ text, stream: this.io.stderr as NodeJS.WritableStream, isEnabled: true }).start();
    return {
      update: (t) => {
        s.text = t;
      },
      stop: (final) => {
        if (final) s.succeed(final);
        else s.stop();
      },
    };
  }

  /** A progress bar redrawn at most ten times a second. */
  progress(render: () => string): Activity {
    if (!this.enabled) return silent;
    let last = 0;
    const draw = (force = false) => {
      const now = Date.now();
      if (!force && now - last < 100) return;
      last = now;
      this.io.stderr.write(`\r\u001b[2K${render()}`);
    };
    return {
      update: () => draw(),
      stop: (final) => {
        draw(true);
        this.io.stderr.write(final ? `\r\u001b[2K${final}\n` : '\n');
      },
    };
  }
}

/** "[#####-----] 50%" */
export function bar(fraction: number, width = 24): string {
  const f = Math.max(0, Math.min(1, fraction));
  const full = Math.round(f * width);
  return `[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${Math.floor(f * 100)}%`;
}
