import type { Page } from '../http/paginate.js';
import type { RawJson } from '../http/raw-json.js';
import type { HttpClient } from '../http/types.js';
import { route } from '../http/url.js';
import type { ListOptions } from '../http/paginate.js';
import { listPages } from './pages.js';
import { type RepoRef, repoPath } from './refs.js';
import type { JobWire, WorkflowDispatchResponseWire, WorkflowRunWire, WorkflowWire } from './types.js';
import { getResource } from '../http/resource.js';

/** Query of listWorkflowRunsForRepo and listWorkflowRuns, with the API's own names. */
export interface ListRunsQuery {
  actor?: string | undefined;
  branch?: string | undefined;
  event?: string | undefined;
  status?: string | undefined;
  /** A date or range in the service's search syntax: `2026-01-01`, `>=2026-01-01`, `a..b`. */
  created?: string | undefined;
  exclude_pull_requests?: boolean | undefined;
  check_suite_id?: number | undefined;
  head_sha?: string | undefined;
}

export interface RerunOptions {
  enable_debug_logging?: boolean | undefined;
}

/** A workflow: its numeric id or its file name (`ci.yml`). */
export type WorkflowId = number | string;

type Pages<T> = AsyncGenerator<Page<T | RawJson>>;

export interface RunsApi {
  listWorkflowRunsForRepo(repo: RepoRef, q: ListRunsQuery, o?: ListOptions): Pages<WorkflowRunWire>;
  listWorkflowRuns(
    repo: RepoRef,
    workflow: WorkflowId,
    q: ListRunsQuery,
    o?: ListOptions,
  ): Pages<WorkflowRunWire>;
  getWorkflowRun(repo: RepoRef, runId: number): Promise<WorkflowRunWire>;
  reRunWorkflow(repo: RepoRef, runId: number, o?: RerunOptions): Promise<void>;
  reRunWorkflowFailedJobs(repo: RepoRef, runId: number, o?: RerunOptions): Promise<void>;
  reRunJobForWorkflowRun(repo: RepoRef, jobId: number, o?: RerunOptions): Promise<void>;
  cancelWorkflowRun(repo: RepoRef, runId: number): Promise<void>;
  approveWorkflowRun(repo: RepoRef, runId: number): Promise<void>;
  deleteWorkflowRun(repo: RepoRef, runId: number): Promise<void>;
  deleteWorkflowRunLogs(repo: RepoRef, runId: number): Promise<void>;
  /** The run's log archive (zip), fetched from the short-lived address the service redirects to. */
  downloadWorkflowRunLogs(repo: RepoRef, runId: number): Promise<Uint8Array>;
  downloadWorkflowRunAttemptLogs(repo: RepoRef, runId: number, attempt: number): Promise<Uint8Array>;
  /** One job's log, plain text, from the short-lived address the service redirects to. */
  downloadJobLogsForWorkflowRun(repo: RepoRef, jobId: number): Promise<string>;
  listJobsForWorkflowRun(
    repo: RepoRef,
    runId: number,
    q: { filter?: 'latest' | 'all' | undefined },
    o?: ListOptions,
  ): Pages<JobWire>;
  listJobsForWorkflowRunAttempt(
    repo: RepoRef,
    runId: number,
    attempt: number,
    o?: ListOptions,
  ): Pages<JobWire>;
  getJobForWorkflowRun(repo: RepoRef, jobId: number): Promise<JobWire>;
  listRepoWorkflows(repo: RepoRef, o?: ListOptions): Pages<WorkflowWire>;
  getWorkflow(repo: RepoRef, workflow: WorkflowId): Promise<WorkflowWire>;
  disableWorkflow(repo: RepoRef, workflow: WorkflowId): Promise<void>;
  enableWorkflow(repo: RepoRef, workflow: WorkflowId): Promise<void>;
  /**
   * Starts a workflow_dispatch run. Asks for the run's details (`return_run_details`); a service that
   * answers 204 without them gives undefined.
   */
  createWorkflowDispatch(
    repo: RepoRef,
    workflow: WorkflowId,
    body: { ref: string; inputs?: Record<string, string> | undefined },
  ): Promise<WorkflowDispatchResponseWire | undefined>;
}

