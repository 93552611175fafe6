import type { Command } from 'commander';
import type { Context, Factory, ServiceCommands } from '../../app/types.js';
import { orgOf, repoOf } from './shared.js';
import { runsApproveCommand } from './approve.js';
import { artifactDeleteCommand } from './artifact/delete.js';
import { artifactDownloadCommand } from './artifact/download.js';
import { artifactListCommand } from './artifact/list.js';
import { cacheDeleteCommand } from './cache/delete.js';
import { cacheListCommand } from './cache/list.js';
import { runsCancelCommand } from './cancel.js';
import { runsDeleteCommand } from './delete.js';
import { jobListCommand } from './job/list.js';
import { jobLogsCommand } from './job/logs.js';
import { jobRerunCommand } from './job/rerun.js';
import { jobViewCommand } from './job/view.js';
import {
  ARTIFACT_FIELDS,
  CACHE_FIELDS,
  HOSTED_RUNNER_FIELDS,
  JOB_FIELDS,
  MINIMAL_REPOSITORY_FIELDS,
  REPOSITORY_FIELDS,
  RUN_FIELDS,
  RUNNER_APPLICATION_FIELDS,
  RUNNER_FIELDS,
  RUNNER_GROUP_FIELDS,
  RUNNER_LABEL_FIELDS,
  SECRET_FIELDS,
  VARIABLE_FIELDS,
  WORKFLOW_FIELDS,
} from '../../clients/runs/types.js';
import { runsListCommand } from './list.js';
import { runsLogsCommand } from './logs.js';
import { runsLogsDeleteCommand } from './logs-delete.js';
import { permissionsDisableRepoCommand } from './permissions/disable-repo.js';
import { permissionsEnableRepoCommand } from './permissions/enable-repo.js';
import { permissionsReposCommand } from './permissions/repos.js';
import { runsRerunCommand } from './rerun.js';
import { runnerGroupAddRepoCommand } from './runner-group/add-repo.js';
import { runnerGroupGetCommand } from './runner-group/get.js';
import { runnerGroupListCommand } from './runner-group/list.js';
import { runnerDeleteCommand } from './runner/delete.js';
import { runnerDownloadsCommand } from './runner/downloads.js';
import { runnerHostedDeleteCommand } from './runner/hosted/delete.js';
import { runnerHostedGetCommand } from './runner/hosted/get.js';
import { runnerHostedListCommand } from './runner/hosted/list.js';
import { runnerLabelsAddCommand } from './runner/labels/add.js';
import { runnerLabelsListCommand } from './runner/labels/list.js';
import { runnerLabelsRemoveAllCommand } from './runner/labels/remove-all.js';
import { runnerListCommand } from './runner/list.js';
import { runnerTokenRegisterCommand } from './runner/token/register.js';
import { runnerTokenRemoveCommand } from './runner/token/remove.js';
import { secretDeleteCommand } from './secret/delete.js';
import { secretListCommand } from './secret/list.js';
import { secretReposAddCommand } from './secret/repos/add.js';
import { secretReposListCommand } from './secret/repos/list.js';
import { secretSetCommand } from './secret/set.js';
import { variableDeleteCommand } from './variable/delete.js';
import { variableGetCommand } from './variable/get.js';
import { variableListCommand } from './variable/list.js';
import { variableReposAddCommand } from './variable/repos/add.js';
import { variableReposListCommand } from './variable/repos/list.js';
import { variableSetCommand } from './variable/set.js';
import { runsViewCommand } from './view.js';
import { runsWatchCommand } from './watch.js';
import { workflowDisableCommand } from './workflow/disable.js';
import { workflowDispatchCommand } from './workflow/dispatch.js';
import { workflowEnableCommand } from './workflow/enable.js';
import { workflowListCommand } from './workflow/list.js';
import { workflowViewCommand } from './workflow/view.js';
import { addGroup, addVerbs, destructive, read, write, groupCommand } from '../shared/verbs.js';

/** `ops runs`: workflow automation of the source host (seed 001 A). */
const repos = new WeakMap<Context, ReturnType<typeof repoOf>>();
/** The repository, looked up once a command for {owner} and {repo} together. */
const repoOnce = (ctx: Context) => {
  let r = repos.get(ctx);
  if (!r) repos.set(ctx, (r = repoOf(ctx)));
  return r;
};

/**
 * `ops api`'s {owner}, {repo} and {org}: the repository and organisation a runs command acts on
 * (environment, profile, git clone).
 */
