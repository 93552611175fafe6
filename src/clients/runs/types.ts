import { wireFields } from '../wire-fields.js';
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

export interface MinimalRepositoryWire {
  id: number;
  name: string;
  full_name: string;
  private?: boolean;
  owner?: SimpleUserWire;
  [k: string]: unknown;
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