/** Query flags as the service reads them: booleans only when set. */
function runsQuery(q: ListRunsQuery) {
  return { ...q, exclude_pull_requests: q.exclude_pull_requests || undefined };
}

export function runsApi(http: HttpClient): RunsApi {
  const get = <T>(path: string) => getResource<T>(http, path);
  const send = async (method: string, path: string, body?: unknown) => {
    await http.request({ method, path, ...(body === undefined ? {} : { body }) });
  };
  const rerunBody = (o: RerunOptions = {}) =>
    o.enable_debug_logging ? { enable_debug_logging: true } : undefined;
  const archive = async (path: string) =>
    (await http.request<Buffer>({ method: 'GET', path, responseType: 'buffer' })).data;
  const run = (r: RepoRef, id: number) => `${repoPath(r)}${route`/actions/runs/${id}`}`;
  const workflow = (r: RepoRef, w: WorkflowId) => `${repoPath(r)}${route`/actions/workflows/${w}`}`;

  return {
    listWorkflowRunsForRepo: (repo, q, o) =>
      listPages(http, `${repoPath(repo)}/actions/runs`, 'workflow_runs', runsQuery(q), o),
    listWorkflowRuns: (repo, w, q, o) =>
      listPages(http, `${workflow(repo, w)}/runs`, 'workflow_runs', runsQuery(q), o),
    getWorkflowRun: (repo, id) => get<WorkflowRunWire>(run(repo, id)),
    reRunWorkflow: (repo, id, o) => send('POST', `${run(repo, id)}/rerun`, rerunBody(o)),
    reRunWorkflowFailedJobs: (repo, id, o) =>
      send('POST', `${run(repo, id)}/rerun-failed-jobs`, rerunBody(o)),
    reRunJobForWorkflowRun: (repo, id, o) =>
      send('POST', `${repoPath(repo)}${route`/actions/jobs/${id}/rerun`}`, rerunBody(o)),
    cancelWorkflowRun: (repo, id) => send('POST', `${run(repo, id)}/cancel`),
    approveWorkflowRun: (repo, id) => send('POST', `${run(repo, id)}/approve`),
    deleteWorkflowRun: (repo, id) => send('DELETE', run(repo, id)),
    deleteWorkflowRunLogs: (repo, id) => send('DELETE', `${run(repo, id)}/logs`),
    downloadWorkflowRunLogs: (repo, id) => archive(`${run(repo, id)}/logs`),
    downloadWorkflowRunAttemptLogs: (repo, id, attempt) =>
      archive(`${run(repo, id)}${route`/attempts/${attempt}/logs`}`),
    downloadJobLogsForWorkflowRun: async (repo, id) =>
      (
        await http.request<string>({
          method: 'GET',
          path: `${repoPath(repo)}${route`/actions/jobs/${id}/logs`}`,
          responseType: 'text',
        })
      ).data,
    listJobsForWorkflowRun: (repo, id, q, o) =>
      listPages(http, `${run(repo, id)}/jobs`, 'jobs', { filter: q.filter }, o),
    listJobsForWorkflowRunAttempt: (repo, id, attempt, o) =>
      listPages(http, `${run(repo, id)}${route`/attempts/${attempt}/jobs`}`, 'jobs', {}, o),
    getJobForWorkflowRun: (repo, id) => get<JobWire>(`${repoPath(repo)}${route`/actions/jobs/${id}`}`),
    listRepoWorkflows: (repo, o) =>
      listPages(http, `${repoPath(repo)}/actions/workflows`, 'workflows', {}, o),
    getWorkflow: (repo, w) => get<WorkflowWire>(workflow(repo, w)),
    disableWorkflow: (repo, w) => send('PUT', `${workflow(repo, w)}/disable`),
    enableWorkflow: (repo, w) => send('PUT', `${workflow(repo, w)}/enable`),
    async createWorkflowDispatch(repo, w, body) {
      const res = await http.request<WorkflowDispatchResponseWire | undefined>({
        method: 'POST',
        path: `${workflow(repo, w)}/dispatches`,
        body: { ref: body.ref, ...(body.inputs ? { inputs: body.inputs } : {}), return_run_details: true },
      });
      return res.status === 200 ? res.data : undefined;
    },
  };
}
