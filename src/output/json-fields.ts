import type { Command } from 'commander';
import { OpsError, UsageError } from '../errors.js';
import { escapeControls } from './text.js';

/**
 * A field list as `--json` takes it: names (dotted for nested fields) joined by commas. A name may hold
 * `-` after its first character: some APIs name fields so (pipelines' `created-at`, `total-flaky-tests`).
 */
export const FIELD_LIST = /^[A-Za-z_][\w.-]*(,[A-Za-z_][\w.-]*)*$/;

/**
 * `--json`'s value as commander hands it: `true` bare (`--json` alone, or `--json=`), else the
 * field list.
 */
export const jsonValue = (v: string): string | true => (v === '' ? true : v);

/** The names of a `--json` field list, in the order given; exit 2 for one that is not a list. */
export function parseFields(value: string): string[] {
  if (!FIELD_LIST.test(value))
    throw new UsageError(
      `invalid --json field list "${escapeControls(value)}"`,
      'give names joined by commas, dotted for nested fields: --json name,id,meta.region',
    );
  return [...new Set(value.split(','))];
}

/**
 * Checks a field list against the fields a verb declares, before any request: a name (its first part,
 * for a dotted one) that is not one of them is exit 2, naming it and listing them.
 */
export function checkFields(fields: readonly string[], declared: readonly string[] | undefined): void {
  if (!declared) return;
  const unknown = fields.filter((f) => !declared.includes(f.split('.')[0]!));
  if (unknown.length)
    throw new UsageError(
      `unknown JSON field${unknown.length > 1 ? 's' : ''} ${unknown.map((f) => `"${f}"`).join(', ')}`,
      `available fields: ${declared.join(', ')}`,
    );
}

/**
 * Keeps only the fields, in their order, of each item of a list (or of the one resource): a dotted
 * name keeps its path as the key (`"metrics.cpu": 38.1`), an absent field is null. Where the verb
 * declares no fields, a name no item has is an error naming the ones the result has.
 */
export function selectFields(data: unknown, fields: readonly string[], declared: boolean): unknown {
  const items = Array.isArray(data) ? data : [data];
  if (!declared && items.length > 0) {
    const missing = fields.filter((f) => items.every((i) => getPath(i, f) === undefined));
    if (missing.length) {
      const first = items.find((i) => i && typeof i === 'object') as Record<string, unknown> | undefined;
      throw new OpsError(`JSON field "${escapeControls(missing[0]!)}" not present in the result`, {
        hint: first
          ? `fields of the result: ${Object.keys(first).join(', ')}`
          : 'check the names with -o json',
      });
    }
  }
  return Array.isArray(data) ? data.map((i) => pickFields(i, fields)) : pickFields(data, fields);
}

/** One item with only the fields, in their order (see selectFields). */
export const pickFields = (item: unknown, fields: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(fields.map((f) => [f, getPath(item, f) ?? null]));

/** Whether a command-line word takes the next word as its value, for this command (or its parents). */
function takesValue(cmd: Command, word: string): boolean {
  if (word.includes('=') || !word.startsWith('-')) return false;
  for (let c: Command | null = cmd; c; c = c.parent) {
    const o = c.options.find((o) => o.long === word || o.short === word);
    if (o) return o.required;
  }
  return false;
}

/**
 * Says outright what each `--json` after a verb's name means, for commander, which would otherwise take
 * any word after it as its value: `--json WORD` is the field list `--json=WORD` when WORD looks like one
 * (FIELD_LIST) and either names the verb's declared fields or is no argument the verb still has room
 * for; else `--json` is bare (`--json=`) and WORD stays an argument. Before the verb's name, `--json`
 * is always bare (`ops --json=name,id hosts list` gives fields there).
 */
export function resolveJsonFlag(
  root: Command,
  argv: readonly string[],
  fieldsOf: (verb: Command) => readonly string[] | undefined,
): string[] {
  const out = [...argv];
  let cmd = root;
  let i = 2;
  for (; i < out.length; i++) {
    const a = out[i]!;
    if (a === '--') return out;
    if (a.startsWith('-')) {
      if (a === '--json' && cmd === root) out[i] = '--json=';
      if (takesValue(cmd, a)) i++;
      continue;
    }
    const sub = cmd.commands.find((c) => c.name() === a || c.aliases().includes(a));
    if (!sub) return out;
    cmd = sub;
    if (sub.commands.length === 0) break;
  }
  if (cmd.commands.length > 0 || cmd === root) return out;
  const operands: number[] = [];
  const jsons: number[] = [];
  for (let j = i + 1; j < out.length; j++) {
    const a = out[j]!;
    if (a === '--') {
      for (let k = j + 1; k < out.length; k++) operands.push(k);
      break;
    }
    if (a === '--json') {
      jsons.push(j);
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      if (takesValue(cmd, a)) j++;
      continue;
    }
    operands.push(j);
  }
  const args = cmd.registeredArguments;
  const room = args.at(-1)?.variadic ? Number.POSITIVE_INFINITY : args.length;
  const declared = fieldsOf(cmd);
  const drop = new Set<number>();
  for (const j of jsons) {
    const word = out[j + 1];
    const asFields =
      word !== undefined &&
      operands.includes(j + 1) &&
      FIELD_LIST.test(word) &&
      ((declared !== undefined && word.split(',').every((f) => declared.includes(f.split('.')[0]!))) ||
        operands.length - 1 >= room);
    out[j] = asFields ? `--json=${word}` : '--json=';
    if (asFields) drop.add(j + 1);
  }
  return out.filter((_, k) => !drop.has(k));
}

/** Reads `a.b.c` (or `a.0.b`) from a value. */
export function getPath(data: unknown, path: string): unknown {
  if (path === '') return data;
  return path
    .split('.')
    .reduce<unknown>(
      (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      data,
    );
}
