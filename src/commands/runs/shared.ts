import type { Command } from 'commander';
import type { Context } from '../../app/types.js';
import type { Page } from '../../clients/http/paginate.js';
import { type RawJson, materialize } from '../../clients/http/raw-json.js';
import { type RepoRef, type RunsClient, type Scope, createRunsClient } from '../../clients/runs/client.js';
import type { EtagCache } from '../../clients/runs/etag.js';
import { type Missing, UsageError } from '../../errors.js';
import { namingNotFound } from '../shared/not-found.js';
import { type RemoteMatch, remoteMatch, webHostOf } from '../shared/git-remote.js';
import { type ServiceBase, serviceStart } from '../shared/start.js';
import { type NumberIdForm, parseId } from '../shared/ids.js';

/** What every runs run function gets besides its own values (the client made on first use). */
export type RunsBase = ServiceBase<RunsClient>;

export interface ScopeFlags {
  repo?: string;
  org?: string;
  env?: string;
}

const REPO = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;
const ORG = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO_FIX =
  'give --repo OWNER/REPO, set OPS_RUNS_REPO, run `ops config set runs.repo OWNER/REPO`, or run it in a git clone';
const ORG_FIX = 'give --org ORG, set OPS_RUNS_ORG, or run `ops config set runs.org ORG`';

export function addRepoOption(cmd: Command): Command {
  return cmd.option('--repo <owner/repo>', 'repository (default OPS_RUNS_REPO or runs.repo)');
}

export function addOrgOption(cmd: Command): Command {
  return cmd.option('--org <org>', 'organisation (default OPS_RUNS_ORG or runs.org)');
}

/** `--repo` or `--org`: repository scope unless --org is given (then the organisation's). */
export function addRepoOrOrgOptions(cmd: Command): Command {
  return cmd
    .option('--repo <owner/repo>', 'act on this repository (default OPS_RUNS_REPO or runs.repo)')
    .option('--org <org>', "act on the organisation's instead of a repository's");
}

/** `--repo`, `--org`, `--env`: the three places secrets and variables live. */
export function addScopeOptions(cmd: Command): Command {
  return addRepoOrOrgOptions(cmd).option('--env <name>', 'an environment of the repository');
}

export function parseRepo(raw: string, from = '--repo'): RepoRef {
  const s = raw.trim();
  if (!REPO.test(s))
    throw new UsageError(`invalid ${from} "${raw}"`, 'write it as OWNER/REPO, e.g. octo-org/hello-world');
  const [owner, repo] = s.split('/') as [string, string];
  if (repo === '.' || repo === '..')
    throw new UsageError(`invalid ${from} "${raw}"`, 'write it as OWNER/REPO');
  return { owner, repo };
}

export function parseOrg(raw: string, from = '--org'): string {
  const s = raw.trim();
  if (!ORG.test(s))
    throw new UsageError(`invalid ${from} "${raw}"`, 'give the organisation login, e.g. octo-org');
  return s;
}

/** Checks the scope flags alone, before any settings are read. */
export function checkScopeFlags(f: ScopeFlags): void {
  if (f.repo !== undefined) parseRepo(f.repo);
  if (f.org !== undefined) parseOrg(f.org);
  if (f.org !== undefined && f.repo !== undefined)
    throw new UsageError(
      '--repo and --org cannot be combined',
      'give --repo for a repository, --org for the organisation',
    );
  if (f.env !== undefined) {
    if (f.org !== undefined)
      throw new UsageError(
        '--env and --org cannot be combined',
        'environments belong to a repository: give --env with --repo',
      );
    if (f.env.trim() === '')
      throw new UsageError('--env is empty', 'give the environment name, e.g. production');
  }
}

/**
 * The start of every runs verb: --repo and --org laid over OPS_RUNS_REPO / OPS_RUNS_ORG and the profile
 * (and `--token-stdin` read); the verb's scope (`inRepo`, `inOrg`, `inScope`…) is read before the
 * client, so a missing repository is named before a missing token. A scope may hand the client an
 * ETag cache (`cache`, for watching).
 */
export const start = serviceStart<RunsClient, ScopeFlags>('runs', {
  check: checkScopeFlags,
  settings: (f) => ({ 'runs.repo': f.repo, 'runs.org': f.org }),
  create: (http, s) =>
    namingRunsNotFound(createRunsClient(http, s.cache ? { cache: s.cache as EtagCache } : {})),
});

async function setting(ctx: Context, key: 'repo' | 'org'): Promise<string | undefined> {
  const v = (await ctx.service('runs')).settings.get(key);
  return v === undefined || v.trim() === '' ? undefined : v;
}

/** A repository the command was not given but took from where the user stands, and from where. */
export interface InferredRepo {
  repo: string;
  source: string;
}

