import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/** --debug's whole trace: each answer's status line, time, headers (masked) and request id. */
const sb = await useSandbox({ services: ['hosts', 'db'] });
const ops = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { env: { ...sb.env, ...env } });
const answers = (stderr: string) => stderr.split('\n').filter((l) => /^< \d{3} /.test(l));

describe('--debug', () => {
  it("logs every page's status line with its time, and the answer's headers", async () => {
    const r = await ops(['hosts', 'list', '--all', '--count', '50', '-o', 'json', '--debug']);
    expect(r.code).toBe(0);
    const lines = answers(r.stderr);
    expect(lines.length).toBe(3);
    for (const l of lines)
      expect(l).toMatch(/^< 200 http:\/\/127\.0\.0\.1:\d+\/hosts\/api\/v1\/hosts\?\S+ \(\d+ ms\)$/);
    expect(r.stderr).toMatch(/^< x-ratelimit-remaining: \d+$/m);
    expect(r.stderr).toMatch(/^< content-type: application\/json$/m);
  });

  it('logs a retried request twice, the second as attempt 2; credential and cookie headers masked', async () => {
    await sb.fault({
      service: 'hosts',
      kind: 'status',
      status: 503,
      retryAfter: 0,
      count: 1,
      headers: {
        'set-cookie': 'session=abcdef123456; HttpOnly',
        'X-Monitor-Api-Key': sb.env.OPS_HOSTS_API_KEY!,
      },
    });
    const r = await ops(['hosts', 'list', '--limit', '1', '-o', 'json', '--debug']);
    expect(r.code).toBe(0);
    const lines = answers(r.stderr);
    expect(lines[0]).toMatch(/^< 503 .* \(\d+ ms\)$/);
    expect(lines[1]).toMatch(/^< 200 .* \(\d+ ms\) \(attempt 2\)$/);
    expect(r.stderr).toMatch(/^< set-cookie: \*\*\*$/im);
    expect(r.stderr).not.toContain('abcdef123456');
    expect(r.stderr).not.toContain(sb.env.OPS_HOSTS_API_KEY);
  });

  it('a redirect followed is said as one, not as a retry: (redirect 1), and (attempt 2) only after a retry', async () => {
    const location = `${sb.url}/hosts/api/v1/hosts/totals`;
    await sb.fault({ service: 'hosts', kind: 'status', status: 302, headers: { location } });
    await sb.fault({ service: 'hosts', kind: 'status', status: 503, retryAfter: 0 });
    const r = await ops(['hosts', 'totals', '-o', 'json', '--debug']);
    expect(r.code).toBe(0);
    expect(answers(r.stderr).map((l) => l.replace(/ \(\d+ ms\)/, '').replace(/ http\S+/, ''))).toEqual([
      '< 302',
      '< 503 (redirect 1)',
      '< 200 (attempt 2, redirect 1)',
    ]);
  });

  it('names the request id the service returned; OPS_DEBUG=api is the same', async () => {
    for (const [args, env] of [
      [['db', 'role-assignment', 'list', '-o', 'json', '--debug'], {}],
      [['db', 'role-assignment', 'list', '-o', 'json'], { OPS_DEBUG: 'api' }],
    ] as const) {
      const r = await ops([...args], env);
      expect([args, r.code]).toEqual([args, 0]);
      const id = /^< x-ms-request-id: (\S+)$/m.exec(r.stderr)?.[1];
      expect(id).toBeDefined();
      expect(r.stderr).toContain(`\n< request id: ${id}\n`);
    }
  });
});
