import { describe, expect, it } from 'vitest';
import { artifactDeleteCommand } from '../../src/commands/runs/artifact/delete.js';
import { artifactDownloadCommand } from '../../src/commands/runs/artifact/download.js';
import { artifactListCommand } from '../../src/commands/runs/artifact/list.js';
import { cacheDeleteCommand } from '../../src/commands/runs/cache/delete.js';
import { cacheListCommand } from '../../src/commands/runs/cache/list.js';
import { secretDeleteCommand } from '../../src/commands/runs/secret/delete.js';
import { secretListCommand } from '../../src/commands/runs/secret/list.js';
import { secretReposAddCommand } from '../../src/commands/runs/secret/repos/add.js';
import { secretReposListCommand } from '../../src/commands/runs/secret/repos/list.js';
import { secretSetCommand } from '../../src/commands/runs/secret/set.js';
import { variableDeleteCommand } from '../../src/commands/runs/variable/delete.js';
import { variableGetCommand } from '../../src/commands/runs/variable/get.js';
import { variableListCommand } from '../../src/commands/runs/variable/list.js';
import { variableReposAddCommand } from '../../src/commands/runs/variable/repos/add.js';
import { variableReposListCommand } from '../../src/commands/runs/variable/repos/list.js';
import { variableSetCommand } from '../../src/commands/runs/variable/set.js';
import { permissionsDisableRepoCommand } from '../../src/commands/runs/permissions/disable-repo.js';
import { permissionsEnableRepoCommand } from '../../src/commands/runs/permissions/enable-repo.js';
import { permissionsReposCommand } from '../../src/commands/runs/permissions/repos.js';
import { runnerGroupAddRepoCommand } from '../../src/commands/runs/runner-group/add-repo.js';
import { runnerGroupGetCommand } from '../../src/commands/runs/runner-group/get.js';
import { runnerGroupListCommand } from '../../src/commands/runs/runner-group/list.js';
import { runnerDeleteCommand } from '../../src/commands/runs/runner/delete.js';
import { runnerDownloadsCommand } from '../../src/commands/runs/runner/downloads.js';
import { runnerHostedDeleteCommand } from '../../src/commands/runs/runner/hosted/delete.js';
import { runnerHostedGetCommand } from '../../src/commands/runs/runner/hosted/get.js';
import { runnerHostedListCommand } from '../../src/commands/runs/runner/hosted/list.js';
import { runnerLabelsAddCommand } from '../../src/commands/runs/runner/labels/add.js';
import { runnerLabelsListCommand } from '../../src/commands/runs/runner/labels/list.js';
import { runnerLabelsRemoveAllCommand } from '../../src/commands/runs/runner/labels/remove-all.js';
import { runnerListCommand } from '../../src/commands/runs/runner/list.js';
import { runnerTokenRegisterCommand } from '../../src/commands/runs/runner/token/register.js';
import { runnerTokenRemoveCommand } from '../../src/commands/runs/runner/token/remove.js';
import { runsApproveCommand } from '../../src/commands/runs/approve.js';
import { runsCancelCommand } from '../../src/commands/runs/cancel.js';
import { runsDeleteCommand } from '../../src/commands/runs/delete.js';
import { jobListCommand } from '../../src/commands/runs/job/list.js';
import { jobLogsCommand } from '../../src/commands/runs/job/logs.js';
import { jobRerunCommand } from '../../src/commands/runs/job/rerun.js';
import { runsListCommand } from '../../src/commands/runs/list.js';
import { runsLogsCommand } from '../../src/commands/runs/logs.js';
import { runsLogsDeleteCommand } from '../../src/commands/runs/logs-delete.js';
import { runsRerunCommand } from '../../src/commands/runs/rerun.js';
import { runsViewCommand } from '../../src/commands/runs/view.js';
import { runsWatchCommand } from '../../src/commands/runs/watch.js';
import { workflowDisableCommand } from '../../src/commands/runs/workflow/disable.js';
import { workflowDispatchCommand } from '../../src/commands/runs/workflow/dispatch.js';
import { workflowEnableCommand } from '../../src/commands/runs/workflow/enable.js';
import { workflowListCommand } from '../../src/commands/runs/workflow/list.js';
import { workflowViewCommand } from '../../src/commands/runs/workflow/view.js';
import { UsageError } from '../../src/errors.js';
import { REPO, parseVerb } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: a table of builders with different option types
type Make = (f: any, run: any) => any;

