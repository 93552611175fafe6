import { planning } from '../../clients/http/planning.js';
import { UsageError } from '../../errors.js';

/** How many candidates an error names before "…and N more". */
const SHOWN = 10;

export interface ResolveSpec<T> {
  /** What is named, in words: "instance", "load balancer", "context". */
  kind: string;
  /** What the user gave: an id, or a name. */
  given: string;
  /** True when `given` is in the form of an id: it is used as is, with no request. */
  isId: (given: string) => boolean;
  /** The one read of the candidates (every page); sent under --dry-run and named on stderr. */
  list: () => Promise<AsyncIterable<T> | Iterable<T>>;
  nameOf: (item: T) => string | null | undefined;
  idOf: (item: T) => string;
  /** The command that lists them, for the hint (`ops cloud instance list`). */
  listCommand?: string;
}

/** "a, b, c" or "a, b, …and 4 more". */
export function candidates(names: string[]): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, SHOWN).join(', ');
  return names.length > SHOWN ? `${shown}, …and ${names.length - SHOWN} more` : shown;
}

/**
 * The id of a resource people name (docs/grammar.md, "Names or ids"): an id form is used as is;
 * otherwise one list read, made as a planning read, and exactly one item whose name is `given` is
 * the answer. None, or several, is a usage error (exit 2) naming the candidates.
 */
export async function resolveByName<T>(spec: ResolveSpec<T>): Promise<string> {
  const given = spec.given.trim();
  if (spec.isId(given)) return given;
  const items = await planning(async () => {
    const got = await spec.list();
    const all: T[] = [];
    if (Symbol.asyncIterator in got) for await (const item of got) all.push(item);
    else for (const item of got) all.push(item);
    return all;
  });
  const matches = items.filter((i) => spec.nameOf(i) === given);
  if (matches.length === 1) return spec.idOf(matches[0]!);
  const where = spec.listCommand ? ` (\`${spec.listCommand}\` lists them)` : '';
  if (matches.length === 0) {
    const names = [...new Set(items.map(spec.nameOf).filter((n): n is string => !!n))];
    throw new UsageError(
      `no ${spec.kind} is named "${short(given)}"`,
      `give an id or one of the names: ${candidates(names)}${where}`,
    );
  }
  throw new UsageError(
    `${matches.length} ${spec.kind}s are named "${short(given)}"`,
    `give the id of one: ${candidates(matches.map(spec.idOf))}${where}`,
  );
}

/** Long input in errors is quoted by a short prefix (docs/grammar.md, "Values"). */
function short(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}
