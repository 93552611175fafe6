import { uuidFrom } from './ids.js';

/**
 * The sandbox's seed data: two organizations the sandbox user administers (a classic GitHub one,
 * `gh/acme`, and an app-based one), one it cannot reach, the user's own account, their projects and
 * repositories. Ids are derived from names, so they are the same on every start (the README uses them).
 */

export interface Owner {
  id: string;
  name: string;
  slug: string;
  type: 'organization' | 'account';
  /** The sandbox user may administer it (policies, claims); otherwise 403. */
  admin: boolean;
  /** `GitHub` for classic orgs, `CircleCI` for app-based ones. */
  provider: 'GitHub' | 'CircleCI' | 'Bitbucket';
}

export const ACME: Owner = {
  id: uuidFrom('org:acme'),
  name: 'acme',
  slug: 'gh/acme',
  type: 'organization',
  admin: true,
  provider: 'GitHub',
};
export const LABS: Owner = {
  id: uuidFrom('org:acme-labs'),
  name: 'acme-labs',
  slug: `circleci/${uuidFrom('org:acme-labs')}`,
  type: 'organization',
  admin: true,
  provider: 'CircleCI',
};
/** An organization that exists but that the sandbox user does not belong to. */
export const OTHER: Owner = {
  id: uuidFrom('org:other-corp'),
  name: 'other-corp',
  slug: 'gh/other-corp',
  type: 'organization',
  admin: false,
  provider: 'GitHub',
};
export const ACCOUNT: Owner = {
  id: uuidFrom('account:sandbox-user'),
  name: 'sandbox-user',
  slug: 'gh/sandbox-user',
  type: 'account',
  admin: true,
  provider: 'GitHub',
};
export const OWNERS: readonly Owner[] = [ACME, LABS, OTHER, ACCOUNT];

/** Repositories of the version-control host, by the external id a pipeline definition names. */
export interface Repo {
  externalId: string;
  fullName: string;
  /** Has a default branch and `.circleci/config.yml` (what the deprecated creation needs). */
  hasConfig: boolean;
}

export const REPOS: readonly Repo[] = [
  { externalId: '401122001', fullName: 'acme/web-app', hasConfig: true },
  { externalId: '401122002', fullName: 'acme/api-server', hasConfig: true },
  { externalId: '401122003', fullName: 'acme/mobile', hasConfig: true },
  { externalId: '401122004', fullName: 'acme/docs', hasConfig: true },
  { externalId: '401122005', fullName: 'acme-labs/data-pipeline', hasConfig: true },
  { externalId: '401122006', fullName: 'acme/scratch', hasConfig: false },
];

export interface ProjectSeed {
  name: string;
  owner: Owner;
  defaultBranch: string;
  repo: string;
}

export const PROJECT_SEEDS: readonly ProjectSeed[] = [
  { name: 'web-app', owner: ACME, defaultBranch: 'main', repo: 'acme/web-app' },
  { name: 'api-server', owner: ACME, defaultBranch: 'main', repo: 'acme/api-server' },
  { name: 'mobile', owner: ACME, defaultBranch: 'develop', repo: 'acme/mobile' },
  { name: 'data-pipeline', owner: LABS, defaultBranch: 'main', repo: 'acme-labs/data-pipeline' },
];

/** Project ids and slugs: `gh/acme/<name>`, or `circleci/<org id>/<project id>` in the app-based org. */
export function projectId(name: string): string {
  return uuidFrom(`project:${name}`);
}

export function projectSlugOf(p: { name: string; owner: Owner; id: string }): string {
  return p.owner.provider === 'CircleCI' ? `circleci/${p.owner.id}/${p.id}` : `${p.owner.slug}/${p.name}`;
}

/** Groups a context may be restricted to. */
export const GROUPS = [
  { id: uuidFrom('group:release-managers'), name: 'release-managers', owner: ACME },
  { id: uuidFrom('group:platform-team'), name: 'platform-team', owner: ACME },
];

