import { type Reply, ReplyError, type SandboxRequest, json, readJson } from '../core/framework.js';
import {
  type HostedRunnerRec,
  type OrgRec,
  type RepoRec,
  type RunRec,
  type World,
  repoKey,
} from './model.js';
import { DOCS, type Urls, WEB, basicError } from './wire.js';
import { numberedPage } from '../core/paging.js';

/** An error answer in the service's basic-error shape (reference §A.4). */
export function fail(status: number, message: string): ReplyError {
  return new ReplyError(json(status, basicError(message, status)));
}

/** 422 validation-error: `{message, documentation_url, errors: [{resource, field, code, message}]}`. */
export function invalid(
  message: string,
  errors: Array<{ resource?: string; field?: string; code?: string; message?: string } | string> = [],
): ReplyError {
  return new ReplyError(json(422, { message, documentation_url: DOCS, errors, status: '422' }));
}

export const notFound = () => fail(404, 'Not Found');

/** What the route handlers share: the world, the clock and the answer's URLs. */
export interface Env {
  world: () => World;
  now: () => number;
  urls(req: SandboxRequest): Urls;
  /** Told of each dispatched run and its inputs (counters). */
  onDispatch?(run: RunRec, inputs: Record<string, string>): void;
}

/**
 * The answer's own address, from the request's host and the sandbox's scheme (https with --tls), or
 * `runs.scheme` when set; the web pages on `webHost` (the sandbox's `web_host`, else the neutral one).
 */
export function urlsOf(req: SandboxRequest, scheme: string, webHost?: string): Urls {
  const host = req.headers.host ?? '127.0.0.1';
  return { api: `${scheme}://${host}/runs`, web: webHost ? `https://${webHost}` : WEB };
}

/** A path parameter that must be a whole number; anything else matches no resource (404). */
export function intParam(req: SandboxRequest, name: string): number {
  const raw = req.params[name] ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

export function repoOf(env: Env, req: SandboxRequest): RepoRec {
  const repo = env.world().repos.get(repoKey(req.params.owner ?? '', req.params.repo ?? ''));
  if (!repo) throw notFound();
  return repo;
}

export function orgOf(env: Env, req: SandboxRequest): OrgRec {
  const org = env.world().orgs.get((req.params.org ?? '').toLowerCase());
  if (!org) throw notFound();
  return org;
}

/** How long the service takes to remove a deleted hosted runner (ms of the sandbox clock). */
export const HOSTED_RUNNER_REMOVAL_MS = 1500;

/** The organisation's hosted runners, without those whose removal has ended. */
export function hostedRunnersOf(env: Env, req: SandboxRequest): HostedRunnerRec[] {
  const org = orgOf(env, req);
  const now = env.now();
  org.hostedRunners = org.hostedRunners.filter((h) => h.goneAt === undefined || h.goneAt > now);
  return org.hostedRunners;
}

/** The JSON object body; anything else is a 400 in the service's words. */
export function bodyOf(req: SandboxRequest, optional = false): Record<string, unknown> {
  const body = readJson<unknown>(req, () => json(400, basicError('Problems parsing JSON', 400)));
  if (body === undefined || body === null) {
    if (optional) return {};
    throw fail(400, 'Problems parsing JSON');
  }
  if (typeof body !== 'object' || Array.isArray(body)) throw fail(400, 'Problems parsing JSON');
  return body as Record<string, unknown>;
}

export function requireString(body: Record<string, unknown>, field: string, resource: string): string {
  const v = body[field];
  if (typeof v !== 'string' || v === '')
    throw invalid('Invalid request.', [
      {
        resource,
        field,
        code: v === undefined ? 'missing_field' : 'invalid',
        message: `"${field}" ${v === undefined ? "wasn't supplied" : 'is not a non-empty string'}.`,
      },
    ]);
  return v;
}

/** Default page size of every list (seed, Limits: 30, also for variables). */
export const DEFAULT_PER_PAGE = 30;

/**
 * One page of a list: `{total_count, <key>: […]}` with a `Link` header of next, last, first and prev
 * pages, each the request's own URL with `page` changed. `per_page` above the largest is cut to it.
 */
export function page<T>(
  env: Env,
  req: SandboxRequest,
  key: string,
  all: T[],
  wire: (item: T) => unknown,
  o: { max?: number; total?: number; extra?: Record<string, unknown> } = {},
): Reply {
  const max = o.max ?? 100;
  const perRaw = req.query.get('per_page');
  const pageRaw = req.query.get('page');
  const per = perRaw === null ? DEFAULT_PER_PAGE : Number(perRaw);
  const n = pageRaw === null ? 1 : Number(pageRaw);
  if (!Number.isInteger(per) || per < 1)
    throw invalid(`Invalid per_page "${perRaw}": give a whole number from 1 to ${max}.`);
  if (!Number.isInteger(n) || n < 1) throw invalid(`Invalid page "${pageRaw}": give a whole number from 1.`);
  const size = Math.min(per, max);
  const { items, last } = numberedPage(all, n, size);
  const headers: Record<string, string> = {};
  const link = (p: number, rel: string) => {
    const q = new URLSearchParams(req.query);
    q.set('page', String(p));
    if (perRaw !== null) q.set('per_page', String(size));
    return `<${env.urls(req).api}${req.path}?${q.toString()}>; rel="${rel}"`;
  };
  const rels: string[] = [];
  if (n > 1) rels.push(link(n - 1, 'prev'));
  if (n < last) rels.push(link(n + 1, 'next'), link(last, 'last'));
  if (n > 1) rels.push(link(1, 'first'));
  if (rels.length) headers.link = rels.join(', ');
  return json(200, { total_count: o.total ?? all.length, [key]: items.map(wire), ...o.extra }, headers);
}
