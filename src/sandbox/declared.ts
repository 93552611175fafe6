import type { SettingRule } from './entry.js';
import { type SandboxContext, settingsOf } from './framework.js';

/**
 * An emulator's `--set` values, each read by its rule in the service's entry (src/services.ts): the
 * type, the limit and the default are the entry's, never restated by the emulator.
 */
export interface DeclaredSettings {
  /** The value given, or the entry's default (a setting without one must be given: else an error). */
  int(key: string): number;
  /** The value given, or the entry's default, or undefined where the entry declares none. */
  intOr(key: string): number | undefined;
}

export function declaredSettings(ctx: SandboxContext, service: string): DeclaredSettings {
  const rules = ctx.options.rules?.[service] ?? {};
  const reader = settingsOf(ctx, service);
  const rule = (key: string): SettingRule & { kind: 'integer' } => {
    const r = rules[key];
    if (r?.kind !== 'integer')
      throw new Error(`${service}.${key} is not an integer setting of the service table`);
    return r;
  };
  const intOr = (key: string) => {
    const r = rule(key);
    return reader.text(key) === undefined ? r.default : reader.int(key, 0, r.min);
  };
  return {
    intOr,
    int(key) {
      const v = intOr(key);
      if (v === undefined) throw new Error(`${service}.${key} has no default in the service table`);
      return v;
    },
  };
}