/** Contexts of each owner, with their variables (values are never returned). */
export const CONTEXT_SEEDS: ReadonlyArray<{ name: string; owner: Owner; ageDays: number; vars: string[] }> = [
  {
    name: 'aws-production',
    owner: ACME,
    ageDays: 400,
    vars: [
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_REGION',
      'AWS_ACCOUNT_ID',
      'ECR_REPOSITORY',
      'EKS_CLUSTER',
      'KMS_KEY_ID',
      'S3_ARTIFACT_BUCKET',
      'CLOUDFRONT_DISTRIBUTION',
      'ROUTE53_ZONE_ID',
      'RDS_SNAPSHOT_ROLE',
      'SES_SENDER',
      'SQS_DEPLOY_QUEUE',
      'SNS_ALERT_TOPIC',
    ],
  },
  {
    name: 'aws-staging',
    owner: ACME,
    ageDays: 380,
    vars: ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION'],
  },
  { name: 'docker-hub', owner: ACME, ageDays: 350, vars: ['DOCKER_LOGIN', 'DOCKER_PASSWORD'] },
  { name: 'slack-notify', owner: ACME, ageDays: 300, vars: ['SLACK_WEBHOOK_URL'] },
  { name: 'npm-publish', owner: ACME, ageDays: 280, vars: ['NPM_TOKEN'] },
  { name: 'sonarcloud', owner: ACME, ageDays: 250, vars: ['SONAR_TOKEN'] },
  { name: 'terraform-cloud', owner: ACME, ageDays: 200, vars: ['TFC_TOKEN', 'TFC_ORGANIZATION'] },
  { name: 'datadog', owner: ACME, ageDays: 180, vars: ['DD_API_KEY', 'DD_SITE'] },
  { name: 'sentry', owner: ACME, ageDays: 150, vars: ['SENTRY_AUTH_TOKEN', 'SENTRY_ORG'] },
  { name: 'github-release', owner: ACME, ageDays: 120, vars: ['GITHUB_TOKEN'] },
  { name: 'codecov', owner: ACME, ageDays: 90, vars: ['CODECOV_TOKEN'] },
  {
    name: 'vault-approle',
    owner: ACME,
    ageDays: 30,
    vars: ['VAULT_ROLE_ID', 'VAULT_SECRET_ID', 'VAULT_ADDR'],
  },
  { name: 'labs-shared', owner: LABS, ageDays: 60, vars: ['WAREHOUSE_DSN'] },
  { name: 'personal', owner: ACCOUNT, ageDays: 20, vars: ['GPG_KEY'] },
];

export function contextId(owner: Owner, name: string): string {
  return uuidFrom(`context:${owner.name}:${name}`);
}

/** Project variables; the service answers them masked. */
export const PROJECT_ENV_SEEDS: Record<string, Array<[string, string]>> = {
  'web-app': [
    ['CYPRESS_RECORD_KEY', 'c7a1d2e3-4f50-4a6b-9c8d-1e2f3a4b5c6d'],
    ['NPM_TOKEN', 'npm_SANDBOXxM4sk3dT0k3n9f2a'],
    ['SENTRY_DSN', 'https://1f2e3d4c@o1234.ingest.sentry.io/5678'],
  ],
  'api-server': [
    ['DATABASE_URL', 'postgres://ci:ci-password@localhost:5432/api_test'],
    ['JWT_SIGNING_KEY', 'sandbox-signing-key-2c9f'],
  ],
  mobile: [],
  'data-pipeline': [['WAREHOUSE_DSN', 'snowflake://etl@acme-labs/warehouse']],
};

export const ORG_CLAIMS_SEED = { audience: ['https://vault.acme.example'], ttl: '1h', ageDays: 12 };
export const PROJECT_CLAIMS_SEED = { audience: ['sts.amazonaws.com'], ageDays: 5 };

/** The default advanced settings a followed project gets. */
export const DEFAULT_ADVANCED = {
  autocancel_builds: false,
  build_fork_prs: false,
  build_prs_only: false,
  disable_ssh: false,
  forks_receive_secret_env_vars: false,
  oss: false,
  set_github_status: true,
  setup_workflows: false,
  write_settings_requires_admin: false,
  pr_only_branch_overrides: ['main'],
};
