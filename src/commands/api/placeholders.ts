import type { Context } from '../../app/types.js';
import { UsageError } from '../../errors.js';

/** gh's placeholders: `{name}` of lower-case letters and `_`; any other brace text is sent as written. */
const PLACEHOLDER = /\{([a-z_]+)\}/g;

/**
 * The named parts of each service's context that `ops api` fills, beside `{branch}` (every service):
 * runs' repository and organisation (flag-free here: environment, profile, git remote), the db account's
 * path parts and api-version, the pipelines organisation as given. Each is the value the service's
 * own verbs act on.
 */
const PARTS: Record<string, Record<string, (ctx: Context) => Promise<string>>> = {
  runs: {
    owner: async (ctx) => (await runsRepo(ctx)).owner,
    repo: async (ctx) => (await runsRepo(ctx)).repo,
    org: async (ctx) => (await import('../runs/index.js')).orgOf(ctx),
  },
  db: {
    subscription: (ctx) => setting(ctx, 'db', 'subscription'),
    resource_group: (ctx) => setting(ctx, 'db', 'resource_group'),
    account: (ctx) => setting(ctx, 'db', 'account'),
    api_version: (ctx) => setting(ctx, 'db', 'api_version'),
  },
  pipelines: {
    org: (ctx) => setting(ctx, 'pipelines', 'org'),
  },
};

const repos = new WeakMap<Context, Promise<{ owner: string; repo: string }>>();

/** The runs repository, looked up once for {owner} and {repo} together. */
function runsRepo(ctx: Context): Promise<{ owner: string; repo: string }> {
  let r = repos.get(ctx);
  if (!r) {
    r = import('../runs/index.js').then((m) => m.repoOf(ctx));
    repos.set(ctx, r);
  }
  return r;
}

async function setting(ctx: Context, service: string, key: string): Promise<string> {
  const v = (await ctx.service(service)).settings.get(key)?.trim();
  if (v) return v;
  const env = `OPS_${service.toUpperCase()}_${key.toUpperCase()}`;
  throw new UsageError(
    `{${key}}: ${service} has no ${key.replace('_', ' ')} set`,
    `set ${env}, or run \`ops config set ${service}.${key} VALUE\`, or write the value in place of {${key}}`,
  );
}

/** gh's {branch}: the branch checked out in the git clone the command runs in. */
async function branch(ctx: Context): Promise<string> {
  const { currentBranch } = await import('../shared/git-remote.js');
  const cwd = ctx.io.cwd;
  const head = cwd === undefined ? { none: 'there is no working directory' } : currentBranch(cwd, ctx.io.env);
  if ('none' in head)
    throw new UsageError(
      `{branch}: ${head.none}`,
      'run it in a git clone with a branch checked out, or write the branch name in place of {branch}',
    );
  return head.branch;
}

/** The names `ops api` fills for a service: `branch` and its context's parts. */
export function placeholderNames(service: string): string[] {
  return ['branch', ...Object.keys(PARTS[service] ?? {})];
}

/**
 * Fills the placeholders of `text` as gh does, each looked up once a command and before any request
 * (one that cannot be filled is exit 2 naming why); an unknown name is left as written. `encode`
 * turns a value into the text that goes in (a path part is percent-encoded; a field value is not).
 */
export async function fillPlaceholders(
  ctx: Context,
  service: string,
  text: string,
  encode: (value: string) => string = (v) => v,
): Promise<string> {
  const names = [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
  const values = new Map<string, string>();
  for (const name of names) {
    const look = name === 'branch' ? branch : PARTS[service]?.[name];
    if (look) values.set(name, encode(await look(ctx)));
  }
  return text.replace(PLACEHOLDER, (m, name: string) => values.get(name) ?? m);
}

/**
 * A value as it goes in a path or query: percent-encoded, a branch's `/` kept (`feature/x`, as gh
 * writes it), so `#`, `?`, `&` or `%` in a name cannot end the path or start a query.
 */
export const encodePathValue = (v: string): string => encodeURIComponent(v).replaceAll('%2F', '/');
