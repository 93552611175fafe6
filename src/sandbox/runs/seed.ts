import {
  DAY,
  HOUR,
  MINUTE,
  type JobPlan,
  type OrgRec,
  type RepoRec,
  type RunnerLabelRec,
  type StepPlan,
  type Vault,
  type World,
  type WorkflowRec,
  newVault,
  repoKey,
} from './model.js';
import { createRun, fakeSha } from './world.js';
import type { UserRec } from './wire.js';

/**
 * The seed data: one organisation with four repositories; the main repository has four workflows
 * (CI, Release, Nightly (disabled), Lint) and their history: 120 nightly runs, finished CI, lint and
 * release runs, a run from a fork waiting for approval, one in progress that ends in failure and one
 * queued. Secrets, variables, environments, caches, runners, runner groups and hosted runners too.
 */

export const MAIN_REPO = 'octo-org/hello-world';
export const MAIN_ORG = 'octo-org';

/** Ids of the seed runs that examples and tests name. */
export const SEED = {
  ciSuccess: 30433642,
  ciFailed: 30433643,
  lint: 30433644,
  release: 30433645,
  awaitingApproval: 30433646,
  inProgress: 30433647,
  queued: 30433648,
  firstNightly: 30400001,
  repoRunner: 7,
  orgRunner: 21,
  busyOrgRunner: 22,
  hostedRunner: 5,
  selectedGroup: 2,
  allGroup: 1,
} as const;

const step = (name: string, seconds: number, lines: string[]): StepPlan => ({ name, seconds, lines });
const setUp = (image: string) =>
  step('Set up job', 2, [
    `Current runner version: '2.321.0'`,
    `Operating System`,
    `  ${image}`,
    'Prepare workflow directory',
  ]);
const checkout = step('Checkout', 3, [
  '##[group]Run actions/checkout@v4',
  'Syncing repository',
  'HEAD is now at the commit under test',
  '##[endgroup]',
]);
const install = step('Install dependencies', 25, [
  '##[group]Run npm ci',
  'added 412 packages in 21s',
  '##[endgroup]',
]);
const complete = step('Complete job', 1, ['Cleaning up orphan processes']);

function plan(name: string, steps: StepPlan[], labels = ['ubuntu-latest']): JobPlan {
  return { name, steps: [setUp('Ubuntu 24.04'), ...steps, complete], labels };
}

function workflows(t0: number): WorkflowRec[] {
  const made = t0 - 400 * DAY;
  return [
    {
      id: 161335,
      name: 'CI',
      file: 'ci.yml',
      state: 'active',
      createdAt: made,
      updatedAt: made + DAY,
      triggers: ['push', 'pull_request', 'workflow_dispatch'],
      inputs: {},
      jobs: [
        plan('build', [
          checkout,
          install,
          step('Build', 30, ['##[group]Run npm run build', 'built dist/app.js (212 KiB)', '##[endgroup]']),
        ]),
        plan('test', [
          checkout,
          install,
          step('Run tests', 120, [
            '##[group]Run npm test',
            ' ✓ parses the config (4 ms)',
            ' ✓ renders the report (12 ms)',
            ' ✓ retries on 503 (210 ms)',
            '##[endgroup]',
          ]),
        ]),
      ],
      artifacts: [
        {
          name: 'build-output',
          files: (n) => ({
            'dist/app.js': `console.log('hello from build ${n}');\n`,
            'dist/VERSION': `1.2.${n}\n`,
          }),
        },
        {
          name: 'test-results',
          files: (n) => ({
            'junit.xml': `<?xml version="1.0"?>\n<testsuite name="unit" tests="3" failures="0" id="${n}"/>\n`,
          }),
        },
      ],
    },
    {
      id: 161336,
      name: 'Release',
      file: 'release.yml',
      state: 'active',
      createdAt: made,
      updatedAt: made,
      triggers: ['workflow_dispatch'],
      inputs: {
        version: { type: 'string', required: true },
        environment: { type: 'choice', options: ['staging', 'production'], default: 'staging' },
        dry_run: { type: 'boolean', default: 'false' },
      },
      jobs: [
        plan('release', [
          checkout,
          step('Build', 30, ['##[group]Run npm run build', 'built dist/app.js (212 KiB)', '##[endgroup]']),
          step('Publish', 15, ['##[group]Run npm publish', 'published the package', '##[endgroup]']),
        ]),
      ],
      artifacts: [
        { name: 'release-bundle', files: (n) => ({ 'bundle/app.tgz.txt': `release bundle of run ${n}\n` }) },
      ],
    },
    {
      id: 161337,
      name: 'Nightly',
      file: 'nightly.yml',
      state: 'disabled_manually',
      createdAt: made,
      updatedAt: t0 - 3 * DAY,
      triggers: ['schedule', 'workflow_dispatch'],
      inputs: {},
      jobs: [
        plan('nightly', [
          step('Run checks', 40, ['##[group]Run ./scripts/nightly.sh', 'all checks passed', '##[endgroup]']),
        ]),
      ],
      artifacts: [],
    },
    {
      id: 161338,
      name: 'Lint',
      file: 'lint.yml',
      state: 'active',
      createdAt: made,
      updatedAt: made,
      triggers: ['pull_request'],
      inputs: {},
      jobs: [
        plan(
          'lint',
          [
            checkout,
            step('Lint', 20, ['##[group]Run npm run lint', 'Checked 212 files, no problems', '##[endgroup]']),
          ],
          ['self-hosted', 'linux'],
        ),
      ],
      artifacts: [],
    },
  ];
}

