import { type WireKeys, wireFields } from '../wire-fields.js';
/**
 * Wire types of the workflow-automation API (seed 001 A; reference doc2 §A.3; specs/runs.openapi.json).
 * Only the fields `ops` reads or prints are typed strictly; the rest pass through as the service sent them.
 */

export interface SimpleUserWire {
  login: string;
  id: number;
  type?: string;
  [k: string]: unknown;
}

/** A repository's address fields (URL templates such as `{/sha}` among them), the same in both of its shapes. */
const REPOSITORY_URL_KEYS = {
  archive_url: true,
  assignees_url: true,
  blobs_url: true,
  branches_url: true,
  clone_url: true,
  collaborators_url: true,
  comments_url: true,
  commits_url: true,
  compare_url: true,
  contents_url: true,
  contributors_url: true,
  deployments_url: true,
  downloads_url: true,
  events_url: true,
  forks_url: true,
  git_commits_url: true,
  git_refs_url: true,
  git_tags_url: true,
  git_url: true,
  hooks_url: true,
  html_url: true,
  issue_comment_url: true,
  issue_events_url: true,
  issues_url: true,
  keys_url: true,
  labels_url: true,
  languages_url: true,
  merges_url: true,
  milestones_url: true,
  notifications_url: true,
  pulls_url: true,
  releases_url: true,
  ssh_url: true,
  stargazers_url: true,
  statuses_url: true,
  subscribers_url: true,
  subscription_url: true,
  svn_url: true,
  tags_url: true,
  teams_url: true,
  trees_url: true,
} as const;

/**
 * What the two shapes of a repository share (specs/runs.openapi.json: minimal-repository and repository):
 * ops reads id, name, full_name and private; the rest pass through as the service sent them.
 */
export interface RepositoryBaseWire extends Partial<Record<keyof typeof REPOSITORY_URL_KEYS, string>> {
  id: number;
  node_id?: string;
  name: string;
  full_name: string;
  owner?: SimpleUserWire;
  private?: boolean;
  description?: string | null;
  fork?: boolean;
  url?: string;
  mirror_url?: string | null;
  homepage?: string | null;
  language?: string | null;
  forks?: number;
  forks_count?: number;
  stargazers_count?: number;
  watchers?: number;
  watchers_count?: number;
  size?: number;
  default_branch?: string;
  open_issues?: number;
  open_issues_count?: number;
  is_template?: boolean;
  topics?: string[];
  has_issues?: boolean;
  has_projects?: boolean;
  has_wiki?: boolean;
  has_pages?: boolean;
  has_downloads?: boolean;
  has_discussions?: boolean;
  has_pull_requests?: boolean;
  pull_request_creation_policy?: string;
  archived?: boolean;
  disabled?: boolean;
  visibility?: string;
  pushed_at?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  permissions?: { admin: boolean; maintain?: boolean; push: boolean; triage?: boolean; pull: boolean };
  allow_forking?: boolean;
  delete_branch_on_merge?: boolean;
  web_commit_signoff_required?: boolean;
  temp_clone_token?: string;
  license?: Record<string, unknown> | null;
}

/** minimal-repository: the repositories an organisation secret or variable reaches. */
export interface MinimalRepositoryWire extends RepositoryBaseWire {
  role_name?: string;
  code_of_conduct?: Record<string, unknown>;
  network_count?: number;
  subscribers_count?: number;
  security_and_analysis?: Record<string, unknown> | null;
  custom_properties?: Record<string, unknown>;
}

/** repository: the repositories an organisation lets run workflows (selective enablement). */
export interface RepositoryWire extends RepositoryBaseWire {
  master_branch?: string;
  starred_at?: string;
  allow_rebase_merge?: boolean;
  allow_squash_merge?: boolean;
  allow_merge_commit?: boolean;
  allow_auto_merge?: boolean;
  allow_update_branch?: boolean;
  use_squash_pr_title_as_default?: boolean;
  squash_merge_commit_title?: string;
  squash_merge_commit_message?: string;
  merge_commit_title?: string;
  merge_commit_message?: string;
  anonymous_access_enabled?: boolean;
  code_search_index_status?: Record<string, unknown>;
}

