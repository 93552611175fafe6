import { type ListOptions, type Page, type PageOptions, listPages, paginatePages } from '../http/paginate.js';
import type { RawJson } from '../http/raw-json.js';
import type { HttpClient, QueryValue, RequestSpec } from '../http/types.js';
import { route } from '../http/url.js';
import { docgenJobPages } from './pages.js';
import type { DocgenJobWire, DocgenJobsQuery } from './types.js';

export interface JobPageOptions extends PageOptions {
  /**
   * Keep only jobs in these statuses. The API has no status filter, so pages are read in full and
   * filtered here; `limit` then counts the jobs kept.
   */
  statuses?: readonly string[] | undefined;
  /** Jobs stay the text the service sent (RawJson), for output that writes them as is (NDJSON). */
  raw?: boolean | undefined;
}

export type JobPages = AsyncGenerator<Page<DocgenJobWire | RawJson>>;

export interface DocgenClient {
  /** get_docgen_jobs: the caller's jobs, newest first, page by page (full variant). */
  getDocgenJobs(query?: DocgenJobsQuery, opts?: JobPageOptions): JobPages;
  /** get_docgen_jobs_id: one job (standard variant). */
  getDocgenJobById(jobId: string): Promise<DocgenJobWire>;
  /** get_docgen_batch_jobs_id: the jobs of one batch, page by page (standard variant). */
  getDocgenBatchJobById(batchId: string, query?: DocgenJobsQuery, opts?: JobPageOptions): JobPages;
  /** get_docgen_template_jobs_id: the caller's jobs that used one template, page by page. */
  getDocgenTemplateJobs(templateId: string, query?: DocgenJobsQuery, opts?: JobPageOptions): JobPages;
}

function listQuery(q: DocgenJobsQuery): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  if (q.limit !== undefined) out.limit = q.limit;
  if (q.marker !== undefined) out.marker = q.marker;
  return out;
}

/** Filters pages by status, counting the limit over the jobs kept (not a paging loop: a view). */
async function* keepStatuses(
  pages: AsyncGenerator<Page<DocgenJobWire>>,
  statuses: readonly string[],
  limit: number | undefined,
): JobPages {
  let kept = 0;
  for await (const page of pages) {
    const matching = page.items.filter((j) => statuses.includes(j.status));
    const items = limit === undefined ? matching : matching.slice(0, limit - kept);
    kept += items.length;
    const full = limit !== undefined && kept >= limit;
    // The service gives no total of jobs in a status.
    yield { ...page, items, total: undefined, more: page.more || items.length < matching.length };
    if (full) return;
  }
}

export function createDocgenClient(http: HttpClient): DocgenClient {
  function pages(path: string, query: DocgenJobsQuery = {}, opts: JobPageOptions = {}): JobPages {
    const first: RequestSpec = { method: 'GET', path, query: listQuery(query) };
    if (opts.statuses?.length) {
      // Every page is needed in full to find the jobs kept, so pages are as large as the API allows.
      return keepStatuses(paginatePages(http, first, docgenJobPages()), opts.statuses, opts.limit);
    }
    return listPages<DocgenJobWire, ListOptions>(http, first, docgenJobPages(), 'entries', opts);
  }
  return {
    getDocgenJobs: (query, opts) => pages('/2.0/docgen_jobs', query, opts),
    async getDocgenJobById(jobId) {
      const res = await http.request<DocgenJobWire>({
        method: 'GET',
        path: route`/2.0/docgen_jobs/${jobId}`,
        expect: 'object',
      });
      return res.data;
    },
    getDocgenBatchJobById: (batchId, query, opts) =>
      pages(route`/2.0/docgen_batch_jobs/${batchId}`, query, opts),
    getDocgenTemplateJobs: (templateId, query, opts) =>
      pages(route`/2.0/docgen_template_jobs/${templateId}`, query, opts),
  };
}