const OTHER = { owner: 'acme', repo: 'widgets' };
const noQuery = {
  actor: undefined,
  branch: undefined,
  event: undefined,
  status: undefined,
  created: undefined,
  head_sha: undefined,
  check_suite_id: undefined,
  exclude_pull_requests: undefined,
};
const SHA = 'ce6ae98d62ba035ee6255a2e7c53d17a7fc9f5b3';

/** [what, builder, groups, argv, every parsed value]. */
const PHASE1: Array<[string, Make, string[], string[], Record<string, unknown>]> = [
  ['list', runsListCommand, [], ['list'], { repo: REPO, workflow: undefined, query: noQuery, limit: 30 }],
  [
    'list with every filter',
    runsListCommand,
    [],
    [
      'list',
      '--workflow',
      'ci.yml',
      '--actor',
      'monalisa',
      '--branch',
      'main',
      '--event',
      'push',
      '--status',
      'failure',
      '--since',
      '2026-01-01',
      '--head-sha',
      SHA.toUpperCase(),
      '--check-suite-id',
      '42',
      '--exclude-pull-requests',
      '--all',
      '--repo',
      'acme/widgets',
    ],
    {
      repo: OTHER,
      workflow: 'ci.yml',
      query: {
        actor: 'monalisa',
        branch: 'main',
        event: 'push',
        status: 'failure',
        created: '>=2026-01-01T00:00:00Z',
        head_sha: SHA,
        check_suite_id: 42,
        exclude_pull_requests: true,
      },
      limit: undefined,
    },
  ],
  [
    'list --workflow id, --limit, a range',
    runsListCommand,
    [],
    [
      'list',
      '--workflow',
      '161335',
      '--limit',
      '5',
      '--since',
      '2026-01-01',
      '--until',
      '2026-01-31T23:59:59Z',
    ],
    {
      repo: REPO,
      workflow: 161335,
      query: { ...noQuery, created: '2026-01-01T00:00:00Z..2026-01-31T23:59:59Z' },
      limit: 5,
    },
  ],
  [
    'list --until alone',
    runsListCommand,
    [],
    ['list', '--until', '2026-01-31'],
    { repo: REPO, workflow: undefined, query: { ...noQuery, created: '<=2026-01-31T00:00:00Z' }, limit: 30 },
  ],
  ['view', runsViewCommand, [], ['view', '30433643'], { repo: REPO, runId: 30433643, jobs: true }],
  [
    'view --json: no jobs table',
    runsViewCommand,
    [],
    ['view', '7', '--json'],
    { repo: REPO, runId: 7, jobs: false },
  ],
  [
    'rerun',
    runsRerunCommand,
    [],
    ['rerun', '5'],
    { repo: REPO, runId: 5, failed: false, jobId: undefined, debugLogging: false },
  ],
  [
    'rerun --failed --debug-logging',
    runsRerunCommand,
    [],
    ['rerun', '5', '--failed', '--debug-logging'],
    { repo: REPO, runId: 5, failed: true, jobId: undefined, debugLogging: true },
  ],
  [
    'rerun --job',
    runsRerunCommand,
    [],
    ['rerun', '--job', '9'],
    { repo: REPO, runId: undefined, failed: false, jobId: 9, debugLogging: false },
  ],
  ['cancel', runsCancelCommand, [], ['cancel', '5', '--repo', 'acme/widgets'], { repo: OTHER, runId: 5 }],
  ['approve', runsApproveCommand, [], ['approve', '5'], { repo: REPO, runId: 5 }],
  [
    'delete',
    runsDeleteCommand,
    [],
    ['delete', '5', '--yes'],
    { repo: REPO, runId: 5, confirm: expect.any(Function) },
  ],
  [
    'watch',
    runsWatchCommand,
    [],
    ['watch', '5'],
    { repo: REPO, runId: 5, intervalSeconds: 3, timeoutSeconds: undefined, exitStatus: false, jobs: true },
  ],
  [
    'watch --interval --wait-timeout --exit-status',
    runsWatchCommand,
    [],
    ['watch', '5', '--interval', '0.5', '--wait-timeout', '60', '--exit-status', '-o', 'yaml'],
    { repo: REPO, runId: 5, intervalSeconds: 0.5, timeoutSeconds: 60, exitStatus: true, jobs: false },
  ],
  [
    'logs',
    runsLogsCommand,
    [],
    ['logs', '5'],
    { repo: REPO, runId: 5, attempt: undefined, jobId: undefined, dir: undefined, existing: 'refuse' },
  ],
  [
    'logs --attempt --job --dir',
    runsLogsCommand,
    [],
    ['logs', '5', '--attempt', '2', '--job', '9', '--dir', 'out', '--skip-existing'],
    { repo: REPO, runId: 5, attempt: 2, jobId: 9, dir: 'out', existing: 'skip' },
  ],
  [
    'delete-logs',
    runsLogsDeleteCommand,
    [],
    ['delete-logs', '5'],
    { repo: REPO, runId: 5, confirm: expect.any(Function) },
  ],
  [
    'job list',
    jobListCommand,
    ['job'],
    ['list', '5'],
    { repo: REPO, runId: 5, attempt: undefined, filter: undefined, limit: 30 },
  ],
  [
    'job list --filter all --all',
    jobListCommand,
    ['job'],
    ['list', '5', '--filter', 'all', '--all'],
    { repo: REPO, runId: 5, attempt: undefined, filter: 'all', limit: undefined },
  ],
  [
    'job list --attempt',
    jobListCommand,
    ['job'],
    ['list', '5', '--attempt', '1', '--limit', '3'],
    { repo: REPO, runId: 5, attempt: 1, filter: undefined, limit: 3 },
  ],
  ['job logs', jobLogsCommand, ['job'], ['logs', '9'], { repo: REPO, jobId: 9 }],
  [
    'job rerun',
    jobRerunCommand,
    ['job'],
    ['rerun', '9', '--debug-logging'],
    { repo: REPO, runId: undefined, failed: false, jobId: 9, debugLogging: true },
  ],
  ['workflow list', workflowListCommand, ['workflow'], ['list'], { repo: REPO, limit: 30 }],
  [
    'workflow view',
    workflowViewCommand,
    ['workflow'],
    ['view', 'ci.yml'],
    { repo: REPO, workflow: 'ci.yml' },
  ],
  [
    'workflow enable',
    workflowEnableCommand,
    ['workflow'],
    ['enable', '161337'],
    { repo: REPO, workflow: 161337 },
  ],
  [
    'workflow disable',
    workflowDisableCommand,
    ['workflow'],
    ['disable', 'ci.yaml'],
    { repo: REPO, workflow: 'ci.yaml' },
  ],
  [
    'workflow dispatch',
    workflowDispatchCommand,
    ['workflow'],
    ['dispatch', 'release.yml', '--ref', 'main', '-f', 'version=1.2.0', '--raw-field', 'note=a=b'],
    { repo: REPO, workflow: 'release.yml', ref: 'main', inputs: { version: '1.2.0', note: 'a=b' } },
  ],
  [
    'workflow run (alias) with no inputs',
    workflowDispatchCommand,
    ['workflow'],
    ['run', '161335', '--ref', 'refs/tags/v1.1.0'],
    { repo: REPO, workflow: 161335, ref: 'refs/tags/v1.1.0', inputs: {} },
  ],
];

