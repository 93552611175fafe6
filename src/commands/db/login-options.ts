import type { LoginMode } from '../../auth/login-flags.js';
import type { LoginOptions } from '../../auth/login.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import type { Printer } from '../../output/printer.js';

export interface DbLoginOptions {
  io: Io;
  printer: Printer;
  feedback: Feedback;
  /**
   * `browser`: open it (the seed's implicit flow); `print`: print the URL to open (--no-browser);
   * `stdin`: a token from elsewhere; `device` and `client-credentials`: the v2.0 endpoints (`oauth`).
   */
  mode: LoginMode;
  /** The authorization server's address and the client id (browser and print modes). */
  authUrl: string;
  clientId: string;
  timeoutSeconds: number;
  openBrowser: (url: string) => Promise<boolean>;
  readToken: () => Promise<string>;
  /** Keeps the token (and its expiry) in the profile; gives the profile's name. */
  store: (token: string, expiresAt: number | undefined) => Promise<string>;
  /** The device-code and client-credentials sign-ins, through the shared login. */
  oauth?: () => Promise<LoginOptions>;
  now?: () => number;
}
