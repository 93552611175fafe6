import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseHeader } from '../../src/commands/api/fields.js';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sb = await useSandbox({ services: ['hosts'] });

describe('ops api -H', () => {
  it('takes Name: value, with a tab or Latin-1 in the value', () => {
    expect(parseHeader('X-Trace:  abc ')).toEqual(['X-Trace', 'abc']);
    expect(parseHeader('X-Note: caf\u00e9\tok')).toEqual(['X-Note', 'caf\u00e9\tok']);
  });

  it('sends a header the transport does not frame with, Host included, as given', async () => {
    // A server of its own, to see the headers as they arrive.
    const seen: Record<string, string | string[] | undefined>[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.setHeader('content-type', 'application/json');
      res.end('{"total_active":1,"total_up":1}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await runMain(
        ['api', 'hosts', 'GET', '/api/v1/hosts/totals', '-H', 'Host: ops.example', '-H', 'X-Note: caf\u00e9'],
        { env: { ...sb.env, OPS_HOSTS_BASE_URL: base } },
      );
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(JSON.parse(r.stdout)).toEqual({ total_active: 1, total_up: 1 });
      expect(seen).toHaveLength(1);
      // Node's server reads a header value as Latin-1.
      expect(seen[0]).toMatchObject({ host: 'ops.example', 'x-note': 'caf\u00e9' });
    } finally {
      server.close();
    }
  });

  it.each([
    ['no colon', 'invalid -H "no colon"'],
    ['Bad Name: v', 'invalid -H header name "Bad Name"'],
    ['X-Ok: a\r\nInjected: yes', 'invalid -H value for X-Ok: it holds a line break or NUL'],
    ['X-Ok: a\u0001Injected', 'invalid -H value for X-Ok: it holds a control character'],
    ['X-Ok: a\u007fInjected', 'invalid -H value for X-Ok: it holds a control character'],
    ['X-Ok: \u20acInjected', 'invalid -H value for X-Ok: it holds a character beyond Latin-1'],
    // The transport frames each message: a length, an encoding or a connection option of the user's
    // would contradict what it writes.
    ['Content-Length: 0', '-H Content-Length is not accepted: ops frames each message itself'],
    ['transfer-encoding: chunked', '-H transfer-encoding is not accepted'],
    ['Connection: close', '-H Connection is not accepted'],
    ['Keep-Alive: timeout=5', '-H Keep-Alive is not accepted'],
    ['Upgrade: websocket', '-H Upgrade is not accepted'],
    ['Expect: 100-continue', '-H Expect is not accepted'],
  ])('%j is refused before sending, and the value is never echoed', async (raw, message) => {
    expect(() => parseHeader(raw)).toThrow(message);
    const before = (await sb.counters()).requests.hosts ?? {};
    const r = await runMain(['api', 'hosts', 'GET', '/api/v1/hosts/totals', '-H', raw], { env: sb.env });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('Injected');
    expect((await sb.counters()).requests.hosts ?? {}).toEqual(before);
  });
});