describe('parse: runs, jobs, logs, workflows', () => {
  it.each(PHASE1)('%s', async (_what, make, groups, argv, values) => {
    const r = await parseVerb(make, argv, { groups });
    expect(r.calls).toBe(1);
    expect(r.values).toEqual(values);
  });

  it('dispatch inputs from a file on stdin, -f over them', async () => {
    const r = await parseVerb(
      workflowDispatchCommand,
      ['dispatch', 'release.yml', '--ref', 'main', '--file', '-', '-f', 'version=9'],
      { groups: ['workflow'], input: '{"version":"1","dry_run":true,"n":3}' },
    );
    expect(r.values.inputs).toEqual({ version: '9', dry_run: 'true', n: '3' });
  });

  it.each([
    [runsViewCommand, [], ['view', '0'], 'invalid run id "0"'],
    [runsViewCommand, [], ['view', '1.5'], 'invalid run id "1.5"'],
    [runsListCommand, [], ['list', '--status', 'done'], 'invalid --status "done"'],
    [runsListCommand, [], ['list', '--event', 'Push!'], 'invalid --event "Push!"'],
    [
      runsListCommand,
      [],
      ['list', '--since', '2026-13-45'],
      'invalid --since "2026-13-45": no such date or time',
    ],
    [runsListCommand, [], ['list', '--since', '>=2026-01-01'], 'invalid --since ">=2026-01-01"'],
    [
      runsListCommand,
      [],
      ['list', '--since', '2026-02-01', '--until', '2026-01-01'],
      '--until "2026-01-01" is before --since "2026-02-01"',
    ],
    [runsListCommand, [], ['list', '--head-sha', 'xyz'], 'invalid --head-sha "xyz"'],
    [runsListCommand, [], ['list', '--check-suite-id', '-1'], 'invalid --check-suite-id "-1"'],
    [runsListCommand, [], ['list', '--actor', ' '], '--actor is empty'],
    [runsListCommand, [], ['list', '--limit', '5', '--all'], '--limit and --all cannot be combined'],
    [runsListCommand, [], ['list', '--workflow', '../x.yml'], 'invalid workflow "../x.yml"'],
    [runsListCommand, [], ['list', '--repo', 'a/b/c'], 'invalid --repo "a/b/c"'],
    [runsRerunCommand, [], ['rerun', '5', '--job', '6'], 'give a run id or --job, not both'],
    [runsRerunCommand, [], ['rerun', '--job', '6', '--failed'], '--failed and --job cannot be combined'],
    [runsWatchCommand, [], ['watch', '5', '--interval', 'soon'], 'invalid --interval "soon"'],
    [runsLogsCommand, [], ['logs', '5', '--attempt', '0'], '--attempt must be at least 1 (got 0)'],
    [runsLogsCommand, [], ['logs', '5', '--dir', ''], '--dir is empty'],
    [
      jobListCommand,
      ['job'],
      ['list', '5', '--attempt', '1', '--filter', 'all'],
      '--attempt and --filter cannot be combined',
    ],
    [workflowDispatchCommand, ['workflow'], ['dispatch', 'ci.yml', '--ref', ' '], '--ref is empty'],
    [workflowDispatchCommand, ['workflow'], ['dispatch', 'ci', '--ref', 'main'], 'invalid workflow "ci"'],
  ] as Array<[Make, string[], string[], string]>)(
    'refused before any request: %#',
    async (make, groups, argv, message) => {
      const err = await parseVerb(make, argv, { groups }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UsageError);
      expect((err as Error).message).toBe(message);
    },
  );

  it('the repository is required when nothing gives one', async () => {
    const err = await parseVerb(runsListCommand, ['list'], { env: { OPS_RUNS_REPO: '' } }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe('runs: no repository given');
  });

  it('dispatch: 11 inputs from a file and flags together is refused', async () => {
    const file = JSON.stringify(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'v'])));
    const err = await parseVerb(
      workflowDispatchCommand,
      ['dispatch', 'ci.yml', '--ref', 'main', '--file', '-', '-f', 'extra=1'],
      { groups: ['workflow'], input: file },
    ).catch((e: unknown) => e);
    expect((err as Error).message).toBe('11 inputs given; a dispatch takes at most 10');
  });
});

