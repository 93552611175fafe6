import { describe, expect, it } from 'vitest';
import { numberWord } from '../../src/output/text.js';

describe('numberWord: a count as prose writes it', () => {
  it.each([
    [0, 'no'],
    [1, 'one'],
    [10, 'ten'],
    [11, 'eleven'],
    [12, 'twelve'],
    [20, 'twenty'],
    [21, '21'],
    [150, '150'],
  ])('%i is %s', (n, word) => {
    expect(numberWord(n)).toBe(word);
  });
});
