import { describe, expect, it } from 'vitest';
import { ACCOUNT_ID, SEED_READER_ASSIGNMENT } from '../db/helpers.js';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

// Answers a tester sent that the client read wrongly: each is one clear line and the exit code its kind has.
const sb = await useSandbox({ services: ['hosts', 'docgen', 'runs', 'cloud', 'tasks', 'db'] });
const ops = (args: string[]) => runMain(args, { env: { ...sb.env, OPS_RETRIES: '0' } });

describe('a status with no words of its own', () => {
  it.each([301, 418, 999])('%s is said once', async (status) => {
    await sb.fault({ service: 'hosts', method: 'GET', kind: 'status', status, body: '' });
    const r = await ops(['hosts', 'totals']);
    expect(r.stderr).toBe(`ops: hosts: HTTP ${status}\n`);
  });
});

describe('a rate limit asking for a wait longer than --max-wait can allow', () => {
  it.each([
    [
      '99999999999999999999',
      'the service asks to wait longer than ops can wait (more than 2147483 s, the most --max-wait takes)',
    ],
    [
      '2147484',
      'the service asks to wait longer than ops can wait (more than 2147483 s, the most --max-wait takes)',
    ],
    ['2147483', 'the service asks to wait 2147483 s; allow it with --max-wait 2147483'],
  ])('Retry-After %s: the hint names only a value --max-wait takes', async (retryAfter, hint) => {
    await sb.fault({ service: 'hosts', method: 'GET', kind: 'status', status: 429, retryAfter });
    const r = await ops(['hosts', 'totals']);
    expect(r.stderr.split('\n')[1]).toBe(`hint: ${hint}`);
    expect(r.code).toBe(5);
    const allowed = /--max-wait (\d+)/.exec(hint)?.[1];
    if (allowed) expect((await ops(['hosts', 'totals', '--max-wait', allowed])).code).toBe(0);
  });
});

describe('a db operation status that does not say how the operation stands', () => {
  it('is a bad answer, exit 7', async () => {
    const operations = `/subscriptions/${ACCOUNT_ID.split('/')[2]}/providers/Microsoft.DocumentDB/locations/`;
    await sb.fault({ service: 'db', method: 'GET', path: operations, kind: 'status', status: 200, body: {} });
    const r = await ops(['db', 'role-assignment', 'delete', SEED_READER_ASSIGNMENT, '--yes']);
    expect(r.stderr).toMatch(
      /^ops: db answered 200 with an operation status that has no status \(http:\/\/.+\/operationsStatus\/.+\)\n$/,
    );
    expect(r.code).toBe(7);
  });
});

describe('a redirect to a scheme other than http or https', () => {
  it.each([
    (url: string) => `ftp://${new URL(url).host}/hosts/api/v1/hosts/totals`,
    () => 'file:///etc/passwd',
    () => 'javascript:alert(1)',
  ])('is refused at once: exit 7, one line, no second request (%#)', async (target) => {
    const location = target(sb.url);
    await sb.fault({ service: 'hosts', method: 'GET', kind: 'status', status: 302, headers: { location } });
    const r = await runMain(['hosts', 'totals', '--debug'], { env: sb.env });
    expect(r.stderr.match(/^> GET /gm)).toHaveLength(1);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('ops: '))).toEqual([
      `ops: hosts answered 302 with a redirect to ${location}, which is not http or https`,
    ]);
    expect(r.code).toBe(7);
  });
});
