import type { SettingRule } from './entry.js';
import { type SandboxContext, settingsOf } from './framework.js';

/**
 * An emulator's `--set` values, each read by its rule in the service's entry (src/services.ts): the
 * type, the limit and the default are the entry's, never restated by the emulator. A setting without
 * a default reads as undefined when not given (`intOr`, `text`), for a default the emulator derives.
 */
export interface DeclaredSettings {
  /** A whole number: the value given, or the entry's default. */
  int(key: string): number;
  /** A whole number given, or the entry's default, or undefined where the entry declares none. */
  intOr(key: string): number | undefined;
  /** A number: the value given, or the entry's default. */
  number(key: string): number;
  /** One of the rule's values (as the rule spells it): the value given, or the entry's default. */
  choice<T extends string>(key: string): T;
  /** A choice, or undefined when neither given nor defaulted. */
  choiceOr<T extends string>(key: string): T | undefined;
  /** `true` or `false`, in any case: the value given, or the entry's default. */
  flag(key: string): boolean;
  /** The value given, or the entry's default, or undefined. */
  text(key: string): string | undefined;
}

export function declaredSettings(ctx: SandboxContext, service: string): DeclaredSettings {
  const rules = ctx.options.rules?.[service] ?? {};
  const reader = settingsOf(ctx, service);
  const rule = <K extends SettingRule['kind']>(key: string, ...kinds: K[]) => {
    const r = rules[key];
    if (!r || !kinds.includes(r.kind as K))
      throw new Error(`${service}.${key} is not a ${kinds.join(' or ')} setting of the service table`);
    return r as SettingRule & { kind: K };
  };
  const must = <T>(key: string, v: T | undefined): T => {
    if (v === undefined) throw new Error(`${service}.${key} has no default in the service table`);
    return v;
  };
  const given = (key: string) => reader.text(key) !== undefined;
  const intOr = (key: string) => {
    const r = rule(key, 'integer');
    return given(key) ? reader.int(key, 0, r.min) : r.default;
  };
  const choiceOr = <T extends string>(key: string) => {
    const r = rule(key, 'choice');
    return (given(key) ? reader.choice(key, r.values, '') : r.default) as T | undefined;
  };
  return {
    intOr,
    int: (key) => must(key, intOr(key)),
    number(key) {
      const r = rule(key, 'number');
      return must(key, given(key) ? reader.number(key, 0, r.min) : r.default);
    },
    choiceOr,
    choice: <T extends string>(key: string) => must(key, choiceOr<T>(key)),
    flag: (key) => must(key, choiceOr(key)) === 'true',
    text(key) {
      const r = rule(key, 'pattern', 'choice');
      return reader.text(key) ?? r.default;
    },
  };
}
