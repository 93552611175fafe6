import { wireFields } from '../wire-fields.js';
/** Wire types of the pipeline-administration API (seed 001 D; reference §D; specs/pipelines.openapi.json). */

/** A token page: the seed's `items` and `next_page_token` (empty or null on the last page). */
export interface PageWire<T> {
  items: T[];
  next_page_token?: string | null;
}

/** What deletes (and a few other calls) answer. */
export interface MessageWire {
  message: string;
}

// Contexts ---------------------------------------------------------------------------------------

export interface ContextWire {
  id: string;
  name: string;
  created_at: string;
}

/** The owner of a new context: an organization or account by id, or an organization by slug. */
export type ContextOwnerWire =
  | { id: string; type?: 'account' | 'organization' }
  | { slug: string; type?: 'organization' };

export interface ListContextsQuery {
  'owner-id'?: string | undefined;
  'owner-slug'?: string | undefined;
  'owner-type'?: 'account' | 'organization' | undefined;
}

/** A context's environment variable; the value is never returned. */
export interface ContextEnvVarWire {
  variable: string;
  created_at: string;
  updated_at: string;
  context_id: string;
}

export type RestrictionType = 'project' | 'expression' | 'group';

export interface RestrictionWire {
  id: string;
  context_id?: string;
  project_id?: string;
  name?: string;
  restriction_type: RestrictionType;
  restriction_value: string;
}

// OIDC token claims ------------------------------------------------------------------------------

export interface ClaimsWire {
  org_id: string;
  project_id?: string;
  audience?: string[];
  audience_updated_at?: string;
  ttl?: string;
  ttl_updated_at?: string;
}

export interface ClaimsPatchWire {
  audience?: string[] | undefined;
  ttl?: string | undefined;
}

export type ClaimName = 'audience' | 'ttl';

// Insights ---------------------------------------------------------------------------------------

export type ReportingWindow =
  | 'last-24-hours'
  | 'last-7-days'
  | 'last-30-days'
  | 'last-60-days'
  | 'last-90-days';

export interface SummaryMetricsWire {
  total_runs: number;
  total_duration_secs: number;
  total_credits_used: number;
  success_rate: number;
  throughput: number;
}

export interface WorkflowSummaryMetricsWire {
  total_credits_used: number;
  p95_duration_secs: number;
  total_runs: number;
  success_rate: number;
}

export interface ProjectSummaryWire {
  org_id?: string;
  project_id?: string;
  project_data?: { metrics: SummaryMetricsWire; trends: SummaryMetricsWire };
  project_workflow_data?: Array<{
    workflow_name: string;
    metrics: WorkflowSummaryMetricsWire;
    trends: WorkflowSummaryMetricsWire;
  }>;
  project_workflow_branch_data?: Array<{
    workflow_name: string;
    branch: string;
    metrics: WorkflowSummaryMetricsWire;
    trends: WorkflowSummaryMetricsWire;
  }>;
  all_branches?: string[];
  all_workflows?: string[];
}

export interface OrgProjectMetricsWire {
  total_credits_used: number;
  total_duration_secs: number;
  total_runs: number;
  success_rate: number;
}

export interface OrgSummaryWire {
  org_data: { metrics: SummaryMetricsWire; trends: SummaryMetricsWire };
  org_project_data: Array<{
    project_name: string;
    metrics: OrgProjectMetricsWire;
    trends: OrgProjectMetricsWire;
  }>;
  all_projects: string[];
}

export interface DurationMetricsWire {
  min: number;
  mean: number;
  median: number;
  p95: number;
  max: number;
  standard_deviation: number;
}

export interface WorkflowMetricsWire {
  name: string;
  metrics: {
    total_runs: number;
    successful_runs: number;
    mttr: number;
    total_credits_used: number;
    failed_runs: number;
    success_rate: number;
    duration_metrics: DurationMetricsWire;
    total_recoveries: number;
    throughput: number;
  };
  window_start: string;
  window_end: string;
  project_id: string;
}

export type RunStatus = 'success' | 'failed' | 'error' | 'canceled' | 'unauthorized';

export interface WorkflowRunWire {
  id: string;
  branch: string;
  duration: number;
  created_at: string;
  stopped_at: string;
  credits_used: number;
  status: RunStatus;
  is_approval: boolean;
}

