import { describe, expect, it } from 'vitest';
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