export const apiPlaceholders: ServiceCommands['apiPlaceholders'] = {
  owner: async (ctx) => (await repoOnce(ctx)).owner,
  repo: async (ctx) => (await repoOnce(ctx)).repo,
  org: orgOf,
};

export function register(parent: Command, factory: Factory): void {
  const runs = groupCommand(
    parent,
    'runs',
    'Workflow automation: runs, jobs, workflows, artifacts, caches, secrets, variables, runners',
    [
      'eval "$(ops sandbox env)"',
      'ops runs list --status failure',
      'ops runs watch 30433648 --exit-status',
      'ops runs logs 30433643 --job 399444123',
      'ops runs workflow dispatch release.yml --ref main -f version=1.2.0',
    ],
    {
      notes: `The repository comes from --repo OWNER/REPO, OPS_RUNS_REPO or runs.repo, else from the git clone
you are in (its remote origin, else its only remote, on runs.web_host); the organisation from
--org ORG, OPS_RUNS_ORG or runs.org. The token is OPS_RUNS_TOKEN or runs.token.`,
    },
  );
  addVerbs(
    runs,
    {
      list: read(runsListCommand, { list: true, fields: RUN_FIELDS }),
      view: read(runsViewCommand, { fields: RUN_FIELDS }),
      rerun: write(runsRerunCommand),
      cancel: write(runsCancelCommand),
      approve: write(runsApproveCommand),
      delete: destructive(runsDeleteCommand),
      watch: read(runsWatchCommand),
      logs: read(runsLogsCommand, { download: true }),
      'delete-logs': destructive(runsLogsDeleteCommand),
    },
    factory,
  );
  addGroup(
    runs,
    'job',
    'Jobs of a workflow run',
    ['ops runs job list 30433643', 'ops runs job view 399444123', 'ops runs job logs 399444123'],
    {
      list: read(jobListCommand, { list: true, fields: JOB_FIELDS }),
      view: read(jobViewCommand, { fields: JOB_FIELDS }),
      logs: read(jobLogsCommand),
      rerun: write(jobRerunCommand),
    },
    factory,
  );
  addGroup(
    runs,
    'workflow',
    'Workflows: list, view, enable, disable, dispatch',
    ['ops runs workflow list', 'ops runs workflow dispatch release.yml --ref main -f version=1.2.0'],
    {
      list: read(workflowListCommand, { list: true, fields: WORKFLOW_FIELDS }),
      view: read(workflowViewCommand, { fields: WORKFLOW_FIELDS }),
      enable: write(workflowEnableCommand, { idempotent: true }),
      disable: write(workflowDisableCommand, { idempotent: true }),
      dispatch: write(workflowDispatchCommand),
    },
    factory,
  );
  addGroup(
    runs,
    'artifact',
    'Artifacts of workflow runs: list, download (unpacked), delete',
    ['ops runs artifact list 30433643', 'ops runs artifact download 1000003 --dir ./build'],
    {
      list: read(artifactListCommand, { list: true, fields: ARTIFACT_FIELDS }),
      download: read(artifactDownloadCommand, { download: true }),
      delete: destructive(artifactDeleteCommand),
    },
    factory,
  );
  addGroup(
    runs,
    'cache',
    'Caches of the repository: list, delete by id or key',
    ['ops runs cache list', 'ops runs cache delete --id 4 --yes'],
    {
      list: read(cacheListCommand, { list: true, fields: CACHE_FIELDS }),
      delete: destructive(cacheDeleteCommand),
    },
    factory,
  );
  addSecretGroups(runs, factory);
  addRunnerGroups(runs, factory);
}