const inferred = new WeakMap<Context, Promise<RemoteMatch>>();

/** The git remote's match, read once a command (repoOf and scopeOf may both ask), and said once. */
function gitMatch(ctx: Context): Promise<RemoteMatch> {
  let m = inferred.get(ctx);
  if (!m) {
    m = (async () => {
      const debug = ctx.flags.debug || isOn(ctx.io.env.OPS_DEBUG);
      const cwd = ctx.io.cwd;
      const { settings } = await ctx.service('runs');
      const host = webHostOf(
        ctx.flags.baseUrl ?? ctx.settings.get('runs.base_url'),
        settings.get('web_host'),
      );
      const match: RemoteMatch =
        cwd === undefined
          ? { none: 'there is no working directory' }
          : host === undefined
            ? { none: 'the service has no address to find its web host from' }
            : remoteMatch(cwd, host, ctx.io.env);
      if ('found' in match && (ctx.flags.dryRun || debug))
        ctx.io.stderr.write(`repository ${match.found.repo} from ${match.found.source}\n`);
      // Why a command then asks for --repo: said on --debug, where one looks when the context is empty.
      if ('none' in match && debug) ctx.io.stderr.write(`no repository from git: ${match.none}\n`);
      return match;
    })();
    inferred.set(ctx, m);
  }
  return m;
}

const isOn = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v.trim());

/**
 * The repository `ops runs` takes from the git clone it runs in, when no flag, environment variable or
 * setting gives one (for `ops auth status`): the remote `origin`, else the only remote, on the
 * service's web host.
 */
export async function inferredRepo(ctx: Context): Promise<InferredRepo | undefined> {
  const m = await gitMatch(ctx);
  return 'found' in m ? { repo: m.found.repo, source: m.found.source } : undefined;
}

/** The error when no repository is given anywhere: its hint names what git had, when it had several. */
async function noRepo(ctx: Context, message: string, fix: string): Promise<UsageError> {
  const m = await gitMatch(ctx);
  if ('several' in m)
    return new UsageError(message, `several remotes (${m.several.join(', ')}) are on the web host: ${fix}`);
  return new UsageError(message, fix);
}

/** The repository: --repo, OPS_RUNS_REPO, runs.repo, else the git remote; none is a usage error naming them. */
export async function repoOf(ctx: Context): Promise<RepoRef> {
  const raw = await setting(ctx, 'repo');
  if (raw !== undefined) return parseRepo(raw, 'repository');
  const git = await inferredRepo(ctx);
  if (git !== undefined) return parseRepo(git.repo, git.source);
  throw await noRepo(ctx, 'runs: no repository given', REPO_FIX);
}

/** The organisation: --org, OPS_RUNS_ORG or runs.org. */
export async function orgOf(ctx: Context): Promise<string> {
  const raw = await setting(ctx, 'org');
  if (raw === undefined) throw new UsageError('runs: no organisation given', ORG_FIX);
  return parseOrg(raw, 'organisation');
}

/**
 * Where a secret, variable or runner command acts: `--env` (with the repository), `--org`, `--repo`;
 * without a flag the configured repository, else the configured organisation.
 */
export async function scopeOf(ctx: Context, f: ScopeFlags): Promise<Scope> {
  if (f.env !== undefined) return { kind: 'env', repo: await repoOf(ctx), env: f.env.trim() };
  if (f.org !== undefined) return { kind: 'org', org: await orgOf(ctx) };
  if (f.repo !== undefined) return { kind: 'repo', repo: await repoOf(ctx) };
  if (await setting(ctx, 'repo')) return { kind: 'repo', repo: await repoOf(ctx) };
  if (await setting(ctx, 'org')) return { kind: 'org', org: await orgOf(ctx) };
  if (await inferredRepo(ctx)) return { kind: 'repo', repo: await repoOf(ctx) };
  throw await noRepo(
    ctx,
    'runs: no repository or organisation given',
    'give --repo OWNER/REPO or --org ORG, or set OPS_RUNS_REPO / OPS_RUNS_ORG (runs.repo / runs.org)',
  );
}

/** Where runner commands act: `--org`, `--repo`, else the configured repository, else the organisation. */
export async function runnerScopeOf(ctx: Context, f: ScopeFlags): Promise<Exclude<Scope, { kind: 'env' }>> {
  const s = await scopeOf(ctx, { repo: f.repo, org: f.org });
  if (s.kind === 'env') throw new UsageError('runners belong to a repository or an organisation');
  return s;
}

/** The scope of a verb on one repository. */
export const inRepo = async (ctx: Context) => ({ repo: await repoOf(ctx) });

/** The scope of a verb on one organisation. */
export const inOrg = async (ctx: Context) => ({ org: await orgOf(ctx) });

