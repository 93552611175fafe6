/** How long a look at a port waits for a sandbox's answer: a sandbox on loopback answers in a few ms. */
export const PROBE_MS = 300;

/**
 * True when a sandbox answers `GET /__sandbox/health` on 127.0.0.1:`port` within `ms`: a 200 with
 * `{"ok":true,"services":[…]}`. Anything else (nothing listening, another server, no answer in time)
 * is false. Over TLS the sandbox's certificate is its own, made at start: the look sends nothing secret
 * and reads only whether a sandbox is there, so it does not verify it.
 */
export async function sandboxAnswers(port: number, tls: boolean, ms = PROBE_MS): Promise<boolean> {
  const options = { host: '127.0.0.1', port, path: '/__sandbox/health', method: 'GET', agent: false };
  // Loaded here, when a look is made: builtins, which the bundle's dynamic import does not reach.
  const send = tls
    ? process.getBuiltinModule('node:https').request
    : process.getBuiltinModule('node:http').request;
  return new Promise<boolean>((resolve) => {
    const req = send(tls ? { ...options, rejectUnauthorized: false } : options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < 4096) body += chunk;
      });
      res.on('end', () => resolve(res.statusCode === 200 && isHealth(body)));
      res.on('error', () => resolve(false));
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve(false);
    }, ms);
    req.on('error', () => resolve(false));
    req.on('close', () => clearTimeout(timer));
    req.end();
  });
}

function isHealth(body: string): boolean {
  try {
    const health = JSON.parse(body) as { ok?: unknown; services?: unknown };
    return health.ok === true && Array.isArray(health.services);
  } catch {
    return false;
  }
}
