import { Argument, type Command } from 'commander';
import type { Page } from '../../clients/http/paginate.js';
import { type RawJson, materialize } from '../../clients/http/raw-json.js';
import { UsageError } from '../../errors.js';
import { type Io, isCi } from '../../io.js';
import { DEFAULT_LIMIT } from './list-flags.js';
import type { PickSpec } from './pick-spec.js';

const PICKABLE = new WeakSet<Argument>();

/**
 * An id a picker asks for on a terminal: optional on the usage line (`[run-id]`), required everywhere
 * else, the agent interface included (an agent has no terminal).
 */
export function pickableArgument(name: string, description: string): Argument {
  const a = new Argument(`[${name}]`, description);
  PICKABLE.add(a);
  return a;
}

/** Whether the argument is required off a terminal: required, or an id a picker asks for. */
export const requiredOffTerminal = (a: Argument): boolean => a.required || PICKABLE.has(a);

/** The command path as the user typed it: `ops runs view`. */
function pathOf(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** A person at a terminal can answer a picker: stdin and stderr are terminals, and it is not CI. */
export function canPick(io: Io): boolean {
  return io.stdinIsTty && io.stderrIsTty && !isCi(io.env);
}

/**
 * A missing required id: off a terminal the usage error it always was (before any request), exactly
 * as commander words it; on one, nothing yet (the picker asks once the client is ready).
 */
export function requireOrPick(io: Io, cmd: Command, argument: string, given: string | undefined): void {
  if (given === undefined && !canPick(io))
    throw new UsageError(
      `missing required argument '${argument}'`,
      `run '${pathOf(cmd)} --help' for its usage`,
    );
}

/**
 * The same check as a `preAction` hook, added before `declare()` adds its own: a destructive verb's
 * refusal without `--yes` must not come before the missing argument it always reported off a terminal.
 */
export function requireFirst(io: Io, argument: string): (self: Command, action: Command) => void {
  return (_self, action) => requireOrPick(io, action, argument, action.args[0]);
}

/**
 * The id of one item chosen on the terminal from the list (type to filter, arrows and Enter), asked
 * on stderr; off a terminal the usage error of a missing argument. The picker (./picker.ts, and
 * `@inquirer/search` under it) is loaded only when one is shown, so no other command pays for it.
 */
export async function pickOrRequire<T>(ctx: { io: Io }, cmd: Command, spec: PickSpec<T>): Promise<string> {
  requireOrPick(ctx.io, cmd, spec.argument, undefined);
  const items = (await spec.list()).slice(0, DEFAULT_LIMIT);
  if (items.length === 0)
    throw new UsageError(`no ${spec.what} to choose from`, `give the ${spec.argument} as an argument`);
  return (await import('./picker.js')).pick(ctx.io, spec, items);
}

/** The first `n` items of a page stream (a picker's list: the first page, as `--limit` gives it). */
export async function firstItems<T>(
  pages: AsyncIterable<Page<T | RawJson>>,
  n = DEFAULT_LIMIT,
): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages)
    for (const item of page.items) {
      out.push(materialize<T>(item));
      if (out.length >= n) return out;
    }
  return out;
}