export interface WorkflowRunWire {
  id: number;
  name: string | null;
  node_id: string;
  head_branch: string | null;
  head_sha: string;
  path: string;
  display_title: string;
  run_number: number;
  run_attempt?: number;
  event: string;
  status: string | null;
  conclusion: string | null;
  workflow_id: number;
  check_suite_id?: number;
  url: string;
  html_url: string;
  created_at: string;
  updated_at: string;
  run_started_at?: string;
  actor?: SimpleUserWire;
  previous_attempt_url?: string | null;
  [k: string]: unknown;
}

export interface JobStepWire {
  name: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: string | null;
  number: number;
  started_at?: string | null;
  completed_at?: string | null;
}

export interface JobWire {
  id: number;
  run_id: number;
  run_attempt?: number;
  name: string;
  status: string;
  conclusion: string | null;
  started_at: string;
  completed_at: string | null;
  steps?: JobStepWire[];
  labels: string[];
  runner_name: string | null;
  workflow_name: string | null;
  head_branch: string | null;
  html_url: string | null;
  [k: string]: unknown;
}

export interface WorkflowWire {
  id: number;
  node_id: string;
  name: string;
  path: string;
  state: 'active' | 'deleted' | 'disabled_fork' | 'disabled_inactivity' | 'disabled_manually';
  created_at: string;
  updated_at: string;
  url: string;
  html_url: string;
  badge_url: string;
}

/** 200 answer of createWorkflowDispatch when `return_run_details` is true. */
export interface WorkflowDispatchResponseWire {
  workflow_run_id: number;
  run_url: string;
  html_url: string;
}

export interface ArtifactWire {
  id: number;
  node_id: string;
  name: string;
  size_in_bytes: number;
  url: string;
  archive_download_url: string;
  expired: boolean;
  created_at: string | null;
  expires_at: string | null;
  updated_at: string | null;
  digest?: string | null;
  workflow_run?: {
    id?: number;
    repository_id?: number;
    head_repository_id?: number;
    head_branch?: string;
    head_sha?: string;
  } | null;
}

export interface ActionsCacheWire {
  id: number;
  ref: string;
  key: string;
  version: string;
  last_accessed_at: string;
  created_at: string;
  size_in_bytes: number;
}

export interface ActionsCacheListWire {
  total_count: number;
  actions_caches: ActionsCacheWire[];
}

/** Repository, environment and repository-visible organisation secrets: never a value. */
export interface ActionsSecretWire {
  name: string;
  created_at: string;
  updated_at: string;
  visibility?: 'all' | 'private' | 'selected';
  selected_repositories_url?: string;
}

export interface ActionsVariableWire {
  name: string;
  value: string;
  created_at: string;
  updated_at: string;
  visibility?: 'all' | 'private' | 'selected';
  selected_repositories_url?: string;
}

export interface ActionsPublicKeyWire {
  key_id: string;
  /** Base64 (standard alphabet) of a 32-byte Curve25519 public key. */
  key: string;
}

/** Body of createOrUpdate{Repo,Environment,Org}Secret. */
export interface SecretPutWire {
  encrypted_value: string;
  key_id: string;
  visibility?: 'all' | 'private' | 'selected';
  selected_repository_ids?: number[];
}

export interface VariableWriteWire {
  name: string;
  value: string;
  visibility?: 'all' | 'private' | 'selected';
  selected_repository_ids?: number[];
}

export interface RunnerLabelWire {
  id?: number;
  name: string;
  type?: 'read-only' | 'custom';
}

export interface RunnerLabelsWire {
  total_count: number;
  labels: RunnerLabelWire[];
}