const REPO_SCOPE = { kind: 'repo', repo: REPO };
const ORG_SCOPE = { kind: 'org', org: 'octo-org' };
const ENV_SCOPE = { kind: 'env', repo: REPO, env: 'review/app' };
const confirm = expect.any(Function);

const PHASE2: Array<[string, Make, string[], string[], Record<string, unknown>, string?]> = [
  [
    'artifact list',
    artifactListCommand,
    ['artifact'],
    ['list', '5'],
    { repo: REPO, runId: 5, name: undefined, limit: 30 },
  ],
  [
    'artifact list --name --all',
    artifactListCommand,
    ['artifact'],
    ['list', '5', '--name', 'build-output', '--all'],
    { repo: REPO, runId: 5, name: 'build-output', limit: undefined },
  ],
  [
    'artifact download',
    artifactDownloadCommand,
    ['artifact'],
    ['download', '9'],
    { repo: REPO, artifactId: 9, dir: undefined, existing: 'refuse' },
  ],
  [
    'artifact download --dir',
    artifactDownloadCommand,
    ['artifact'],
    ['download', '9', '--dir', 'x', '--clobber'],
    { repo: REPO, artifactId: 9, dir: 'x', existing: 'clobber' },
  ],
  [
    'artifact delete',
    artifactDeleteCommand,
    ['artifact'],
    ['delete', '9'],
    { repo: REPO, artifactId: 9, confirm },
  ],
  [
    'cache list',
    cacheListCommand,
    ['cache'],
    ['list'],
    {
      repo: REPO,
      query: { key: undefined, ref: undefined, sort: undefined, direction: undefined },
      limit: 30,
    },
  ],
  [
    'cache list with every flag',
    cacheListCommand,
    ['cache'],
    [
      'list',
      '--key',
      'Linux',
      '--ref',
      'refs/heads/main',
      '--sort',
      'last-used',
      '--order',
      'asc',
      '--limit',
      '3',
    ],
    {
      repo: REPO,
      query: { key: 'Linux', ref: 'refs/heads/main', sort: 'last_accessed_at', direction: 'asc' },
      limit: 3,
    },
  ],
  [
    'cache delete --id',
    cacheDeleteCommand,
    ['cache'],
    ['delete', '--id', '4'],
    { repo: REPO, id: 4, key: undefined, ref: undefined, confirm },
  ],
  [
    'cache delete --key --ref',
    cacheDeleteCommand,
    ['cache'],
    ['delete', '--key', 'k', '--ref', 'refs/heads/main'],
    { repo: REPO, id: undefined, key: 'k', ref: 'refs/heads/main', confirm },
  ],
  [
    'secret list (repository from the environment)',
    secretListCommand,
    ['secret'],
    ['list'],
    { scope: REPO_SCOPE, inherited: false, limit: 30 },
  ],
  [
    'secret list --org',
    secretListCommand,
    ['secret'],
    ['list', '--org', 'octo-org'],
    { scope: ORG_SCOPE, inherited: false, limit: 30 },
  ],
  [
    'secret list --env',
    secretListCommand,
    ['secret'],
    ['list', '--env', 'review/app'],
    { scope: ENV_SCOPE, inherited: false, limit: 30 },
  ],
  [
    'secret list --inherited',
    secretListCommand,
    ['secret'],
    ['list', '--inherited', '--all'],
    { scope: REPO_SCOPE, inherited: true, limit: undefined },
  ],
  [
    'secret set (stdin: one trailing newline dropped, nothing else)',
    secretSetCommand,
    ['secret'],
    ['set', 'api_key'],
    {
      scope: REPO_SCOPE,
      name: 'API_KEY',
      value: 'v a l\n',
      visibility: undefined,
      repositoryIds: undefined,
      explicitVisibility: false,
    },
    'v a l\n\n',
  ],
  [
    'secret set (stdin: a\\n gives a)',
    secretSetCommand,
    ['secret'],
    ['set', 'api_key'],
    {
      scope: REPO_SCOPE,
      name: 'API_KEY',
      value: 'a',
      visibility: undefined,
      repositoryIds: undefined,
      explicitVisibility: false,
    },
    'a\n',
  ],
  [
    'secret set --org: private by default',
    secretSetCommand,
    ['secret'],
    ['set', 'X', '--org', 'octo-org'],
    {
      scope: ORG_SCOPE,
      name: 'X',
      value: 'v',
      visibility: 'private',
      repositoryIds: undefined,
      explicitVisibility: false,
    },
    'v',
  ],
  [
    'secret set --org --repos: selected',
    secretSetCommand,
    ['secret'],
    ['set', 'X', '--org', 'octo-org', '--repos', '1, 2'],
    {
      scope: ORG_SCOPE,
      name: 'X',
      value: 'v',
      visibility: 'selected',
      repositoryIds: [1, 2],
      explicitVisibility: true,
    },
    'v',
  ],
  [
    'secret set --env',
    secretSetCommand,
    ['secret'],
    ['set', 'X', '--env', 'production', '--repo', 'acme/widgets'],
    {
      scope: { kind: 'env', repo: OTHER, env: 'production' },
      name: 'X',
      value: 'v',
      visibility: undefined,
      repositoryIds: undefined,
      explicitVisibility: false,
    },
    'v',
  ],
  [
    'secret delete',
    secretDeleteCommand,
    ['secret'],
    ['delete', 'X', '--org', 'octo-org'],
    { scope: ORG_SCOPE, name: 'X', confirm },
  ],
  [
    'secret repos list',
    secretReposListCommand,
    ['secret', 'repos'],
    ['list', 'deploy_key'],
    { kind: 'secret', org: 'octo-org', name: 'DEPLOY_KEY', limit: 30 },
  ],
  [
    'secret repos add',
    secretReposAddCommand,
    ['secret', 'repos'],
    ['add', 'DEPLOY_KEY', '1296270', '--org', 'acme'],
    { kind: 'secret', org: 'acme', name: 'DEPLOY_KEY', repositoryId: 1296270 },
  ],
  [
    'variable list',
    variableListCommand,
    ['variable'],
    ['list', '--env', 'review/app'],
    { scope: ENV_SCOPE, inherited: false, limit: 30 },
  ],
  [
    'variable get',
    variableGetCommand,
    ['variable'],
    ['get', 'node_version'],
    { scope: REPO_SCOPE, name: 'NODE_VERSION' },
  ],
  [
    'variable set --body',
    variableSetCommand,
    ['variable'],
    ['set', 'V', '--body', 'x y'],
    {
      scope: REPO_SCOPE,
      name: 'V',
      value: 'x y',
      visibility: undefined,
      repositoryIds: undefined,
      explicitVisibility: false,
    },
  ],
  [
    'variable set from stdin (one newline dropped), --org --visibility',
    variableSetCommand,
    ['variable'],
    ['set', 'V', '--org', 'octo-org', '--visibility', 'all'],
    {
      scope: ORG_SCOPE,
      name: 'V',
      value: 'line',
      visibility: 'all',
      repositoryIds: undefined,
      explicitVisibility: true,
    },
    'line\n',
  ],
  [
    'variable set from stdin: two trailing newlines keep one',
    variableSetCommand,
    ['variable'],
    ['set', 'V'],
    {
      scope: REPO_SCOPE,
      name: 'V',
      value: 'line\r\n',
      visibility: undefined,
      repositoryIds: undefined,
      explicitVisibility: false,
    },
    'line\r\n\r\n',
  ],
  [
    'variable delete',
    variableDeleteCommand,
    ['variable'],
    ['delete', 'V'],
    { scope: REPO_SCOPE, name: 'V', confirm },
  ],
  [
    'variable repos list',
    variableReposListCommand,
    ['variable', 'repos'],
    ['list', 'B', '--all'],
    { kind: 'variable', org: 'octo-org', name: 'B', limit: undefined },
  ],
  [
    'variable repos add',
    variableReposAddCommand,
    ['variable', 'repos'],
    ['add', 'B', '7'],
    { kind: 'variable', org: 'octo-org', name: 'B', repositoryId: 7 },
  ],
];

