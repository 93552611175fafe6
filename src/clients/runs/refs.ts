import { route } from '../http/url.js';

/** A repository as the API's paths name it: `/repos/{owner}/{repo}`. */
export interface RepoRef {
  owner: string;
  repo: string;
}

/** `/repos/{owner}/{repo}` with both parts encoded as single segments. */
export function repoPath(r: RepoRef): string {
  return route`/repos/${r.owner}/${r.repo}`;
}

/** `/orgs/{org}`. */
export function orgPath(org: string): string {
  return route`/orgs/${org}`;
}

/**
 * `/repos/{owner}/{repo}/environments/{environment_name}`: the seed asks the environment name URL
 * encoded with its slashes replaced, which encoding it as one segment does (`/` → `%2F`).
 */
export function envPath(r: RepoRef, env: string): string {
  return `${repoPath(r)}${route`/environments/${env}`}`;
}

/** Where secrets and variables live: a repository, an organisation, or an environment of a repository. */
export type Scope =
  | { kind: 'repo'; repo: RepoRef }
  | { kind: 'org'; org: string }
  | { kind: 'env'; repo: RepoRef; env: string };

/** `octo-org/hello-world`, `org octo-org`, `octo-org/hello-world env production`. */
export function describeScope(s: Scope): string {
  if (s.kind === 'org') return `organisation ${s.org}`;
  const repo = `${s.repo.owner}/${s.repo.repo}`;
  return s.kind === 'env' ? `environment ${s.env} of ${repo}` : repo;
}