const labels = (ids: number, names: string[], custom: string[]): RunnerLabelRec[] => [
  ...names.map((name, i) => ({ id: ids + i, name, type: 'read-only' as const })),
  ...custom.map((name, i) => ({ id: ids + names.length + i, name, type: 'custom' as const })),
];

export function users(): Map<string, UserRec> {
  const list: UserRec[] = [
    { login: 'octocat', id: 583231, type: 'User' },
    { login: 'monalisa', id: 2, type: 'User' },
    { login: 'first-timer', id: 77_777, type: 'User' },
  ];
  return new Map(list.map((u) => [u.login, u]));
}

function repo(
  org: OrgRec | undefined,
  owner: UserRec,
  name: string,
  id: number,
  t0: number,
  o: Partial<RepoRec> = {},
): RepoRec {
  return {
    id,
    owner,
    name,
    private: true,
    description: `The ${name} repository`,
    defaultBranch: 'main',
    createdAt: t0 - 500 * DAY,
    org,
    workflows: [],
    runs: [],
    artifacts: [],
    caches: [],
    runners: [],
    vault: newVault(),
    environments: new Map(),
    branches: ['main'],
    tags: [],
    nextRunNumber: new Map(),
    ...o,
  };
}

function secret(
  vault: Vault,
  name: string,
  value: string,
  at: number,
  o: Partial<{ visibility: 'all' | 'private' | 'selected'; selected: number[] }> = {},
) {
  vault.secrets.set(name, {
    name,
    value: Buffer.from(value),
    createdAt: at,
    updatedAt: at,
    visibility: o.visibility,
    selected: o.selected ? new Set(o.selected) : undefined,
  });
}

function variable(
  vault: Vault,
  name: string,
  value: string,
  at: number,
  o: Partial<{ visibility: 'all' | 'private' | 'selected'; selected: number[] }> = {},
) {
  vault.variables.set(name, {
    name,
    value,
    createdAt: at,
    updatedAt: at,
    visibility: o.visibility,
    selected: o.selected ? new Set(o.selected) : undefined,
  });
}

/** The organisation: its runners, runner groups and hosted runners (its repositories come later). */
function organisation(orgUser: UserRec): OrgRec {
  return {
    login: orgUser.login,
    user: orgUser,
    vault: newVault(),
    runners: [
      {
        id: SEED.orgRunner,
        name: 'org-runner-1',
        os: 'linux',
        status: 'online',
        busy: false,
        labels: labels(1, ['self-hosted', 'Linux', 'X64'], ['deploy']),
        groupId: 1,
        ephemeral: false,
        version: '2.321.0',
      },
      {
        id: SEED.busyOrgRunner,
        name: 'org-runner-2',
        os: 'linux',
        status: 'online',
        busy: true,
        labels: labels(5, ['self-hosted', 'Linux', 'X64'], []),
        groupId: 1,
        ephemeral: false,
        version: '2.321.0',
      },
      {
        id: 23,
        name: 'mac-runner',
        os: 'macos',
        status: 'offline',
        busy: false,
        labels: labels(8, ['self-hosted', 'macOS', 'ARM64'], ['xcode-16']),
        groupId: 2,
        ephemeral: false,
        version: '2.320.0',
      },
    ],
    runnerGroups: [
      { id: SEED.allGroup, name: 'Default', visibility: 'all', repositories: new Set() },
      { id: SEED.selectedGroup, name: 'deploy-runners', visibility: 'selected', repositories: new Set() },
      { id: 3, name: 'private-runners', visibility: 'private', repositories: new Set() },
    ],
    // Image sources are github, partner or custom in the description; the seed's images are partner ones.
    hostedRunners: [
      {
        id: SEED.hostedRunner,
        name: 'hosted-linux-4core',
        groupId: 1,
        status: 'Ready',
        platform: 'linux-x64',
        machine: { id: '4-core', cpu_cores: 4, memory_gb: 16, storage_gb: 150 },
        image: { id: 'ubuntu-24.04', size_gb: 86, display_name: 'Ubuntu 24.04', source: 'partner' },
      },
      {
        id: 6,
        name: 'hosted-windows-8core',
        groupId: 1,
        status: 'Ready',
        platform: 'win-x64',
        machine: { id: '8-core', cpu_cores: 8, memory_gb: 32, storage_gb: 300 },
        image: { id: 'windows-2022', size_gb: 256, display_name: 'Windows Server 2022', source: 'partner' },
      },
    ],
    enabledPolicy: 'selected',
    enabledRepositories: new Set(),
  };
}