export interface JobMetricsWire {
  name: string;
  metrics: {
    total_runs: number;
    failed_runs: number;
    successful_runs: number;
    duration_metrics: DurationMetricsWire;
    success_rate: number;
    total_credits_used: number;
    throughput: number;
  };
  window_start: string;
  window_end: string;
}

export interface JobTimeseriesWire {
  name: string;
  min_started_at: string;
  max_ended_at: string;
  timestamp: string;
  metrics: {
    total_runs: number;
    failed_runs: number;
    successful_runs: number;
    throughput: number;
    median_credits_used: number;
    total_credits_used: number;
    duration_metrics: { min: number; median: number; max: number; p95: number; total: number };
  };
}

export interface BranchesWire {
  org_id: string;
  project_id: string;
  branches: string[];
}

export interface FlakyTestWire {
  'time-wasted'?: number;
  'workflow-created-at': string;
  'workflow-id': string;
  classname: string;
  'pipeline-number': number;
  'workflow-name': string;
  'test-name': string;
  'job-name': string;
  'job-number': number;
  'times-flaked': number;
  source: string;
  file: string;
}

export interface FlakyTestsWire {
  'flaky-tests': FlakyTestWire[];
  'total-flaky-tests': number;
}

/** Branch scope of the insights lists: the default branch unless one is named or all are asked for. */
export interface BranchScope {
  branch?: string | undefined;
  'all-branches'?: boolean | undefined;
}

export interface DateRange {
  /** ISO date-times. */
  'start-date'?: string | undefined;
  'end-date'?: string | undefined;
}

// Policies and decisions -------------------------------------------------------------------------

export type DecisionStatus = 'PASS' | 'SOFT_FAIL' | 'HARD_FAIL' | 'ERROR';

export interface RuleFailureWire {
  rule: string;
  reason: string;
}

export interface DecisionWire {
  status: DecisionStatus | string;
  reason?: string;
  enabled_rules?: string[];
  hard_failures?: RuleFailureWire[];
  soft_failures?: RuleFailureWire[];
}

export interface DecisionLogWire {
  id: string;
  created_at: string;
  decision: DecisionWire;
  metadata?: {
    build_number?: number;
    project_id?: string;
    ssh_rerun?: boolean;
    vcs?: {
      branch?: string;
      origin_repository_url?: string;
      release_tag?: string;
      target_repository_url?: string;
    };
  };
  /** Policy name → hash of its content at the time of the decision. */
  policies?: Record<string, string>;
  time_taken_ms?: number;
}

export interface DecisionLogsQuery {
  status?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
  branch?: string | undefined;
  project_id?: string | undefined;
  build_number?: string | undefined;
  offset?: number | undefined;
}

export interface DecisionSettingsWire {
  enabled: boolean;
}

export interface PolicyDocumentWire {
  content: string;
  created_at: string;
  created_by: string;
  name: string;
}

/** Policy name → the documents of that name. */
export type PolicyBundleWire = Record<string, PolicyDocumentWire[]>;

export interface BundleDiffWire {
  created?: string[];
  deleted?: string[];
  modified?: string[];
}

// Pipeline definitions ---------------------------------------------------------------------------

export interface PipelineDefinitionWire {
  id: string;
  name: string;
  description?: string;
  created_at: string;
  config_source: { provider: string; repo?: { full_name?: string; external_id: string }; file_path: string };
  checkout_source: { provider: string; repo: { full_name?: string; external_id: string } };
}

export interface PipelineDefinitionCreateWire {
  name: string;
  description?: string | undefined;
  config_source: { provider: 'github_app'; repo: { external_id: string }; file_path: string };
  checkout_source: { provider: 'github_app'; repo: { external_id: string } };
}

export interface PipelineDefinitionUpdateWire {
  name?: string | undefined;
  description?: string | undefined;
  config_source?: { file_path: string } | undefined;
  checkout_source?: { provider: 'github_app'; repo: { external_id: string } } | undefined;
}

// Projects, checkout keys, env vars --------------------------------------------------------------

export interface ProjectWire {
  slug: string;
  name: string;
  id: string;
  organization_name: string;
  organization_slug: string;
  organization_id: string;
  vcs_info: { vcs_url: string; provider: string; default_branch: string };
}

/** What the deprecated creation (follow) answers: the new project's advanced settings. */
export interface ProjectSettingsWire {
  advanced: {
    autocancel_builds?: boolean;
    build_fork_prs?: boolean;
    build_prs_only?: boolean;
    disable_ssh?: boolean;
    forks_receive_secret_env_vars?: boolean;
    oss?: boolean;
    set_github_status?: boolean;
    setup_workflows?: boolean;
    write_settings_requires_admin?: boolean;
    pr_only_branch_overrides?: string[];
  };
}

