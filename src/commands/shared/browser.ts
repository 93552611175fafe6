import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';
import { type Io, writeAll } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';

/** Splits one command line as a shell would for plain words and quotes (no expansion). */
export function commandWords(line: string): string[] {
  const words: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line))
    words.push(m[1]?.replace(/\\(.)/g, '$1') ?? m[2] ?? m[3]!);
  return words;
}

/**
 * The commands that may open a URL, in order: each entry of `BROWSER` (separated as PATH is; `%s`
 * stands for the URL, else it is added at the end), then the platform's opener.
 */
export function browserCommands(
  url: string,
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
): string[][] {
  const out: string[][] = [];
  for (const entry of (env.BROWSER ?? '').split(delimiter)) {
    const words = commandWords(entry);
    if (words.length === 0) continue;
    out.push(
      words.some((w) => w.includes('%s')) ? words.map((w) => w.replaceAll('%s', url)) : [...words, url],
    );
  }
  if (platform === 'darwin') out.push(['open', url]);
  else if (platform === 'win32') out.push(['rundll32', 'url.dll,FileProtocolHandler', url]);
  else out.push(['xdg-open', url]);
  return out;
}

/**
 * Opens the URL with the first command that starts (the URL is an argument, never shell text). The
 * browser is left running on its own; true when one started.
 */
export async function openBrowser(
  url: string,
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
  o: { waitMs?: number; desktop?: boolean } = {},
): Promise<boolean> {
  const commands = browserCommands(url, env, platform);
  // Without a desktop the platform's opener (the last) is left out: xdg-open would start a text browser.
  if (o.desktop === false) commands.pop();
  for (const [command, ...args] of commands) {
    const started = await new Promise<boolean>((resolve) => {
      try {
        const child = spawn(command!, args, { detached: true, stdio: 'ignore', env });
        child.once('spawn', () => {
          child.unref();
          if (!o.waitMs) return resolve(true);
          // An opener (xdg-open, a BROWSER script) that ends at once says by its exit status whether
          // it opened the page; one still running by then is a browser that stays open.
          const timer = setTimeout(() => resolve(true), o.waitMs);
          timer.unref();
          child.once('exit', (code) => {
            clearTimeout(timer);
            resolve(code === 0);
          });
        });
        child.once('error', () => resolve(false));
      } catch {
        resolve(false);
      }
    });
    if (started) return true;
  }
  return false;
}

/**
 * Whether the platform's opener can show a page: macOS, Windows, a Linux with a display. Without one
 * xdg-open would start a text browser nobody sees; only `BROWSER` can open the page then.
 */
export function hasDesktop(env: Record<string, string | undefined>, platform: NodeJS.Platform): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** What `--web` needs of the command's surroundings. */
export interface WebIo {
  io: Io;
  feedback: Feedback;
}

/**
 * `--web`: opens the page in a browser (on a terminal `Opening <url> in your browser.` on stderr, as
 * gh says it); where none can open, the address is the command's data, on stdout.
 */
export async function openWeb(
  c: WebIo,
  url: string,
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  const desktop = hasDesktop(c.io.env, platform);
  if (await openBrowser(url, c.io.env, platform, { waitMs: 3000, desktop })) {
    c.feedback.info(`Opening ${url} in your browser.`);
    return;
  }
  await writeAll(c.io.stdout, `${url}\n`);
  c.feedback.warn('no browser could be opened (set BROWSER): open the address above');
}
