import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';

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
): Promise<boolean> {
  for (const [command, ...args] of browserCommands(url, env, platform)) {
    const started = await new Promise<boolean>((resolve) => {
      try {
        const child = spawn(command!, args, { detached: true, stdio: 'ignore', env });
        child.once('spawn', () => {
          child.unref();
          resolve(true);
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