/** The main repository's 120 nightly runs, then the finished, waiting, running and queued ones. */
function seedRuns(world: World, main: RepoRec, t0: number): void {
  const u = (login: string) => world.users.get(login)!;
  const [ci, release, nightly, lint] = main.workflows as [WorkflowRec, WorkflowRec, WorkflowRec, WorkflowRec];
  for (let i = 0; i < 120; i++) {
    createRun(world, main, nightly, {
      id: SEED.firstNightly + i,
      event: 'schedule',
      branch: 'main',
      actor: u('octocat'),
      createdAt: t0 - (124 - i) * DAY - 21 * HOUR,
      failure: i % 10 === 9 ? { job: 'nightly', step: 'Run checks', untilAttempt: 1 } : undefined,
    });
  }
  for (const [id, wf, o] of seededRuns(u, ci, release, lint, t0)) createRun(world, main, wf, { ...o, id });
}

/** The seed runs that examples and tests name, by id. */
function seededRuns(
  u: (login: string) => UserRec,
  ci: WorkflowRec,
  release: WorkflowRec,
  lint: WorkflowRec,
  t0: number,
): Array<[number, WorkflowRec, Parameters<typeof createRun>[3]]> {
  return [
    [
      SEED.ciSuccess,
      ci,
      {
        event: 'push',
        branch: 'main',
        actor: u('octocat'),
        createdAt: t0 - 3 * DAY,
        title: 'Add the report renderer',
      },
    ],
    [
      SEED.ciFailed,
      ci,
      {
        event: 'push',
        branch: 'main',
        actor: u('monalisa'),
        createdAt: t0 - 2 * DAY,
        title: 'Retry on 503',
        failure: { job: 'test', step: 'Run tests', untilAttempt: 1 },
      },
    ],
    [
      SEED.lint,
      lint,
      {
        event: 'pull_request',
        branch: 'feature/login',
        actor: u('monalisa'),
        createdAt: t0 - DAY,
        title: 'Login page',
        pullRequest: 12,
      },
    ],
    [
      SEED.release,
      release,
      {
        event: 'workflow_dispatch',
        branch: 'main',
        actor: u('octocat'),
        createdAt: t0 - 20 * HOUR,
        title: 'Release',
      },
    ],
    [
      SEED.awaitingApproval,
      ci,
      {
        event: 'pull_request',
        branch: 'patch-1',
        actor: u('first-timer'),
        createdAt: t0 - 2 * HOUR,
        title: 'Fix a typo in the README',
        pullRequest: 13,
        awaitingApproval: true,
      },
    ],
    [
      SEED.inProgress,
      ci,
      {
        event: 'push',
        branch: 'develop',
        actor: u('monalisa'),
        createdAt: t0 - 90_000,
        queueMs: 10_000,
        title: 'Flaky retry test',
        failure: { job: 'test', step: 'Run tests', untilAttempt: 1 },
      },
    ],
    [
      SEED.queued,
      ci,
      {
        event: 'push',
        branch: 'main',
        actor: u('octocat'),
        createdAt: t0,
        queueMs: 20_000,
        title: 'Bump dependencies',
      },
    ],
  ];
}

/** Secrets and variables of the main repository, the organisation and three environments. */
function seedVaults(main: RepoRec, org: OrgRec, t0: number): void {
  const at = t0 - 30 * DAY;
  secret(main.vault, 'API_KEY', 'sandbox-api-key-value', at);
  secret(main.vault, 'DEPLOY_TOKEN', 'sandbox-deploy-token', at + DAY);
  secret(org.vault, 'NPM_TOKEN', 'npm-sandbox-token', at, { visibility: 'all' });
  secret(org.vault, 'SLACK_WEBHOOK_URL', 'https://hooks.example.com/sandbox', at, { visibility: 'private' });
  secret(org.vault, 'DEPLOY_KEY', 'deploy-key-sandbox', at, { visibility: 'selected', selected: [main.id] });
  variable(main.vault, 'NODE_VERSION', '22', at);
  variable(main.vault, 'LOG_LEVEL', 'info', at);
  variable(org.vault, 'DEFAULT_REGION', 'eu-west-1', at, { visibility: 'all' });
  variable(org.vault, 'INTERNAL_MIRROR', 'https://mirror.example.com', at, { visibility: 'private' });
  variable(org.vault, 'BUILD_FLAGS', '--strict', at, { visibility: 'selected', selected: [main.id] });
  for (const [env, url] of [
    ['production', 'https://app.example.com'],
    ['staging', 'https://staging.example.com'],
    ['review/app', 'https://review.example.com'],
  ] as const) {
    const vault = newVault();
    secret(vault, 'DB_PASSWORD', `${env}-db-password`, at);
    variable(vault, 'APP_URL', url, at);
    main.environments.set(env, vault);
  }
}

