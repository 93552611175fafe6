import { type Operations, OperationTable } from '../core/anatomy.js';
import { type Reply, json } from '../core/framework.js';
import { collaborationRoutes } from './collaborations.js';
import { contextRoutes } from './contexts.js';
import type { Env } from './env.js';
import { insightsRoutes } from './insights.js';
import { policyRoutes } from './policy.js';
import { projectRoutes } from './projects.js';

/** Policy, decision and OIDC-claims routes answer `{error}`; every other route `{message}` (reference §D.5). */
export function usesErrorShape(path: string): boolean {
  return /^\/api\/v2\/(owner|org)\//.test(path);
}

export function reply(
  path: string,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): Reply {
  return json(status, usesErrorShape(path) ? { error: text } : { message: text }, headers);
}

/**
 * Slugs may come with their slashes escaped (`gh%2Facme%2Fweb-app`, what `ops` sends) or raw
 * (`gh/acme/web-app`); raw ones are joined into one escaped segment before routing. A project slug
 * has three parts, an organization slug (`/insights/{org-slug}/summary`) two.
 */
export function joinSlugs(path: string): string {
  const segs = path.split('/');
  if (segs[1] !== 'api' || segs[2] !== 'v2') return path;
  const join = (at: number, n: number) => {
    const part = segs.slice(at, at + n);
    if (part.length < n || part.some((s) => s === '' || /%2f/i.test(s))) return;
    segs.splice(at, n, part.join('%2F'));
  };
  if (segs[3] === 'project' && segs.length >= 7) join(4, 3);
  else if (segs[3] === 'insights') {
    if (segs[4] === 'pages' || segs[4] === 'time-series') join(5, 3);
    else if (segs[6] === 'summary' && segs.length === 7) join(4, 2);
    else join(4, 3);
  }
  return segs.join('/');
}

/** The routes of every resource, by the client operation each serves. */
export function pipelinesRoutes(_k: unknown, p: { env: Env }): Operations {
  const t = new OperationTable();
  contextRoutes(t, p.env);
  projectRoutes(t, p.env);
  insightsRoutes(t, p.env);
  policyRoutes(t, p.env);
  collaborationRoutes(t);
  return t.operations;
}
