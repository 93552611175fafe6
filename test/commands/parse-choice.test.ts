import { describe, expect, it } from 'vitest';
import { parseChoice } from '../../src/commands/shared/choices.js';
import { UsageError } from '../../src/errors.js';

/** One choice parser for every verb (cloud and pipelines had one each, with two hints). */
describe('parseChoice', () => {
  it('takes a value whatever its case, as the set spells it; undefined stays undefined', () => {
    expect(parseChoice('--type', ' cpu_based ', ['CPU_BASED', 'SCHEDULED'])).toBe('CPU_BASED');
    expect(parseChoice('--type', undefined, ['CPU_BASED'])).toBeUndefined();
  });

  it('refuses another naming the flag and the set; a long set is cut at twelve', () => {
    const err = (() => {
      try {
        parseChoice('--window', 'last-year', ['last-7-days', 'last-30-days']);
      } catch (e) {
        return e as UsageError;
      }
    })();
    expect(err).toBeInstanceOf(UsageError);
    expect([err?.message, err?.hint]).toEqual([
      'invalid --window "last-year"',
      'give one of: last-7-days, last-30-days',
    ]);
    const many = Array.from({ length: 14 }, (_, i) => `v${i}`);
    expect(() => parseChoice('--x', 'no', many)).toThrow(
      expect.objectContaining({ hint: `give one of: ${many.slice(0, 12).join(', ')}, …` }),
    );
  });
});