describe('parse: artifacts, caches, secrets, variables', () => {
  it.each(PHASE2)('%s', async (_what, make, groups, argv, values, input) => {
    const r = await parseVerb(make, argv, { groups, ...(input === undefined ? {} : { input }) });
    expect(r.calls).toBe(1);
    expect(r.values).toEqual(values);
  });

  it('with no repository configured, the organisation is the scope', async () => {
    const r = await parseVerb(secretListCommand, ['list'], {
      groups: ['secret'],
      env: { OPS_RUNS_REPO: '' },
    });
    expect(r.values.scope).toEqual(ORG_SCOPE);
    const err = await parseVerb(secretListCommand, ['list'], {
      groups: ['secret'],
      env: { OPS_RUNS_REPO: '', OPS_RUNS_ORG: '' },
    }).catch((e: unknown) => e);
    expect((err as Error).message).toBe('runs: no repository or organisation given');
  });

  it.each([
    [
      secretSetCommand,
      ['secret'],
      ['set', 'X', 'value'],
      'a secret value is never taken from the command line',
    ],
    [secretSetCommand, ['secret'], ['set', '1X'], 'invalid secret name "1X"'],
    [
      secretSetCommand,
      ['secret'],
      ['set', 'X', '--visibility', 'all'],
      '--visibility and --repos are for organisation secrets and variables',
    ],
    [
      secretSetCommand,
      ['secret'],
      ['set', 'X', '--org', 'o', '--visibility', 'some'],
      'invalid --visibility "some"',
    ],
    [
      secretSetCommand,
      ['secret'],
      ['set', 'X', '--org', 'o', '--visibility', 'all', '--repos', '1'],
      '--repos needs --visibility selected (got all)',
    ],
    [
      secretSetCommand,
      ['secret'],
      ['set', 'X', '--org', 'o', '--repos', '1,x'],
      'invalid repository id "x" in --repos',
    ],
    [
      secretSetCommand,
      ['secret'],
      ['set', 'X', '--org', 'o', '--repo', 'a/b'],
      '--repo and --org cannot be combined',
    ],
    [
      secretSetCommand,
      ['secret'],
      ['set', 'X', '--org', 'o', '--env', 'e'],
      '--env and --org cannot be combined',
    ],
    [
      secretSetCommand,
      ['secret'],
      ['set', 'X', '--file', '/nonexistent/file'],
      'cannot read --file "/nonexistent/file": ENOENT',
    ],
    [
      secretListCommand,
      ['secret'],
      ['list', '--inherited', '--org', 'o'],
      '--inherited lists what a repository may use',
    ],
    [secretListCommand, ['secret'], ['list', '--org', 'bad org'], 'invalid --org "bad org"'],
    [
      variableSetCommand,
      ['variable'],
      ['set', 'V', '--body', 'a', '--file', 'f'],
      '--body and --file cannot be combined',
    ],
    [cacheDeleteCommand, ['cache'], ['delete'], 'give either --id or --key'],
    [cacheDeleteCommand, ['cache'], ['delete', '--id', '1', '--key', 'k'], 'give either --id or --key'],
    [
      cacheDeleteCommand,
      ['cache'],
      ['delete', '--id', '1', '--ref', 'refs/heads/main'],
      '--ref goes with --key',
    ],
    [cacheDeleteCommand, ['cache'], ['delete', '--key', 'k', '--ref', 'main'], 'invalid --ref "main"'],
    [cacheListCommand, ['cache'], ['list', '--sort', 'name'], 'invalid --sort "name"'],
    [cacheListCommand, ['cache'], ['list', '--order', 'up'], 'invalid --order "up"'],
    [artifactDownloadCommand, ['artifact'], ['download', 'x'], 'invalid artifact id "x"'],
    [secretReposAddCommand, ['secret', 'repos'], ['add', 'X', 'repo'], 'invalid repository id "repo"'],
  ] as Array<[Make, string[], string[], string]>)(
    'refused before any request: %#',
    async (make, groups, argv, message) => {
      const err = await parseVerb(make, argv, { groups, input: 'v' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UsageError);
      expect((err as Error).message).toBe(message);
    },
  );
});

const PHASE3: Array<[string, Make, string[], string[], Record<string, unknown>]> = [
  ['runner list', runnerListCommand, ['runner'], ['list'], { scope: REPO_SCOPE, name: undefined, limit: 30 }],
  [
    'runner list --org --name',
    runnerListCommand,
    ['runner'],
    ['list', '--org', 'octo-org', '--name', 'r1'],
    { scope: ORG_SCOPE, name: 'r1', limit: 30 },
  ],
  [
    'runner delete',
    runnerDeleteCommand,
    ['runner'],
    ['delete', '7'],
    { scope: REPO_SCOPE, runnerId: 7, confirm },
  ],
  [
    'runner downloads',
    runnerDownloadsCommand,
    ['runner'],
    ['downloads', '--org', 'octo-org'],
    { scope: ORG_SCOPE, limit: 30 },
  ],
  [
    'runner labels list',
    runnerLabelsListCommand,
    ['runner', 'labels'],
    ['list', '7'],
    { scope: REPO_SCOPE, runnerId: 7, limit: 30 },
  ],
  [
    'runner labels add (a label once)',
    runnerLabelsAddCommand,
    ['runner', 'labels'],
    ['add', '21', 'gpu', 'cuda-12', 'gpu', '--org', 'octo-org'],
    { scope: ORG_SCOPE, runnerId: 21, labels: ['gpu', 'cuda-12'] },
  ],
  [
    'runner labels remove-all',
    runnerLabelsRemoveAllCommand,
    ['runner', 'labels'],
    ['remove-all', '21'],
    { scope: REPO_SCOPE, runnerId: 21, confirm },
  ],
  [
    'runner token register',
    runnerTokenRegisterCommand,
    ['runner', 'token'],
    ['register'],
    { scope: REPO_SCOPE },
  ],
  [
    'runner token remove',
    runnerTokenRemoveCommand,
    ['runner', 'token'],
    ['remove', '--org', 'octo-org'],
    { scope: ORG_SCOPE },
  ],
  [
    'runner hosted delete',
    runnerHostedDeleteCommand,
    ['runner', 'hosted'],
    ['delete', '5'],
    {
      org: 'octo-org',
      hostedRunnerId: 5,
      confirm,
      wait: { wait: true, intervalSeconds: 2, timeoutSeconds: undefined },
    },
  ],
  [
    'runner hosted list',
    runnerHostedListCommand,
    ['runner', 'hosted'],
    ['list', '--limit', '5'],
    { org: 'octo-org', limit: 5 },
  ],
  [
    'runner hosted get',
    runnerHostedGetCommand,
    ['runner', 'hosted'],
    ['get', '6', '--org', 'acme'],
    { org: 'acme', hostedRunnerId: 6 },
  ],
  [
    'runner-group list',
    runnerGroupListCommand,
    ['runner-group'],
    ['list', '--visible-to', 'hello-world', '--all'],
    { org: 'octo-org', visibleTo: 'hello-world', limit: undefined },
  ],
  [
    'runner-group list (default limit)',
    runnerGroupListCommand,
    ['runner-group'],
    ['list'],
    { org: 'octo-org', visibleTo: undefined, limit: 30 },
  ],
  [
    'runner-group get',
    runnerGroupGetCommand,
    ['runner-group'],
    ['get', '2'],
    { org: 'octo-org', groupId: 2 },
  ],
  [
    'runner-group add-repo',
    runnerGroupAddRepoCommand,
    ['runner-group'],
    ['add-repo', '2', '1296270', '--org', 'acme'],
    { org: 'acme', groupId: 2, repositoryId: 1296270 },
  ],
  [
    'permissions repos',
    permissionsReposCommand,
    ['permissions'],
    ['repos', '--all'],
    { org: 'octo-org', limit: undefined },
  ],
  [
    'permissions enable-repo',
    permissionsEnableRepoCommand,
    ['permissions'],
    ['enable-repo', '9'],
    { org: 'octo-org', repositoryId: 9 },
  ],
  [
    'permissions disable-repo',
    permissionsDisableRepoCommand,
    ['permissions'],
    ['disable-repo', '9'],
    { org: 'octo-org', repositoryId: 9 },
  ],
];

describe('parse: runners, runner groups, permissions', () => {
  it.each(PHASE3)('%s', async (_what, make, groups, argv, values) => {
    const r = await parseVerb(make, argv, { groups });
    expect(r.calls).toBe(1);
    expect(r.values).toEqual(values);
  });

  it.each([
    [runnerLabelsAddCommand, ['runner', 'labels'], ['add', '7', 'two words'], 'invalid label "two words"'],
    [runnerLabelsAddCommand, ['runner', 'labels'], ['add', '7', 'a,b'], 'invalid label "a,b"'],
    [
      runnerLabelsAddCommand,
      ['runner', 'labels'],
      ['add', '7', ...Array.from({ length: 101 }, (_, i) => `l${i}`)],
      '101 labels given; a runner takes at most 100',
    ],
    [runnerListCommand, ['runner'], ['list', '--env', 'production'], "error: unknown option '--env'"],
    [runnerDeleteCommand, ['runner'], ['delete', 'seven'], 'invalid runner id "seven"'],
    [runnerGroupAddRepoCommand, ['runner-group'], ['add-repo', '2', 'x'], 'invalid repository id "x"'],
    [runnerGroupGetCommand, ['runner-group'], ['get', 'deploy'], 'invalid runner group id "deploy"'],
    [
      runnerGroupListCommand,
      ['runner-group'],
      ['list', '--visible-to', '../x'],
      'invalid --visible-to "../x"',
    ],
    [runnerHostedGetCommand, ['runner', 'hosted'], ['get', '0'], 'invalid hosted runner id "0"'],
    [permissionsDisableRepoCommand, ['permissions'], ['disable-repo', '0'], 'invalid repository id "0"'],
  ] as Array<[Make, string[], string[], string]>)(
    'refused before any request: %#',
    async (make, groups, argv, message) => {
      const err = await parseVerb(make, argv, { groups }).catch((e: unknown) => e);
      expect((err as Error).message).toBe(message);
    },
  );

  it('organisation-only commands need an organisation', async () => {
    const err = await parseVerb(permissionsReposCommand, ['repos'], {
      groups: ['permissions'],
      env: { OPS_RUNS_ORG: '' },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe('runs: no organisation given');
  });
});
