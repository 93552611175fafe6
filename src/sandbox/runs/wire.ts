/**
 * Builders of the objects the service answers with (reference doc2 §A.3), with every field the
 * description marks required, so that answers validate against specs/runs.openapi.json.
 */

/** Where the answer's URLs point: the API under the sandbox prefix, and the neutral web host. */
export interface Urls {
  api: string;
  web: string;
}

export const WEB = 'https://src.example.com';
export const DOCS = 'https://docs.src.example.com/rest';

export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function nodeId(kind: string, id: number): string {
  return Buffer.from(`${kind}:${id}`).toString('base64').replace(/=+$/, '');
}

export interface UserRec {
  login: string;
  id: number;
  type: 'User' | 'Organization' | 'Bot';
}

export function simpleUser(u: Urls, r: UserRec): Record<string, unknown> {
  const url = `${u.api}/users/${r.login}`;
  return {
    login: r.login,
    id: r.id,
    node_id: nodeId('User', r.id),
    avatar_url: `${u.web}/avatars/${r.id}`,
    gravatar_id: '',
    url,
    html_url: `${u.web}/${r.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: r.type,
    site_admin: false,
  };
}

export interface RepoWireRec {
  id: number;
  owner: UserRec;
  name: string;
  private: boolean;
  description: string | null;
  defaultBranch: string;
  createdAt: number;
}

/** The repository object: every field of `repository`, which also makes a valid `minimal-repository`. */
export function repository(u: Urls, r: RepoWireRec): Record<string, unknown> {
  const full = `${r.owner.login}/${r.name}`;
  const url = `${u.api}/repos/${full}`;
  const t = iso(r.createdAt);
  const templated = (name: string, tail: string) => `${url}/${name}${tail}`;
  return {
    id: r.id,
    node_id: nodeId('Repository', r.id),
    name: r.name,
    full_name: full,
    owner: simpleUser(u, r.owner),
    private: r.private,
    html_url: `${u.web}/${full}`,
    description: r.description,
    fork: false,
    url,
    archive_url: templated('{archive_format}', '{/ref}'),
    assignees_url: templated('assignees', '{/user}'),
    blobs_url: templated('git/blobs', '{/sha}'),
    branches_url: templated('branches', '{/branch}'),
    collaborators_url: templated('collaborators', '{/collaborator}'),
    comments_url: templated('comments', '{/number}'),
    commits_url: templated('commits', '{/sha}'),
    compare_url: `${url}/compare/{base}...{head}`,
    contents_url: templated('contents', '/{+path}'),
    contributors_url: `${url}/contributors`,
    deployments_url: `${url}/deployments`,
    downloads_url: `${url}/downloads`,
    events_url: `${url}/events`,
    forks_url: `${url}/forks`,
    git_commits_url: templated('git/commits', '{/sha}'),
    git_refs_url: templated('git/refs', '{/sha}'),
    git_tags_url: templated('git/tags', '{/sha}'),
    git_url: `git://src.example.com/${full}.git`,
    hooks_url: `${url}/hooks`,
    issue_comment_url: templated('issues/comments', '{/number}'),
    issue_events_url: templated('issues/events', '{/number}'),
    issues_url: templated('issues', '{/number}'),
    keys_url: templated('keys', '{/key_id}'),
    labels_url: templated('labels', '{/name}'),
    languages_url: `${url}/languages`,
    merges_url: `${url}/merges`,
    milestones_url: templated('milestones', '{/number}'),
    notifications_url: `${url}/notifications{?since,all,participating}`,
    pulls_url: templated('pulls', '{/number}'),
    releases_url: templated('releases', '{/id}'),
    ssh_url: `git@src.example.com:${full}.git`,
    stargazers_url: `${url}/stargazers`,
    statuses_url: templated('statuses', '/{sha}'),
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    tags_url: `${url}/tags`,
    teams_url: `${url}/teams`,
    trees_url: templated('git/trees', '{/sha}'),
    clone_url: `${u.web}/${full}.git`,
    mirror_url: null,
    svn_url: `${u.web}/${full}`,
    homepage: null,
    language: 'TypeScript',
    forks: 0,
    forks_count: 0,
    stargazers_count: 3,
    watchers: 3,
    watchers_count: 3,
    size: 1024,
    default_branch: r.defaultBranch,
    open_issues: 2,
    open_issues_count: 2,
    has_issues: true,
    has_projects: false,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    archived: false,
    disabled: false,
    visibility: r.private ? 'private' : 'public',
    license: null,
    pushed_at: t,
    created_at: t,
    updated_at: t,
  };
}

export function basicError(message: string, status: number): Record<string, unknown> {
  return { message, documentation_url: DOCS, status: String(status) };
}
