import type { Option } from 'commander';

const REQUIRED = new WeakSet<Option>();

/**
 * A flag the verb refuses to run without, checked by the verb itself (its own message and hint, a
 * picker or stdin where it has one) rather than by commander's `requiredOption`. The mark is read by
 * the agent interface, whose schemas say what is required (`ops mcp`).
 */
export function required(option: Option): Option {
  REQUIRED.add(option);
  return option;
}

/** Whether a verb cannot run without this flag: commander's mandatory options and those marked above. */
export const isRequired = (option: Option): boolean => option.mandatory || REQUIRED.has(option);