export interface RunnerWire {
  id: number;
  runner_group_id?: number;
  name: string;
  os: string;
  status: string;
  busy: boolean;
  labels: RunnerLabelWire[];
  ephemeral?: boolean;
  version?: string | null;
}

export interface RunnerApplicationWire {
  os: string;
  architecture: string;
  download_url: string;
  filename: string;
  temp_download_token?: string;
  sha256_checksum?: string;
}

/** Registration and remove tokens: valid one hour. */
export interface AuthenticationTokenWire {
  token: string;
  expires_at: string;
  [k: string]: unknown;
}

export interface HostedRunnerWire {
  id: number;
  name: string;
  runner_group_id?: number;
  status: string;
  platform: string;
  public_ip_enabled: boolean;
  machine_size_details: { id: string; cpu_cores: number; memory_gb: number; storage_gb: number };
  image_details: { id: string; size_gb: number; display_name: string; source: string } | null;
  [k: string]: unknown;
}

/** A self-hosted runner group of an organisation (the vendor's runner-groups-org). */
export interface RunnerGroupWire {
  id: number;
  name: string;
  visibility: 'all' | 'selected' | 'private';
  default: boolean;
  runners_url: string;
  hosted_runners_url?: string;
  selected_repositories_url?: string;
  inherited: boolean;
  allows_public_repositories: boolean;
  restricted_to_workflows?: boolean;
  selected_workflows?: string[];
  workflow_restrictions_read_only?: boolean;
  [k: string]: unknown;
}

/** What the basic-error and validation-error bodies hold (reference §A.4). */
export interface RunsErrorWire {
  message?: string;
  documentation_url?: string;
  status?: string;
  errors?: Array<string | { resource?: string; field?: string; code?: string; message?: string }>;
}

/** A run's fields, for `--json a,b` (checked before any request, listed in the verbs' help). */
export const RUN_FIELDS = [
  'actor',
  'artifacts_url',
  'cancel_url',
  'check_suite_id',
  'check_suite_node_id',
  'check_suite_url',
  'conclusion',
  'created_at',
  'display_title',
  'event',
  'head_branch',
  'head_commit',
  'head_repository',
  'head_repository_id',
  'head_sha',
  'html_url',
  'id',
  'jobs_url',
  'logs_url',
  'name',
  'node_id',
  'path',
  'previous_attempt_url',
  'pull_requests',
  'referenced_workflows',
  'repository',
  'rerun_url',
  'run_attempt',
  'run_number',
  'run_started_at',
  'status',
  'triggering_actor',
  'updated_at',
  'url',
  'workflow_id',
  'workflow_url',
] as const satisfies ReadonlyArray<keyof WorkflowRunWire>;

