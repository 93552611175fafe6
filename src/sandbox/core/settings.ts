import { UsageError } from '../../errors.js';
import type { SandboxService, SettingRule as Rule } from './entry.js';

/** The rules of `--set` values, for the service table (src/services.ts). */
/** A whole number >= min; `fallback` is the emulator's value when the setting is not given. */
export const integer = (min: number, fallback?: number): Rule => ({
  kind: 'integer',
  min,
  default: fallback,
});
export const number = (min: number, fallback?: number): Rule => ({ kind: 'number', min, default: fallback });
/** One of `values`; the first is the emulator's value when the setting is not given. */
export const choice = (...values: string[]): Rule => ({ kind: 'choice', values, default: values[0] });
/** One of `values`, with no default (the emulator derives one). */
export const choiceOf = (...values: string[]): Rule => ({ kind: 'choice', values });
export const pattern = (re: RegExp, what: string): Rule => ({ kind: 'pattern', pattern: re, what });
/** `true` or `false` in any case, `fallback` when not given. */
export const flag = (fallback: boolean): Rule => ({
  kind: 'choice',
  values: ['true', 'false'],
  ignoreCase: true,
  default: String(fallback),
});

type Declared = readonly SandboxService[];

/**
 * Settings of the sandbox itself, beside each service's: `clock.speed`, how many times as fast as real
 * time the sandbox clock runs under `ops sandbox start` (1 for real time). Its default is what a
 * person gets; a sandbox started in-process (tests) runs in real time unless told.
 */
export const SANDBOX_WIDE: Record<string, Record<string, Rule>> = { clock: { speed: integer(1, 30) } };

/** The clock speed of `ops sandbox start`: the one given, else the declared default. */
export function sandboxClockSpeed(settings: Record<string, string>): number {
  const rule = SANDBOX_WIDE.clock!.speed as Rule & { kind: 'integer' };
  const given = settings['clock.speed'];
  return given === undefined || given === '' ? rule.default! : Number(given);
}

/**
 * Every `ops sandbox start --set service.key=value` the emulators read, with its type, from the
 * service table: what lets a typo or a bad value be refused at start rather than silently ignored.
 * test/commands/sandbox-settings.test.ts checks that the table and the emulators agree.
 */
export function sandboxSettings(services: Declared): Record<string, Record<string, Rule>> {
  return Object.fromEntries(services.map((s) => [s.name, s.sandbox.settings]));
}

/** The hint for a value its rule refuses, else undefined. */
function problem(rule: Rule, value: string): string | undefined {
  switch (rule.kind) {
    case 'integer':
      return /^\d+$/.test(value) && Number(value) >= rule.min
        ? undefined
        : `give a whole number >= ${rule.min}`;
    case 'number':
      return /^\d+(\.\d+)?$/.test(value) && Number(value) >= rule.min
        ? undefined
        : `give a number >= ${rule.min}`;
    case 'choice':
      return rule.values.some((v) =>
        rule.ignoreCase ? v.toLowerCase() === value.toLowerCase() : v === value,
      )
        ? undefined
        : `give one of: ${rule.values.join(', ')}`;
    case 'pattern':
      return rule.pattern.test(value) ? undefined : `give ${rule.what}`;
  }
}

/** `--services a,b`: every name must be an emulator; the list is checked before anything starts. */
export function checkSandboxServices(
  services: readonly string[],
  declared: Declared,
  flag = '--services',
): void {
  const known = declared.map((s) => s.name);
  if (services.length === 0) throw new UsageError(`${flag} is empty`, `give some of: ${known.join(', ')}`);
  for (const name of services)
    if (!known.includes(name))
      throw new UsageError(`${flag}: no emulator for "${name}"`, `emulators: ${known.join(', ')}`);
}

/**
 * `--set service.key=value`: the key must be one an emulator reads, of a service that will run, and
 * the value of its type. Checked before the sandbox starts, so a typo is exit 2, not a silent default.
 */
export function checkSandboxSettings(
  settings: Record<string, string>,
  declared: Declared,
  services?: readonly string[],
): void {
  const table = { ...sandboxSettings(declared), ...SANDBOX_WIDE };
  for (const [key, value] of Object.entries(settings)) {
    const dot = key.indexOf('.');
    const service = dot > 0 ? key.slice(0, dot) : '';
    const keys = table[service];
    if (!keys)
      throw new UsageError(
        `unknown --set key "${key}"`,
        `keys are service.setting, with a service among: ${Object.keys(table).join(', ')}`,
      );
    const rule = keys[key.slice(dot + 1)];
    const list = Object.keys(keys)
      .map((k) => `${service}.${k}`)
      .join(', ');
    if (!rule) throw new UsageError(`unknown --set key "${key}"`, `${service} has: ${list}`);
    if (services && !services.includes(service) && !SANDBOX_WIDE[service])
      throw new UsageError(
        `--set ${key}: ${service} is not among --services`,
        `add ${service} to --services, or drop the setting`,
      );
    const hint = problem(rule, value);
    if (hint) throw new UsageError(`invalid --set ${key}="${value}"`, hint);
  }
}