export type FollowProvider = 'github' | 'gh' | 'bitbucket' | 'bb' | 'circleci';

export type CheckoutKeyType = 'user-key' | 'deploy-key';
export type Digest = 'sha256' | 'md5';

export interface CheckoutKeyWire {
  'public-key': string;
  /** The answer says `github-user-key` for a user key. */
  type: 'deploy-key' | 'github-user-key' | string;
  fingerprint: string;
  preferred: boolean;
  'created-at': string;
}

/** A project variable as listed: the value masked (`xxxx` and its last four characters). */
export interface ProjectEnvVarWire {
  name: string;
  value: string;
  'created-at'?: string | null;
}

/** The fields of a context, its environment variables and its restrictions, for `--json a,b`. */
export const CONTEXT_FIELDS = wireFields<ContextWire>({ id: true, name: true, created_at: true });
export const CONTEXT_ENV_FIELDS = wireFields<ContextEnvVarWire>({
  variable: true,
  created_at: true,
  updated_at: true,
  context_id: true,
});
export const RESTRICTION_FIELDS = wireFields<RestrictionWire>({
  id: true,
  context_id: true,
  project_id: true,
  name: true,
  restriction_type: true,
  restriction_value: true,
});

/** The fields of a project, a checkout key and a project variable, for `--json a,b`. */
export const PROJECT_FIELDS = wireFields<ProjectWire>({
  slug: true,
  name: true,
  id: true,
  organization_name: true,
  organization_slug: true,
  organization_id: true,
  vcs_info: true,
});
export const CHECKOUT_KEY_FIELDS = wireFields<CheckoutKeyWire>({
  'public-key': true,
  type: true,
  fingerprint: true,
  preferred: true,
  'created-at': true,
});
export const PROJECT_ENV_FIELDS = wireFields<ProjectEnvVarWire>({
  name: true,
  value: true,
  'created-at': true,
});

/** The fields of OIDC claims, insights, policy decisions and settings, and pipeline definitions. */
export const CLAIMS_FIELDS = wireFields<ClaimsWire>({
  org_id: true,
  project_id: true,
  audience: true,
  audience_updated_at: true,
  ttl: true,
  ttl_updated_at: true,
});
/** A project's summary or an organization's (without a project): the top-level fields of both. */
export const SUMMARY_FIELDS = wireFields<ProjectSummaryWire & OrgSummaryWire>({
  org_id: true,
  project_id: true,
  project_data: true,
  project_workflow_data: true,
  project_workflow_branch_data: true,
  all_branches: true,
  all_workflows: true,
  org_data: true,
  org_project_data: true,
  all_projects: true,
});
export const WORKFLOW_METRICS_FIELDS = wireFields<WorkflowMetricsWire>({
  name: true,
  metrics: true,
  window_start: true,
  window_end: true,
  project_id: true,
});
export const WORKFLOW_RUN_FIELDS = wireFields<WorkflowRunWire>({
  id: true,
  branch: true,
  duration: true,
  created_at: true,
  stopped_at: true,
  credits_used: true,
  status: true,
  is_approval: true,
});
export const JOB_METRICS_FIELDS = wireFields<JobMetricsWire>({
  name: true,
  metrics: true,
  window_start: true,
  window_end: true,
});
export const BRANCHES_FIELDS = wireFields<BranchesWire>({ org_id: true, project_id: true, branches: true });
export const FLAKY_TESTS_FIELDS = wireFields<FlakyTestsWire>({
  'flaky-tests': true,
  'total-flaky-tests': true,
});
export const JOB_TIMESERIES_FIELDS = wireFields<JobTimeseriesWire>({
  name: true,
  min_started_at: true,
  max_ended_at: true,
  timestamp: true,
  metrics: true,
});
export const DECISION_LOG_FIELDS = wireFields<DecisionLogWire>({
  id: true,
  created_at: true,
  decision: true,
  metadata: true,
  policies: true,
  time_taken_ms: true,
});
export const DECISION_SETTINGS_FIELDS = wireFields<DecisionSettingsWire>({ enabled: true });
export const PIPELINE_DEFINITION_FIELDS = wireFields<PipelineDefinitionWire>({
  id: true,
  name: true,
  description: true,
  created_at: true,
  config_source: true,
  checkout_source: true,
});
