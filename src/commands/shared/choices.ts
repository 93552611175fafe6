import { UsageError } from '../../errors.js';
import { Option } from 'commander';

const VALUES = new WeakMap<Option, readonly string[]>();

/**
 * An option that takes one of a fixed set of values. The set is kept for shell completion only: the
 * command still checks the value itself, with its own rules (case, comma-separated lists), before
 * any request.
 */
export function choiceOption(flags: string, description: string, values: readonly string[]): Option {
  return setCompletionValues(new Option(flags, description), values);
}

/** Marks an option declared elsewhere (the root's `--output`) with the values completion offers. */
export function setCompletionValues(option: Option, values: readonly string[]): Option {
  VALUES.set(option, values);
  return option;
}

/** The values completion offers for this option: its own set, or commander's `.choices()`. */
export function completionValues(option: Option): readonly string[] | undefined {
  return VALUES.get(option) ?? option.argChoices;
}

/**
 * One value of a fixed set, matched whatever its case and given as the set spells it; anything else
 * is a usage error naming the flag and the set (its first twelve, for a long one).
 */
export function parseChoice<T extends string>(flag: string, raw: string, values: readonly T[]): T;
export function parseChoice<T extends string>(
  flag: string,
  raw: string | undefined,
  values: readonly T[],
): T | undefined;
export function parseChoice<T extends string>(
  flag: string,
  raw: string | undefined,
  values: readonly T[],
): T | undefined {
  if (raw === undefined) return undefined;
  const v = raw.trim().toLowerCase();
  const found = values.find((x) => x.toLowerCase() === v);
  if (!found) {
    const list = values.length > 12 ? `${values.slice(0, 12).join(', ')}, …` : values.join(', ');
    throw new UsageError(`invalid ${flag} "${raw}"`, `give one of: ${list}`);
  }
  return found;
}
