import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';

// Every id and name parser starts with `notBlank` (src/commands/shared/parse.ts): a blank argument is
// one line naming what is blank, before any request (nothing listens at the address).
const env = {
  OPS_CLOUD_API_KEY: 'k',
  OPS_RUNS_TOKEN: 't',
  OPS_RUNS_REPO: 'octo-org/hello-world',
  OPS_RUNS_ORG: 'octo-org',
  OPS_PIPELINES_TOKEN: 't',
  OPS_PIPELINES_ORG: 'gh/acme',
  OPS_DOCGEN_TOKEN: 't',
  OPS_DB_TOKEN: 't',
  OPS_DB_SUBSCRIPTION: '5f1e9a3c-7d2b-4c8e-9f0a-1b2c3d4e5f60',
  OPS_DB_ACCOUNT: 'docs',
  OPS_TASKS_TOKEN: 't',
};

describe('a blank id or name is one line saying so (issue 37, item 8)', () => {
  it.each([
    [['cloud', 'instance', 'get', '   '], 'the instance id or name is blank'],
    [['cloud', 'instance', 'start', ''], 'the instance id or name is blank'],
    [['cloud', 'lb', 'start', ' '], 'the load balancer id is blank'],
    [['cloud', 'asg', 'get', '\t'], 'the auto scaling group id or name is blank'],
    [
      ['cloud', 'asg', 'register-target-group', 'a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c01', ' '],
      'the target group id is blank',
    ],
    [['pipelines', 'context', 'get', ' '], 'the context id or name is blank'],
    [['pipelines', 'project', 'get', ' '], 'the project is blank'],
    [['runs', 'view', ' '], 'the run id is blank'],
    [['runs', 'runner', 'delete', ' ', '--yes'], 'the runner id is blank'],
    [['docgen', 'jobs', 'get', ' '], 'the job id is blank'],
    [['db', 'role-definition', 'get', ' '], 'the role definition id is blank'],
    [['tasks', 'get', ' '], 'the task id is blank'],
  ])('%j', async (args, line) => {
    const r = await runMain(['--base-url', 'http://127.0.0.1:9', ...args], { env });
    expect(r.stderr.split('\n')[0]).toBe(`ops: ${line}`);
    expect(r.stderr).toMatch(/\nhint: give .*\n$|\nhint: ids are numbers.*\n$/);
    expect([r.code, r.stdout]).toEqual([2, '']);
  });
});