/** `ops runs secret` and `ops runs variable`, each with the repositories an organisation's reaches. */
function addSecretGroups(runs: Command, factory: Factory): void {
  const secret = addGroup(
    runs,
    'secret',
    'Secrets of a repository, an organisation (--org) or an environment (--env); values sealed before sending',
    ['ops runs secret list', "printf %s 's3cr3t-value' | ops runs secret set API_KEY"],
    {
      list: read(secretListCommand, { list: true, fields: SECRET_FIELDS }),
      set: write(secretSetCommand, { idempotent: true }),
      delete: destructive(secretDeleteCommand),
    },
    factory,
  );
  addGroup(
    secret,
    'repos',
    'Repositories an organisation secret with visibility selected reaches',
    ['ops runs secret repos list DEPLOY_KEY', 'ops runs secret repos add DEPLOY_KEY 1296270'],
    {
      list: read(secretReposListCommand, { list: true, fields: MINIMAL_REPOSITORY_FIELDS }),
      add: write(secretReposAddCommand, { idempotent: true }),
    },
    factory,
  );
  const variable = addGroup(
    runs,
    'variable',
    'Variables of a repository, an organisation (--org) or an environment (--env)',
    ['ops runs variable list', 'ops runs variable set NODE_VERSION --body 24'],
    {
      list: read(variableListCommand, { list: true, fields: VARIABLE_FIELDS }),
      get: read(variableGetCommand, { fields: VARIABLE_FIELDS }),
      set: write(variableSetCommand, { idempotent: true }),
      delete: destructive(variableDeleteCommand),
    },
    factory,
  );
  addGroup(
    variable,
    'repos',
    'Repositories an organisation variable with visibility selected reaches',
    ['ops runs variable repos list BUILD_FLAGS', 'ops runs variable repos add BUILD_FLAGS 1296270'],
    {
      list: read(variableReposListCommand, { list: true, fields: MINIMAL_REPOSITORY_FIELDS }),
      add: write(variableReposAddCommand, { idempotent: true }),
    },
    factory,
  );
}

/** `ops runs runner` (labels, tokens, hosted runners), `runner-group` and `permissions`. */
function addRunnerGroups(runs: Command, factory: Factory): void {
  const runner = addGroup(
    runs,
    'runner',
    'Self-hosted runners of a repository, or of the organisation with --org; labels, tokens, downloads, hosted runners',
    ['ops runs runner list --org octo-org', 'ops runs runner token register --field token'],
    {
      list: read(runnerListCommand, { list: true, fields: RUNNER_FIELDS }),
      delete: destructive(runnerDeleteCommand),
      downloads: read(runnerDownloadsCommand, { list: true, fields: RUNNER_APPLICATION_FIELDS }),
    },
    factory,
  );
  addGroup(
    runner,
    'labels',
    "A runner's labels",
    ['ops runs runner labels list 7', 'ops runs runner labels add 7 gpu'],
    {
      list: read(runnerLabelsListCommand, { list: true, fields: RUNNER_LABEL_FIELDS }),
      add: write(runnerLabelsAddCommand),
      'remove-all': destructive(runnerLabelsRemoveAllCommand),
    },
    factory,
  );
  addGroup(
    runner,
    'token',
    'One-hour tokens to register and remove runners',
    ['ops runs runner token register', 'ops runs runner token remove --org octo-org'],
    { register: write(runnerTokenRegisterCommand), remove: write(runnerTokenRemoveCommand) },
    factory,
  );
  addGroup(
    runner,
    'hosted',
    "The organisation's hosted runners",
    ['ops runs runner hosted list', 'ops runs runner hosted delete 5 --yes'],
    {
      list: read(runnerHostedListCommand, { list: true, fields: HOSTED_RUNNER_FIELDS }),
      get: read(runnerHostedGetCommand, { fields: HOSTED_RUNNER_FIELDS }),
      delete: destructive(runnerHostedDeleteCommand),
    },
    factory,
  );
  addGroup(
    runs,
    'runner-group',
    "The organisation's runner groups",
    ['ops runs runner-group list', 'ops runs runner-group add-repo 2 1296270'],
    {
      list: read(runnerGroupListCommand, { list: true, fields: RUNNER_GROUP_FIELDS }),
      get: read(runnerGroupGetCommand, { fields: RUNNER_GROUP_FIELDS }),
      'add-repo': write(runnerGroupAddRepoCommand, { idempotent: true }),
    },
    factory,
  );
  addGroup(
    runs,
    'permissions',
    'Which repositories of the organisation may run workflows (selective enablement)',
    ['ops runs permissions repos', 'ops runs permissions disable-repo 1296270'],
    {
      repos: read(permissionsReposCommand, { list: true, fields: REPOSITORY_FIELDS }),
      'enable-repo': write(permissionsEnableRepoCommand, { idempotent: true }),
      'disable-repo': write(permissionsDisableRepoCommand, { idempotent: true }),
    },
    factory,
  );
}

/** `ops sandbox demo` steps: read-only, and each succeeds on a fresh sandbox. */
export const demo: Array<{ title: string; argv: string[] }> = [
  { title: 'Workflow automation: the latest runs', argv: ['runs', 'list', '--limit', '5'] },
  { title: 'Workflow automation: the jobs of a failed run', argv: ['runs', 'job', 'list', '30433643'] },
];