/** The scope of a secret or variable verb (`scopeOf`). */
export const inScope = (f: ScopeFlags) => async (ctx: Context) => ({ scope: await scopeOf(ctx, f) });

/** The scope of a runner verb (`runnerScopeOf`). */
export const inRunnerScope = (f: ScopeFlags) => async (ctx: Context) => ({
  scope: await runnerScopeOf(ctx, f),
});

/** What an operation on `(scope, id)` looks for, by its name (the first match wins: a job of a run is a job). */
const KINDS: Array<[RegExp, string]> = [
  [/RunnerGroup/, 'runner group'],
  [/(?<!Self)HostedRunner/, 'hosted runner'],
  [/SelectedRepository/, 'repository'],
  [/Job/, 'job'],
  [/Artifact/, 'artifact'],
  [/Cache/, 'cache'],
  [/Runner/, 'runner'],
  [/WorkflowRun|RunWorkflow|reRunWorkflow/, 'run'],
  [/Workflow/, 'workflow'],
  [/Secret/, 'secret'],
  [/Variable/, 'variable'],
];

/** Lists of the things of one thing: what is missing is the one they belong to. */
const LIST_OF: Record<string, string> = {
  listJobsForWorkflowRun: 'run',
  listJobsForWorkflowRunAttempt: 'run',
  listWorkflowRunArtifacts: 'run',
  listWorkflowRuns: 'workflow',
};

const REPO_HINT = 'give --repo OWNER/REPO to look in another repository';
const ORG_HINT = 'give --org ORG to look in another organization';

/** A repository or an organization itself, among those the token can see (a private one answers 404). */
function scopeMissing(scope: unknown): Missing | undefined {
  const where = 'the repositories and organizations this token can see';
  if (typeof scope === 'string') return { kind: 'organization', id: scope, where, hint: ORG_HINT };
  const r = scope as RepoRef | undefined;
  if (typeof r?.owner !== 'string') return undefined;
  return { kind: 'repository', id: `${r.owner}/${r.repo}`, where, hint: REPO_HINT };
}

/**
 * What a runs operation looks for: `(repo, id)` in a repository, `(org, id)` in an organization,
 * `(repo, environment, name)` in an environment of a repository.
 */
function runsMissing(op: string, args: unknown[]): Missing | undefined {
  const [scope, id, name] = args as [RepoRef | string | undefined, unknown, unknown];
  const kind = LIST_OF[op] ?? KINDS.find(([re]) => re.test(op))?.[1];
  // An operation on the scope itself (a list, a public key): the repository or organization is missing.
  if (!kind || (typeof id !== 'number' && typeof id !== 'string')) return scopeMissing(scope);
  if (typeof scope === 'string') return { kind, id, where: `organization ${scope}`, hint: ORG_HINT };
  if (typeof scope?.owner !== 'string') return undefined;
  const repo = `repository ${scope.owner}/${scope.repo}`;
  if (/Environment/.test(op))
    return typeof name === 'string'
      ? {
          kind,
          id: name,
          where: `environment ${String(id)} of ${repo}`,
          hint: 'give --env ENV or --repo OWNER/REPO to look elsewhere',
        }
      : undefined;
  return { kind, id, where: repo, hint: REPO_HINT };
}

/**
 * The client, with the 404 of every operation on one thing naming it and where it looked:
 * `run 42 not found in repository octo/hello` (hint `--repo`), `runner group 7 not found in
 * organization acme` (hint `--org`).
 */
export function namingRunsNotFound(client: RunsClient): RunsClient {
  return namingNotFound(client, runsMissing);
}

/** The form of every runs id (run, job, artifact, runner…): a positive whole number, for `parseId`. */
export const RUN_ID: NumberIdForm = { kind: 'number', hint: (what) => `give the numeric ${what}` };

export { parseId };

/** A secret or variable name as the service takes it: letters, digits and underscores, not first a digit. */
export function parseName(what: string, raw: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(raw))
    throw new UsageError(
      `invalid ${what} "${raw}"`,
      'use letters, digits and underscores, not starting with a digit (e.g. API_KEY)',
    );
  return raw.toUpperCase();
}

/** `ci.yml` or a numeric id. */
export function parseWorkflow(raw: string): number | string {
  const s = raw.trim();
  if (/^\d+$/.test(s)) return Number(s);
  if (/^[\w.-]+\.ya?ml$/.test(s)) return s;
  throw new UsageError(`invalid workflow "${raw}"`, 'give the workflow id or its file name (e.g. ci.yml)');
}

/** Every item of a page stream, as values (for callers that need the whole list: tables of jobs). */
export async function allItems<T>(pages: AsyncIterable<Page<T | RawJson>>): Promise<T[]> {
  const out: T[] = [];
  for await (const p of pages) for (const item of p.items) out.push(materialize<T>(item));
  return out;
}
