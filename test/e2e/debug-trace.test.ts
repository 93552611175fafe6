import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/** --debug's whole trace: each answer's status line, time, headers (masked) and request id. */
const sb = await useSandbox({ services: ['hosts', 'db', 'secrets', 'pipelines', 'cloud'] });
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

  it("ops api masks the secret values the service's own commands mask: a KV secret read and written, a context variable", async () => {
    const read = 'kv-read-value-4711';
    expect((await ops(['secrets', 'kv', 'put', 'secret/api-debug', `greeting=${read}`])).code).toBe(0);
    const got = await ops(['api', 'secrets', 'GET', '/v1/secret/data/api-debug', '--debug']);
    expect(got.code).toBe(0);
    // stdout is the answer `ops api` exists to print; the trace is on stderr.
    expect(got.stdout).toContain(read);
    expect(got.stderr).toContain('"data":{"greeting":"***"}');
    expect(got.stderr).not.toContain(read);
    const written = 'kv-written-value-4712';
    const put = await ops([
      'api',
      'secrets',
      'POST',
      '/v1/secret/data/api-debug',
      '-f',
      `data[greeting]=${written}`,
      '--debug',
    ]);
    expect(put.code).toBe(0);
    expect(put.stderr).toMatch(/^> \{"data":\{"greeting":"\*\*\*"\}\}$/m);
    expect(put.stdout + put.stderr).not.toContain(written);
    const context = 'a0c17523-e4af-46ab-965f-4a57cbc4a90f';
    const value = 'ctx-var-value-4713';
    const env = await ops([
      'api',
      'pipelines',
      'PUT',
      `/api/v2/context/${context}/environment-variable/API_DEBUG_VAR`,
      '-f',
      `value=${value}`,
      '--debug',
    ]);
    expect(env.code).toBe(0);
    expect(env.stderr).toMatch(/^> \{"value":"\*\*\*"\}$/m);
    expect(env.stdout + env.stderr).not.toContain(value);
  });

  it('masks a credential in a query: a console URL in the answer, and the request line of ops api', async () => {
    const id = '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01';
    const r = await ops(['cloud', 'instance', 'console', id, '-o', 'json', '--debug']);
    expect(r.code).toBe(0);
    // stdout is the URL the command exists to give; the trace on stderr shows it without its token.
    const token = /[?&]token=([^&"]+)/.exec(r.stdout)?.[1];
    expect(token).toMatch(/^\w{8,}$/);
    expect(r.stderr).toMatch(/^< \{"url":"https:\/\/[^"]*[?&]token=\*\*\*"\}$/m);
    expect(r.stderr).not.toContain(token);
    const q = await ops([
      'api',
      'hosts',
      'GET',
      '/api/v1/hosts?application_key=QSsecretAPP',
      '-f',
      'count=1',
      '-f',
      'api_key=QSsecret1234',
      '-f',
      'access_token=QSsecret5678',
      '--debug',
    ]);
    expect(q.code).toBe(0);
    expect(q.stderr).toMatch(
      /^> GET \S+\?application_key=\*\*\*&count=1&api_key=\*\*\*&access_token=\*\*\*$/m,
    );
    expect(q.stdout + q.stderr).not.toMatch(/QSsecret/);
  });
});
