import { type ListOptions, type ListPages, type PageOptions, listPages } from '../http/paginate.js';
import type { HttpClient, QueryValue } from '../http/types.js';
import { route } from '../http/url.js';
import { tokenPages } from './pages.js';
import type {
  BranchScope,
  BranchesWire,
  DateRange,
  FlakyTestsWire,
  JobMetricsWire,
  JobTimeseriesWire,
  OrgSummaryWire,
  ProjectSummaryWire,
  ReportingWindow,
  WorkflowMetricsWire,
  WorkflowRunWire,
} from './types.js';

/** Insights of projects, workflows and jobs (`/insights…`). Slugs are sent as one encoded segment. */
export interface InsightsOperations {
  getProjectWorkflowsPageData(
    projectSlug: string,
    query: {
      'reporting-window'?: ReportingWindow | undefined;
      branches?: string[] | undefined;
      'workflow-names'?: string[] | undefined;
    },
  ): Promise<ProjectSummaryWire>;
  getOrgSummaryData(
    orgSlug: string,
    query: { 'reporting-window'?: ReportingWindow | undefined; 'project-names'?: string[] | undefined },
  ): Promise<OrgSummaryWire>;
  getJobTimeseries<O extends ListOptions = PageOptions>(
    projectSlug: string,
    workflow: string,
    query: { branch?: string | undefined; granularity?: 'daily' | 'hourly' | undefined } & DateRange,
    opts?: O,
  ): ListPages<JobTimeseriesWire, O>;
  getAllInsightsBranches(
    projectSlug: string,
    query: { 'workflow-name'?: string | undefined },
  ): Promise<BranchesWire>;
  getFlakyTests(projectSlug: string): Promise<FlakyTestsWire>;
  getProjectWorkflowMetrics<O extends ListOptions = PageOptions>(
    projectSlug: string,
    query: BranchScope & { 'reporting-window'?: ReportingWindow | undefined },
    opts?: O,
  ): ListPages<WorkflowMetricsWire, O>;
  getProjectWorkflowRuns<O extends ListOptions = PageOptions>(
    projectSlug: string,
    workflow: string,
    query: BranchScope & DateRange,
    opts?: O,
  ): ListPages<WorkflowRunWire, O>;
  getProjectWorkflowJobMetrics<O extends ListOptions = PageOptions>(
    projectSlug: string,
    workflow: string,
    query: BranchScope & {
      'reporting-window'?: ReportingWindow | undefined;
      'job-name'?: string | undefined;
    },
    opts?: O,
  ): ListPages<JobMetricsWire, O>;
}

/** Leaves out what was not asked for, so the service's own defaults apply. */
function given(query: object): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(query) as Array<[string, QueryValue]>) {
    if (v === undefined || v === null || v === false || v === '') continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out;
}

export function insightsOperations(http: HttpClient): InsightsOperations {
  const get = async <T>(path: string, query: object = {}): Promise<T> =>
    (await http.request<T>({ method: 'GET', path, query: given(query) })).data;
  const pages = <T, O extends ListOptions>(path: string, query: object, opts?: O) =>
    listPages<T, O>(http, { method: 'GET', path, query: given(query) }, tokenPages<T>(), 'items', opts);
  return {
    getProjectWorkflowsPageData: (slug, query) => get(route`/api/v2/insights/pages/${slug}/summary`, query),
    getOrgSummaryData: (org, query) => get(route`/api/v2/insights/${org}/summary`, query),
    getJobTimeseries: (slug, workflow, query, opts) =>
      pages(route`/api/v2/insights/time-series/${slug}/workflows/${workflow}/jobs`, query, opts),
    getAllInsightsBranches: (slug, query) => get(route`/api/v2/insights/${slug}/branches`, query),
    getFlakyTests: (slug) => get(route`/api/v2/insights/${slug}/flaky-tests`),
    getProjectWorkflowMetrics: (slug, query, opts) =>
      pages(route`/api/v2/insights/${slug}/workflows`, query, opts),
    getProjectWorkflowRuns: (slug, workflow, query, opts) =>
      pages(route`/api/v2/insights/${slug}/workflows/${workflow}`, query, opts),
    getProjectWorkflowJobMetrics: (slug, workflow, query, opts) =>
      pages(route`/api/v2/insights/${slug}/workflows/${workflow}/jobs`, query, opts),
  };
}
