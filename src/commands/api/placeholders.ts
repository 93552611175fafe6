import type { Context } from '../../app/types.js';
import { UsageError } from '../../errors.js';

/** gh's placeholders: `{name}` of lower-case letters and `_`; any other brace text is sent as written. */
const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** A service's named context parts (`ServiceCommands.apiPlaceholders`), loaded only when a text names one. */
export type ContextParts = () => Promise<Readonly<Record<string, (ctx: Context) => Promise<string>>>>;

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

/**
 * Fills the placeholders of `text` as gh does, each looked up once a command and before any request
 * (one that cannot be filled is exit 2 naming why); an unknown name is left as written. `encode`
 * turns a value into the text that goes in (a path part is percent-encoded; a field value is not).
 */
export async function fillPlaceholders(
  ctx: Context,
  parts: ContextParts,
  text: string,
  encode: (value: string) => string = (v) => v,
): Promise<string> {
  const names = [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
  const values = new Map<string, string>();
  const own = names.some((n) => n !== 'branch') ? await parts() : {};
  for (const name of names) {
    const look = name === 'branch' ? branch : own[name];
    if (look) values.set(name, encode(await look(ctx)));
  }
  return text.replace(PLACEHOLDER, (m, name: string) => values.get(name) ?? m);
}

/**
 * A value as it goes in a path or query: percent-encoded, a branch's `/` kept (`feature/x`, as gh
 * writes it), so `#`, `?`, `&` or `%` in a name cannot end the path or start a query.
 */
export const encodePathValue = (v: string): string => encodeURIComponent(v).replaceAll('%2F', '/');
