import type { Command } from 'commander';

/**
 * What a verb does to the world (docs/grammar.md, "Effects"): `read` changes nothing; `write`
 * creates or changes something that can be changed back; `destructive` loses something for good
 * (a delete, a terminate, a push that deletes what it does not carry). The agent interface and the
 * grammar test read it from the built tree.
 */
export type Effect = 'read' | 'write' | 'destructive';

export interface VerbMeta {
  effect: Effect;
  /** Its purpose is to reveal a secret value (a secret read with `--field`). */
  reveals?: boolean;
  /** Sending it twice has the effect of sending it once (PUT-like), whatever the effect. */
  idempotent?: boolean;
  /**
   * A write that asks first, as a destructive verb does, since no command of ops takes it back
   * (`tasks clear`, `secrets operator seal`, `dataapi errors resend`): off a terminal it needs `--yes`.
   */
  asks?: true;
  /** It prints a list: `--limit`/`--all` with the one default. */
  list?: boolean;
  /** It prints as things happen (a watch): its output is never held back for a pager. */
  live?: boolean;
  /** It writes files into a folder: `--dir`, `--clobber`, `--skip-existing`. */
  download?: boolean;
  /**
   * False where a verb of a service sends no credential (`secrets status`) or takes it its own way
   * (`db login`); every other verb of a service gets `--token-stdin`.
   */
  credential?: false;
  /**
   * The JSON fields of what it prints (each item of a list): `--json a,b` is checked against them before
   * any request, and its help lists them.
   */
  fields?: readonly string[];
  /**
   * What it prints, where that is text for a shell or a person and not data (`a completion script`):
   * the flags that shape data (`-o` other than `table`, `--json`, `--query`, `--field`, `--jq`) are
   * refused before it runs, as gh and kubectl refuse a flag a command lacks.
   */
  text?: string;
}

const META = new WeakMap<Command, VerbMeta>();

/** The verb's declared metadata; undefined for a group or an undeclared command. */
export function verbMeta(cmd: Command): VerbMeta | undefined {
  return META.get(cmd);
}

/** Declares a built verb's metadata (`declare` in commands/shared/verbs.ts is the one caller). */
export function setVerbMeta(cmd: Command, meta: VerbMeta): void {
  META.set(cmd, meta);
}

/** The command's path and these arguments, each long one cut (`secrets kv delete secret/app`). */
export function commandLine(action: Command, args: readonly string[]): string {
  const words = args.map((a) => (a.length > 40 ? `${a.slice(0, 40)}…` : a));
  for (let c: Command | null = action; c?.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/**
 * The one refusal of a verb that asks first, off a terminal and without `--yes` (docs/grammar.md,
 * "Confirmation"), whichever place refuses: `tasks delete dDA6Mg: needs confirmation`, and a hint
 * naming `--yes`, and `--dry-run` where the command takes it.
 */
export function confirmationNeeded(action: Command): { message: string; hint: string } {
  let dryRun = false;
  for (let c: Command | null = action; c && !dryRun; c = c.parent)
    dryRun = c.options.some((o) => o.long === '--dry-run');
  return {
    message: `${commandLine(action, action.args)}: needs confirmation`,
    hint: `pass --yes to confirm when not at a terminal${dryRun ? ' (or --dry-run to see what it would do)' : ''}`,
  };
}

/**
 * A "no" at the question a verb asks first, worded as its refusal off a terminal: `tasks delete dDA6Mg:
 * not confirmed` (exit 2 as that one).
 */
export function notConfirmed(action: Command): string {
  return `${commandLine(action, action.args)}: not confirmed`;
}