/** The main repository's caches. */
function caches(t0: number): RepoRec['caches'] {
  const lock = (s: string) => fakeSha(s) + fakeSha(`${s}!`).slice(0, 24);
  return [
    {
      id: 1,
      key: `Linux-node-${lock('lock-1')}`,
      ref: 'refs/heads/main',
      version: lock('v1'),
      sizeInBytes: 48_234_112,
      createdAt: t0 - 2 * DAY,
      lastAccessedAt: t0 - 3 * HOUR,
    },
    {
      id: 2,
      key: `Linux-node-${lock('lock-1')}`,
      ref: 'refs/heads/develop',
      version: lock('v1'),
      sizeInBytes: 48_234_112,
      createdAt: t0 - DAY,
      lastAccessedAt: t0 - 90 * MINUTE,
    },
    {
      id: 3,
      key: `Linux-node-${lock('lock-2')}`,
      ref: 'refs/pull/12/merge',
      version: lock('v1'),
      sizeInBytes: 47_901_004,
      createdAt: t0 - DAY,
      lastAccessedAt: t0 - DAY,
    },
    {
      id: 4,
      key: `Linux-pip-${lock('req-1')}`,
      ref: 'refs/heads/main',
      version: lock('v2'),
      sizeInBytes: 12_004_311,
      createdAt: t0 - 5 * DAY,
      lastAccessedAt: t0 - 2 * DAY,
    },
    {
      id: 5,
      key: `Windows-node-${lock('lock-1')}`,
      ref: 'refs/heads/main',
      version: lock('v3'),
      sizeInBytes: 61_777_020,
      createdAt: t0 - 6 * DAY,
      lastAccessedAt: t0 - 6 * DAY,
    },
  ];
}

/** The whole seed, relative to `t0` (the sandbox clock at start or reset). */
export function seedWorld(t0: number, names: { repo: string; org: string }): World {
  const world: World = {
    users: users(),
    orgs: new Map(),
    repos: new Map(),
    runs: new Map(),
    jobs: new Map(),
    ids: { run: 30_500_000, job: 399_444_000, artifact: 1_000_001, cache: 6, runner: 30, label: 100 },
  };
  const [ownerLogin = MAIN_ORG, repoName = 'hello-world'] = names.repo.split('/');
  const orgUser: UserRec = { login: names.org, id: 9919, type: 'Organization' };
  world.users.set(orgUser.login, orgUser);
  const org = organisation(orgUser);
  world.orgs.set(org.login.toLowerCase(), org);

  const inOrg = ownerLogin.toLowerCase() === names.org.toLowerCase();
  const owner = inOrg
    ? orgUser
    : (world.users.get(ownerLogin) ?? { login: ownerLogin, id: 4242, type: 'User' as const });
  const main = repo(inOrg ? org : undefined, owner, repoName, 1_296_269, t0, {
    branches: ['main', 'develop', 'feature/login', 'patch-1'],
    tags: ['v1.0.0', 'v1.1.0'],
  });
  main.workflows = workflows(t0);
  const others = [
    repo(org, orgUser, 'api-service', 1_296_270, t0),
    repo(org, orgUser, 'docs-site', 1_296_271, t0, { private: false }),
    repo(org, orgUser, 'infra', 1_296_272, t0),
  ];
  for (const r of [main, ...others]) world.repos.set(repoKey(r.owner.login, r.name), r);
  org.enabledRepositories = new Set([main.id, 1_296_270]);
  org.runnerGroups[1]!.repositories.add(main.id);

  seedRuns(world, main, t0);

  seedVaults(main, org, t0);
  main.runners.push({
    id: SEED.repoRunner,
    name: 'build-box-1',
    os: 'linux',
    status: 'online',
    busy: false,
    labels: labels(11, ['self-hosted', 'Linux', 'X64'], ['gpu']),
    groupId: 1,
    ephemeral: false,
    version: '2.321.0',
  });

  main.caches = caches(t0);
  return world;
}

/** A second documented token: valid, but it may only read (every change answers 403). */
export const READ_ONLY_TOKEN = 'sandbox-runs-token-read-only';