// The fields `--json a,b` may name, per verb kind (listed in its help, checked before any request).
export const JOB_FIELDS = wireFields<JobWire>(
  {
    id: true,
    run_id: true,
    run_attempt: true,
    name: true,
    status: true,
    conclusion: true,
    started_at: true,
    completed_at: true,
    steps: true,
    labels: true,
    runner_name: true,
    workflow_name: true,
    head_branch: true,
    html_url: true,
  },
  [
    'check_run_url',
    'created_at',
    'head_sha',
    'node_id',
    'run_url',
    'runner_group_id',
    'runner_group_name',
    'runner_id',
    'url',
  ],
);
export const WORKFLOW_FIELDS = wireFields<WorkflowWire>({
  id: true,
  node_id: true,
  name: true,
  path: true,
  state: true,
  created_at: true,
  updated_at: true,
  url: true,
  html_url: true,
  badge_url: true,
});
export const CACHE_FIELDS = wireFields<ActionsCacheWire>({
  id: true,
  ref: true,
  key: true,
  version: true,
  last_accessed_at: true,
  created_at: true,
  size_in_bytes: true,
});
export const SECRET_FIELDS = wireFields<ActionsSecretWire>({
  name: true,
  created_at: true,
  updated_at: true,
  visibility: true,
  selected_repositories_url: true,
});
export const VARIABLE_FIELDS = wireFields<ActionsVariableWire>({
  name: true,
  value: true,
  created_at: true,
  updated_at: true,
  visibility: true,
  selected_repositories_url: true,
});
export const RUNNER_FIELDS = wireFields<RunnerWire>({
  id: true,
  runner_group_id: true,
  name: true,
  os: true,
  status: true,
  busy: true,
  labels: true,
  ephemeral: true,
  version: true,
});
export const HOSTED_RUNNER_FIELDS = wireFields<HostedRunnerWire>(
  {
    id: true,
    name: true,
    runner_group_id: true,
    status: true,
    platform: true,
    public_ip_enabled: true,
    machine_size_details: true,
    image_details: true,
  },
  ['last_active_on', 'maximum_runners', 'public_ips'],
);
export const RUNNER_GROUP_FIELDS = wireFields<RunnerGroupWire>({
  id: true,
  name: true,
  visibility: true,
  default: true,
  runners_url: true,
  hosted_runners_url: true,
  selected_repositories_url: true,
  inherited: true,
  allows_public_repositories: true,
  restricted_to_workflows: true,
  selected_workflows: true,
  workflow_restrictions_read_only: true,
});
export const ARTIFACT_FIELDS = wireFields<ArtifactWire>({
  id: true,
  node_id: true,
  name: true,
  size_in_bytes: true,
  url: true,
  archive_download_url: true,
  expired: true,
  created_at: true,
  expires_at: true,
  updated_at: true,
  digest: true,
  workflow_run: true,
});
const REPOSITORY_BASE_FIELDS: WireKeys<RepositoryBaseWire> = {
  ...REPOSITORY_URL_KEYS,
  id: true,
  node_id: true,
  name: true,
  full_name: true,
  owner: true,
  private: true,
  description: true,
  fork: true,
  url: true,
  mirror_url: true,
  homepage: true,
  language: true,
  forks: true,
  forks_count: true,
  stargazers_count: true,
  watchers: true,
  watchers_count: true,
  size: true,
  default_branch: true,
  open_issues: true,
  open_issues_count: true,
  is_template: true,
  topics: true,
  has_issues: true,
  has_projects: true,
  has_wiki: true,
  has_pages: true,
  has_downloads: true,
  has_discussions: true,
  has_pull_requests: true,
  pull_request_creation_policy: true,
  archived: true,
  disabled: true,
  visibility: true,
  pushed_at: true,
  created_at: true,
  updated_at: true,
  permissions: true,
  allow_forking: true,
  delete_branch_on_merge: true,
  web_commit_signoff_required: true,
  temp_clone_token: true,
  license: true,
};
export const MINIMAL_REPOSITORY_FIELDS = wireFields<MinimalRepositoryWire>({
  ...REPOSITORY_BASE_FIELDS,
  role_name: true,
  code_of_conduct: true,
  network_count: true,
  subscribers_count: true,
  security_and_analysis: true,
  custom_properties: true,
});
export const REPOSITORY_FIELDS = wireFields<RepositoryWire>({
  ...REPOSITORY_BASE_FIELDS,
  master_branch: true,
  starred_at: true,
  allow_rebase_merge: true,
  allow_squash_merge: true,
  allow_merge_commit: true,
  allow_auto_merge: true,
  allow_update_branch: true,
  use_squash_pr_title_as_default: true,
  squash_merge_commit_title: true,
  squash_merge_commit_message: true,
  merge_commit_title: true,
  merge_commit_message: true,
  anonymous_access_enabled: true,
  code_search_index_status: true,
});
export const RUNNER_APPLICATION_FIELDS = wireFields<RunnerApplicationWire>({
  os: true,
  architecture: true,
  download_url: true,
  filename: true,
  temp_download_token: true,
  sha256_checksum: true,
});
export const RUNNER_LABEL_FIELDS = wireFields<RunnerLabelWire>({ id: true, name: true, type: true });
