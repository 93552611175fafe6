import type { Operations } from '../core/anatomy.js';
import { op } from '../core/anatomy.js';
import { type Reply, type SandboxRequest, json } from '../core/framework.js';
import type { Gate } from '../core/gate.js';
import { pageAt } from '../core/paging.js';
import type { Job } from './seed.js';
import type { DocgenKit } from './state.js';
import { decodeMarker, encodeMarker } from './marker.js';
import { fail, invalidParameter, jobWire } from './wire.js';

/** The only version this API exists in. */
export const VERSION = '2025.0';
const MAX_LIMIT = 1000;

/** The routes of Doc Gen, by the client operation each serves (clients/docgen/client.ts). */
export function docgenRoutes(
  k: DocgenKit,
  p: { gate: Gate<{ token: string; requestId: string }> },
): Operations {
  /** Behind the gate, then the version check. */
  const guarded = (path: string, handler: (req: SandboxRequest, requestId: string) => Reply) =>
    op(
      'GET',
      path,
      p.gate.guard((req, { requestId }) => {
        const problem = versionProblem(req.headers['content-version']);
        if (problem) {
          k.state().counts.invalidVersion++;
          throw fail(400, 'invalid_api_version', `${problem} Supported versions: ${VERSION}.`, requestId);
        }
        return handler(req, requestId);
      }),
    );
  const notFound = (requestId: string, what: string) =>
    fail(404, 'not_found', 'Not Found', requestId, { contextInfo: { message: what } });
  const store = () => k.state().store;
  return {
    getDocgenJobs: guarded('/2.0/docgen_jobs', (req, rid) => page(k, req, rid, 'all', store().mine, true)),
    getDocgenJobById: guarded('/2.0/docgen_jobs/:job_id', (req, rid) => {
      const job = store().job(req.params.job_id ?? '');
      if (job?.owner !== 'user')
        throw notFound(rid, `No Doc Gen job ${req.params.job_id} is visible to this user.`);
      return json(200, jobWire(job, k.clock.now(), false));
    }),
    getDocgenBatchJobById: guarded('/2.0/docgen_batch_jobs/:batch_id', (req, rid) => {
      const id = req.params.batch_id ?? '';
      const jobs = store().batch(id);
      if (!jobs || jobs[0]!.owner !== 'user')
        throw notFound(rid, `No Doc Gen batch ${id} is visible to this user.`);
      return page(k, req, rid, `b${id}`, jobs, false);
    }),
    getDocgenTemplateJobs: guarded('/2.0/docgen_template_jobs/:template_id', (req, rid) => {
      const id = req.params.template_id ?? '';
      const template = store().template(id);
      if (template?.owner !== 'user')
        throw notFound(rid, `No Doc Gen template ${id} is visible to this user.`);
      return page(k, req, rid, `t${id}`, store().jobsOfTemplate(id), false);
    }),
  };
}

/** The page size asked for: at least 1, at most the seed's maximum (as the service: the SDK asks 10000). */
function limitOf(raw: string | null, requestId: string): number {
  if (raw === null) return MAX_LIMIT;
  const limit = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(limit >= 1))
    throw invalidParameter(
      'limit',
      `Invalid value '${raw}'. 'limit' must be a whole number of at least 1.`,
      requestId,
    );
  return Math.min(limit, MAX_LIMIT);
}

/** One page of `jobs` (newest first) after the marker; markers only when usemarker=true. */
function page(
  k: DocgenKit,
  req: SandboxRequest,
  requestId: string,
  scope: string,
  jobs: Job[],
  full: boolean,
): Reply {
  const q = req.query;
  const usemarkerRaw = q.get('usemarker');
  if (usemarkerRaw !== null && usemarkerRaw !== 'true' && usemarkerRaw !== 'false')
    throw invalidParameter('usemarker', `Invalid value '${usemarkerRaw}'. Give true or false.`, requestId);
  const usemarker = usemarkerRaw === 'true';
  const limit = limitOf(q.get('limit'), requestId);
  let start = 0;
  const marker = q.get('marker');
  if (marker !== null) {
    if (!usemarker)
      throw invalidParameter('marker', "'marker' requires 'usemarker' to be set to true.", requestId);
    const at = decodeMarker(scope, marker);
    start = at === undefined ? -1 : jobs.findIndex((j) => j.id === at);
    if (start < 0)
      throw invalidParameter('marker', `Invalid value '${marker}'. Not a marker of this list.`, requestId);
  }
  const counts = k.state().counts;
  counts.pages++;
  const now = k.clock.now();
  const at = pageAt(jobs, start, limit);
  const entries = at.items.map((j) => jobWire(j, now, full));
  if (!usemarker) {
    // Without usemarker there is no marker pagination: one page and no way on.
    counts.pagesWithoutUsemarker++;
    return json(200, { entries, limit });
  }
  return json(200, {
    entries,
    limit,
    next_marker: at.next === undefined ? null : encodeMarker(scope, jobs[at.next]!.id),
    prev_marker: start > 0 ? encodeMarker(scope, jobs[Math.max(0, start - limit)]!.id) : null,
  });
}

/** What is wrong with the `content-version` header, in the vendor's distinctions, or undefined. */
export function versionProblem(value: string | undefined): string | undefined {
  if (value === undefined)
    return 'The content-version header is missing; this endpoint exists only in a versioned API.';
  const v = value.trim();
  if (v === '') return 'The content-version header is empty.';
  if (v.includes(',')) return 'The content-version header has several values; give exactly one.';
  if (!/^\d{4}\.\d+$/.test(v)) return `The API version '${v}' is malformed; versions look like ${VERSION}.`;
  if (v !== VERSION) return `The API version '${v}' is not supported.`;
  return undefined;
}
