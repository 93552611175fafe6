import type { RepoWireRec, UserRec } from './wire.js';

/** The records the emulator keeps (in memory, rebuilt from the seed on reset). */

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type Visibility = 'all' | 'private' | 'selected';

export interface StepPlan {
  name: string;
  seconds: number;
  /** What the step prints, one entry a line. */
  lines: string[];
}

export interface JobPlan {
  name: string;
  steps: StepPlan[];
  labels: string[];
}

export interface InputSpec {
  type: 'string' | 'boolean' | 'choice';
  required?: boolean;
  default?: string;
  options?: string[];
}

export interface WorkflowRec {
  id: number;
  name: string;
  file: string;
  state: 'active' | 'deleted' | 'disabled_fork' | 'disabled_inactivity' | 'disabled_manually';
  createdAt: number;
  updatedAt: number;
  /** Events that start it; only `workflow_dispatch` ones can be dispatched. */
  triggers: string[];
  inputs: Record<string, InputSpec>;
  jobs: JobPlan[];
  /** Artifacts a completed run uploads: name → files. */
  artifacts: Array<{ name: string; files: (runNumber: number) => Record<string, string> }>;
}

/** Where a run fails: a job's step, for the attempts up to `untilAttempt` (a rerun then passes). */
export interface Failure {
  job: string;
  step: string;
  untilAttempt: number;
}

export interface JobRec {
  id: number;
  plan: JobPlan;
  /** Index of the step that fails, if one does. */
  failStep: number | undefined;
  /** A job carried into a new attempt without running again keeps its old start. */
  startAt?: number | undefined;
  runnerName: string;
}

export interface AttemptRec {
  number: number;
  /** When its jobs may start queueing (ms; the sandbox clock). */
  startAt: number;
  queueMs: number;
  jobs: JobRec[];
  cancelledAt?: number | undefined;
  debug: boolean;
  triggeringActor: UserRec;
}

export interface RunRec {
  id: number;
  number: number;
  workflow: WorkflowRec;
  repo: RepoRec;
  event: string;
  branch: string;
  sha: string;
  actor: UserRec;
  title: string;
  createdAt: number;
  attempts: AttemptRec[];
  /** A first-time contributor's run from a fork waits for approval. */
  awaitingApproval: boolean;
  pullRequest: number | undefined;
  checkSuiteId: number;
  failure: Failure | undefined;
  logsDeleted: boolean;
  deleted: boolean;
}

export interface ArtifactRec {
  id: number;
  run: RunRec;
  name: string;
  zip: Buffer;
  createdAt: number;
  expiresAt: number;
  expired: boolean;
  deleted: boolean;
}

export interface CacheRec {
  id: number;
  key: string;
  ref: string;
  version: string;
  sizeInBytes: number;
  createdAt: number;
  lastAccessedAt: number;
}

export interface SecretRec {
  name: string;
  /** The decrypted value (seeded ones are stored as such). */
  value: Buffer;
  createdAt: number;
  updatedAt: number;
  visibility?: Visibility | undefined;
  selected?: Set<number> | undefined;
}

export interface VariableRec {
  name: string;
  value: string;
  createdAt: number;
  updatedAt: number;
  visibility?: Visibility | undefined;
  selected?: Set<number> | undefined;
}

export interface RunnerLabelRec {
  id: number;
  name: string;
  type: 'read-only' | 'custom';
}

export interface RunnerRec {
  id: number;
  name: string;
  os: string;
  status: 'online' | 'offline';
  busy: boolean;
  labels: RunnerLabelRec[];
  groupId: number;
  ephemeral: boolean;
  version: string;
}

export interface RunnerGroupRec {
  id: number;
  name: string;
  visibility: 'all' | 'selected' | 'private';
  repositories: Set<number>;
}

export interface HostedRunnerRec {
  id: number;
  name: string;
  groupId: number;
  status: 'Ready' | 'Provisioning' | 'Shutdown' | 'Deleting' | 'Stuck';
  platform: string;
  machine: { id: string; cpu_cores: number; memory_gb: number; storage_gb: number };
  image: { id: string; size_gb: number; display_name: string; source: string };
  /** When a deleted runner is gone (ms, the sandbox clock): until then it is `Deleting`. */
  goneAt?: number;
}

/** The secrets, variables and key pair of one scope (repository, organisation or environment). */
export interface Vault {
  secrets: Map<string, SecretRec>;
  variables: Map<string, VariableRec>;
}

export interface RepoRec extends RepoWireRec {
  org: OrgRec | undefined;
  workflows: WorkflowRec[];
  runs: RunRec[];
  artifacts: ArtifactRec[];
  caches: CacheRec[];
  runners: RunnerRec[];
  vault: Vault;
  environments: Map<string, Vault>;
  branches: string[];
  tags: string[];
  nextRunNumber: Map<number, number>;
}

export interface OrgRec {
  login: string;
  user: UserRec;
  vault: Vault;
  runners: RunnerRec[];
  runnerGroups: RunnerGroupRec[];
  hostedRunners: HostedRunnerRec[];
  /** Selective enablement: `selected` lets only `enabledRepositories` run workflows. */
  enabledPolicy: 'all' | 'selected' | 'none';
  enabledRepositories: Set<number>;
}

export interface World {
  users: Map<string, UserRec>;
  orgs: Map<string, OrgRec>;
  repos: Map<string, RepoRec>;
  /** Every run and job by id, across repositories. */
  runs: Map<number, RunRec>;
  jobs: Map<number, { run: RunRec; attempt: AttemptRec; job: JobRec }>;
  ids: { run: number; job: number; artifact: number; cache: number; runner: number; label: number };
}

export function newVault(): Vault {
  return { secrets: new Map(), variables: new Map() };
}

/** Lower-cased `owner/name`: the service matches names without regard to case. */
export function repoKey(owner: string, name: string): string {
  return `${owner}/${name}`.toLowerCase();
}
