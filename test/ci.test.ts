import { describe, expect, it } from 'vitest';
import { isCi } from '../src/io.js';

/** One "is this CI?" rule for the spinner, the picker and the sandbox's banner (src/io.ts). */
describe('isCi', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['FALSE', false],
    ['true', true],
    ['1', true],
    ['woodpecker', true],
  ])('CI=%s → %s', (value, ci) => {
    expect(isCi(value === undefined ? {} : { CI: value })).toBe(ci);
  });
});
