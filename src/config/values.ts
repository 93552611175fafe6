import { MAX_TIMER_SECONDS } from '../clients/http/retry.js';
import { UsageError } from '../errors.js';
import { OUTPUT_FORMATS } from '../output/printer.js';
import { FALSE_WORDS, TRUE_WORDS, parseBoolean } from './boolean.js';
import { pemProblem } from './pem.js';
import type { Resolved } from './settings.js';

/** A value's rule: the hint for a bad value, or undefined when it is fine. */
export type ValueRule = (value: string) => string | undefined;

const number =
  (min: number, max: number, integer = false): ValueRule =>
  (v) => {
    const ok = /^\s*\d+(\.\d+)?\s*$/.test(v) && (!integer || /^\s*\d+\s*$/.test(v));
    const n = Number(v);
    return ok && n >= min && n <= max
      ? undefined
      : `give ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`;
  };

/** What a global setting is when no flag, variable or profile gives it (`ca_cert` has none). */
export const GLOBAL_DEFAULTS: Readonly<Record<string, string>> = {
  output: 'table',
  timeout: '30',
  retries: '4',
  max_wait: '60',
  insecure: 'false',
};

/** The rules of the global settings, shared by the flags, the environment, profiles and `ops config set`. */
export const GLOBAL_RULES: Record<string, ValueRule> = {
  output: (v) =>
    (OUTPUT_FORMATS as readonly string[]).includes(v.toLowerCase())
      ? undefined
      : `use one of: ${OUTPUT_FORMATS.join(', ')}`,
  timeout: number(0.001, MAX_TIMER_SECONDS),
  retries: number(0, 100, true),
  max_wait: number(0, MAX_TIMER_SECONDS),
  ca_cert: pemProblem,
  insecure: (v) =>
    parseBoolean(v) === undefined
      ? `give one of: true, false (or ${TRUE_WORDS.slice(2).join(', ')}, ${FALSE_WORDS.slice(2, 4).join(', ')})`
      : undefined,
};

/** Where a value came from, as a person would find it: `--timeout`, `OPS_TIMEOUT`, `profile staging: timeout`. */
export function sourceOf(key: string, r: Resolved, profile: string): string {
  if (r.origin === 'flag') return `--${key.replace(/_/g, '-')}`;
  if (r.origin === 'env') return r.envName;
  if (r.origin === 'profile') return `profile ${profile}: ${key}`;
  return key;
}

/** The value, checked by its rule; a bad one is a usage error naming where it came from. */
export function checkedValue(key: string, r: Resolved, profile: string, rule: ValueRule): string | undefined {
  if (r.value === undefined) return undefined;
  const hint = rule(r.value);
  if (hint) throw new UsageError(`invalid ${sourceOf(key, r, profile)} "${r.value}"`, hint);
  return r.value;
}
