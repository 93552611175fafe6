import { once } from 'node:events';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '../../src/services.js';
import { SANDBOX_CREDENTIALS } from '../helpers/sandbox-tables.js';
import { runCli } from '../helpers/cli.js';
import { sandboxEnv } from '../helpers/sandbox.js';

// PRODUCT.md §5: a credential goes only to the service's configured host. A redirect to another origin
// (here another port, and another host name for the same address) drops every credential header,
// however it was given: the service's own from its settings, and any added with -H, the credential
// header of another service included (`ops api hosts -H 'X-Secrets-Token: …'`).

/** Every service's credential header (the descriptors' `secretHeaders`), and the usual ones. */
async function credentialHeaders(): Promise<string[]> {
  const names = new Set(['Authorization', 'Proxy-Authorization', 'Cookie']);
  for (const s of SERVICES) for (const h of (await s.descriptor()).secretHeaders ?? []) names.add(h);
  return [...names];
}

const listen = async (server: Server) => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
};

let seen: IncomingHttpHeaders[] = [];
let redirector: Server;
let other: Server;
let base = '';
let otherOrigin = '';

beforeAll(async () => {
  other = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"moved":true}');
  });
  const otherPort = await listen(other);
  // Another host name for the same address: another origin by its host, as another port is by its port.
  otherOrigin = `http://localhost:${otherPort}`;
  redirector = createServer((req, res) => {
    const target = req.url?.includes('same-port-other-host') ? otherOrigin : `http://127.0.0.1:${otherPort}`;
    res.writeHead(302, { location: `${target}/landed` }).end();
  });
  base = `http://127.0.0.1:${await listen(redirector)}`;
});

afterAll(() => {
  redirector.close();
  other.close();
});

/** The values a request carried, each credential given with -H and from the environment. */
const secretValues = (env: Record<string, string>, added: string[]) => [
  ...added,
  ...Object.values(SANDBOX_CREDENTIALS).flatMap((keys) => Object.values(keys)),
  ...Object.entries(env)
    .filter(([k]) => !k.endsWith('_BASE_URL'))
    .map(([, v]) => v),
];

describe('a redirect to another origin drops every credential header', () => {
  for (const service of SERVICES.map((s) => s.name))
    it(`${service}: its own credential and every service's credential header given with -H`, async () => {
      const names = await credentialHeaders();
      const added = names.map((n, i) => `${n}: cred-${service}-${i}-value`);
      const env = sandboxEnv(base);
      seen = [];
      const r = await runCli(['api', service, 'GET', '/redir/x', ...added.flatMap((h) => ['-H', h])], {
        env: { ...env, OPS_RETRIES: '0' },
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ moved: true });
      expect(seen).toHaveLength(1);
      const got = seen[0]!;
      for (const n of names) expect(got[n.toLowerCase()], n).toBeUndefined();
      const sent = JSON.stringify(got);
      for (const v of secretValues(
        env,
        added.map((h) => h.split(': ')[1]!),
      ))
        if (v.length >= 4) expect(sent).not.toContain(v);
    });

  it('to another host name on another port, with headers that are no credential kept', async () => {
    seen = [];
    const r = await runCli(
      [
        'api',
        'hosts',
        'GET',
        '/same-port-other-host',
        '-H',
        'X-Secrets-Token: s.leaked-to-hosts',
        '-H',
        'X-Trace: kept',
      ],
      { env: sandboxEnv(base) },
    );
    expect(r.code).toBe(0);
    expect(seen[0]!['x-secrets-token']).toBeUndefined();
    expect(seen[0]!['x-monitor-api-key']).toBeUndefined();
    expect(seen[0]!['x-trace']).toBe('kept');
  });

  it('--debug masks a credential header of another service given with -H', async () => {
    const r = await runCli(
      ['api', 'hosts', 'GET', '/redir/x', '--debug', '-H', 'X-Secrets-Token: s.leaked-to-hosts'],
      {
        env: sandboxEnv(base),
      },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('X-Secrets-Token: ***');
    expect(r.stderr).not.toContain('s.leaked-to-hosts');
  });
});
