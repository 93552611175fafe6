import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExitCode, OpsError } from '../../errors.js';

/** What the implicit flow hands back in the redirect's fragment. */
export interface ImplicitGrant {
  accessToken: string;
  /** Seconds the token lives, when the server said. */
  expiresIn: number | undefined;
}

/** What a redirect brings: a token (implicit flow, in the fragment) or a code (in the query). */
export type RedirectAnswer =
  | (ImplicitGrant & { code?: undefined })
  | { code: string; accessToken?: undefined };

export interface CallbackListener {
  /** `http://127.0.0.1:<port>/`: the redirect URI of this login. */
  redirectUri: string;
  /** Settles once a sign-in answer (or an error) has arrived; the listener is closed then. */
  result: Promise<RedirectAnswer>;
  close(): void;
}

/**
 * The page the browser lands on. The token is in the URL's fragment, which a browser never sends to
 * a server: this script posts it back to the listener, then drops it from the address bar.
 */
const SCRIPT =
  "(function(){var f=location.hash.slice(1);history.replaceState(null,'',location.pathname);var m=document.getElementById('m');fetch('/token',{method:'POST',headers:{'content-type':'application/x-www-form-urlencoded'},body:f}).then(function(r){return r.text()}).then(function(t){m.textContent=t}).catch(function(e){m.textContent='ops could not be reached: '+e})})();";
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>ops login</title></head><body><p id="m">Finishing the sign-in…</p><script>${SCRIPT}</script></body></html>`;
/**
 * The page's headers, made when a page is first served: hashing the script at load would load
 * node:crypto for every command of a service with a login, whether it signs in or not.
 */
let pageHeaders: Record<string, string> | undefined;
const PAGE_HEADERS = () =>
  (pageHeaders ??= {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'content-security-policy': `default-src 'none'; script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'; connect-src 'self'`,
  });
const MAX_BODY = 16 * 1024;

const authFailureOf = (service: string, message: string) =>
  new OpsError(`${service}: ${message}`, {
    exitCode: ExitCode.auth,
    code: 'login_failed',
    hint: `run \`ops ${service} login\` again`,
  });

/**
 * The answer's fields, checked: the state first (an answer to another login is refused whatever it
 * holds), then an error, then the code (authorization-code flow) or the token (implicit flow).
 */
export function readAnswer(params: URLSearchParams, state: string, service: string): RedirectAnswer {
  const authFailure = (message: string) => authFailureOf(service, message);
  const got = Buffer.from(params.get('state') ?? '');
  const want = Buffer.from(state);
  if (got.length !== want.length || !timingSafeEqual(got, want))
    throw authFailure(
      "the sign-in answer's state does not match this login (a stale or forged answer); nothing was stored",
    );
  const error = params.get('error');
  if (error)
    throw authFailure(
      `sign-in failed: ${error}${params.get('error_description') ? `: ${params.get('error_description')}` : ''}`,
    );
  const code = params.get('code');
  if (code) return { code };
  const token = params.get('access_token');
  if (!token) throw authFailure('the sign-in answer holds no access token');
  const type = params.get('token_type');
  if (type && type.toLowerCase() !== 'bearer')
    throw authFailure(`the sign-in answer holds a ${type} token, not a bearer token`);
  const expiresIn = Number(params.get('expires_in'));
  return {
    accessToken: token,
    expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : undefined,
  };
}

/**
 * A listener on 127.0.0.1 with a port of the system's choosing, the redirect URI of one login. A
 * code (or an error) comes in the query of `/`; a token comes in the fragment, which the page served
 * on `/` posts to `/token` (only with this listener's own Host, so that no other site's page can reach
 * it by DNS rebinding). The state is checked, and the listener closes.
 */
export async function listenForRedirect(state: string, service: string): Promise<CallbackListener> {
  let settle!: { resolve: (g: RedirectAnswer) => void; reject: (e: unknown) => void };
  const result = new Promise<RedirectAnswer>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // Whoever awaits it gets the failure; until then it must not count as unhandled.
  result.catch(() => undefined);
  let done = false;
  // Not an `import`: an ES module import of node:http reads its WebSocket getter, which loads Node's
  // bundled undici (30 to 40 ms), and this module is loaded by every login command.
  const { createServer } = process.getBuiltinModule('node:http');
  const server = createServer((req, res) => void handle(req, res));
  const close = () => {
    server.close();
    server.closeAllConnections();
  };
  const finish = (res: ServerResponse, status: number, text: string, outcome: () => void) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end(text, () => {
      if (done) return;
      done = true;
      outcome();
      close();
    });
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const port = (server.address() as AddressInfo).port;
    if (req.headers.host !== `127.0.0.1:${port}`) {
      res.writeHead(421).end();
      return;
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (req.method === 'GET' && url.pathname === '/') {
      // Some servers put an error in the query rather than the fragment.
      if (['error', 'access_token', 'code'].some((k) => url.searchParams.has(k)))
        return answer(res, url.searchParams);
      res.writeHead(200, PAGE_HEADERS()).end(PAGE);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const c of req) {
        size += (c as Buffer).length;
        if (size > MAX_BODY) {
          res.writeHead(413).end();
          return;
        }
        chunks.push(c as Buffer);
      }
      return answer(res, new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  function answer(res: ServerResponse, params: URLSearchParams): void {
    let grant: RedirectAnswer;
    try {
      grant = readAnswer(params, state, service);
    } catch (err) {
      finish(
        res,
        400,
        `Sign-in failed: ${(err as Error).message.slice(service.length + 2)}. Return to the terminal.`,
        () => settle.reject(err),
      );
      return;
    }
    finish(res, 200, 'Signed in: ops has the token. You can close this window.', () => settle.resolve(grant));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { redirectUri: `http://127.0.0.1:${port}/`, result, close };
}
