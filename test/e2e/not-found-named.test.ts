import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/** The 404s of issue 37 against the sandbox: each names the kind, the id and where it looked. */

const sb = await useSandbox({ services: ['pipelines', 'runs', 'cloud'] });
const ops = (args: string[]) => runMain(args, { env: sb.env });

describe('a 404 names the thing and where', () => {
  it.each([
    [
      ['pipelines', 'context', 'list', '--org', 'gh/nosuch'],
      'ops: pipelines: organization gh/nosuch not found in the organizations this token can see (HTTP 404)',
    ],
    [
      ['runs', 'runner-group', 'get', '999', '--org', 'octo-org'],
      'ops: runs: runner group 999 not found in organization octo-org (HTTP 404)',
    ],
    [
      ['runs', 'runner', 'hosted', 'get', '999', '--org', 'octo-org'],
      'ops: runs: hosted runner 999 not found in organization octo-org (HTTP 404)',
    ],
    [
      ['runs', 'runner', 'delete', '999', '--org', 'octo-org', '--yes'],
      'ops: runs: runner 999 not found in organization octo-org (HTTP 404)',
    ],
    [
      ['cloud', 'lb', 'start', '9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e99'],
      /^ops: cloud: load balancer 9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e99 not found in this account \(HTTP 404, request \S+\)$/,
    ],
  ])('%j', async (args, line) => {
    const r = await ops(args);
    const first = r.stderr.split('\n')[0]!;
    if (typeof line === 'string') expect(first).toBe(line);
    else expect(first).toMatch(line);
    expect(r.stderr.split('\n')[1]).toMatch(/^hint: .*(--org|list|give)/);
    expect(r.code).toBe(3);
  });
});
