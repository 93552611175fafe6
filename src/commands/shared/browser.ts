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
  return (await tryBrowsers(url, env, platform, o)) === undefined;
}

/**
 * Tries each command that may open the URL in turn: undefined when one opened it, else why the last
 * one tried did not (`false exited with status 1`, `xdg-open was not found`).
 */
export async function tryBrowsers(
  url: string,
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
  o: { waitMs?: number; desktop?: boolean } = {},
): Promise<string | undefined> {
  const commands = browserCommands(url, env, platform);
  // Without a desktop the platform's opener (the last) is left out: xdg-open would start a text browser.
  if (o.desktop === false) commands.pop();
  let why = 'no BROWSER is set and there is no desktop to open it on';
  for (const [command, ...args] of commands) {
    const failed = await tryOne(command!, args, env, o.waitMs);
    if (failed === undefined) return undefined;
    why = failed;
  }
  return why;
}

/** Starts one opener: undefined when it opened the page, else why not. */
function tryOne(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  waitMs: number | undefined,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { detached: true, stdio: 'ignore', env });
      child.once('spawn', () => {
        if (!waitMs) {
          child.unref();
          return resolve(undefined);
        }
        // An opener (xdg-open, a BROWSER script) that ends at once says by its exit status whether it
        // opened the page; one still running by then is a browser that stays open. Until one of the
        // two is known the child holds the process open: unref'd, the process ended before either
        // (`BROWSER=false … --web` printed nothing and exited 0).
        const timer = setTimeout(() => {
          child.unref();
          resolve(undefined);
        }, waitMs);
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          child.unref();
          resolve(
            code === 0
              ? undefined
              : `${command} ${signal ? `was ended by ${signal}` : `exited with status ${code}`}`,
          );
        });
      });
      child.once('error', (err: NodeJS.ErrnoException) =>
        resolve(err.code === 'ENOENT' ? `${command} was not found` : `${command} failed: ${err.message}`),
      );
    } catch (err) {
      resolve(`${command} failed: ${(err as Error).message}`);
    }
  });
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
  const why = await tryBrowsers(url, c.io.env, platform, { waitMs: 3000, desktop });
  if (why === undefined) {
    c.feedback.info(`Opening ${url} in your browser.`);
    return;
  }
  await writeAll(c.io.stdout, `${url}\n`);
  // Said even off a terminal: the command did not do what it was asked, and its data alone does not say so.
  await writeAll(c.io.stderr, `ops: could not open a browser (${why}): open the address above\n`);
}
