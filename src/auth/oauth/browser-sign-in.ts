import { randomBytes } from 'node:crypto';
import { InterruptedError, TimeoutError } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import { type RedirectAnswer, listenForRedirect } from './loopback.js';

/** What a sign-in in a browser on this machine needs. */
export interface BrowserSignInOptions {
  io: Io;
  feedback: Feedback;
  service: string;
  /** `--no-browser`: print the address instead of opening a browser. */
  print: boolean;
  timeoutSeconds: number;
  openBrowser: (url: string) => Promise<boolean>;
  /** The authorization address for this redirect URI and state. */
  authorizeUrl(redirectUri: string, state: string): string;
}

/**
 * One sign-in in a browser: a fresh state, a loopback listener as redirect URI, the browser opened
 * (or the address printed on stderr), then the redirect awaited until the timeout (exit 6) or Ctrl-C
 * (exit 130). The redirect still comes to 127.0.0.1: the browser must run on this machine.
 */
export async function browserSignIn(
  o: BrowserSignInOptions,
): Promise<{ answer: RedirectAnswer; redirectUri: string }> {
  const state = randomBytes(24).toString('base64url');
  const listener = await listenForRedirect(state, o.service);
  const url = o.authorizeUrl(listener.redirectUri, state);
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new TimeoutError(
            `${o.service}: no sign-in within ${o.timeoutSeconds} s`,
            o.service,
            'raise --wait-timeout (seconds), or sign in again',
          ),
        ),
      o.timeoutSeconds * 1000,
    );
    onAbort = () => reject(new InterruptedError(`${o.service}: sign-in interrupted; nothing was stored`));
    o.io.signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    if (o.print) o.io.stderr.write(`Open this address in a browser on this machine to sign in:\n${url}\n`);
    else if (await o.openBrowser(url))
      o.feedback.info('Opened the sign-in page in your browser; waiting for it to finish (Ctrl-C to stop)…');
    else
      o.io.stderr.write(
        `No browser could be opened (set BROWSER). Open this address on this machine to sign in:\n${url}\n`,
      );
    return { answer: await Promise.race([listener.result, stop]), redirectUri: listener.redirectUri };
  } finally {
    clearTimeout(timer);
    if (onAbort) o.io.signal.removeEventListener('abort', onAbort);
    listener.close();
  }
}
