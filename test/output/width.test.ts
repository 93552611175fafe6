import { describe, expect, it } from 'vitest';
import { cutText, displayWidth, wrapText } from '../../src/output/text.js';

describe('display width', () => {
  it.each([
    ['plain ASCII', 'hello', 5],
    ['colour escapes count nothing', '\u001b[1mNAME\u001b[22m', 4],
    ['CJK characters take two columns', '東京タワー', 10],
    ['fullwidth letters take two', 'ＡＢ', 4],
    ['an emoji takes two', 'ok ✅', 5],
    ['a family emoji sequence is one character', '👨‍👩‍👧', 2],
    ['a flag is one character', '🇫🇷', 2],
    ['combining accents take none', 'Cafe\u0301', 4],
    ['a text-style symbol takes one', '© ™', 3],
    ['a zero-width space takes none', 'a\u200bb', 2],
  ])('%s', (_, s, w) => {
    expect(displayWidth(s)).toBe(w);
  });
});

describe('cutText', () => {
  it('keeps text that fits, cuts the rest with an ellipsis in the last column', () => {
    expect(cutText('Renew passport', 14)).toBe('Renew passport');
    expect(cutText('Renew passport', 10)).toBe('Renew pas…');
    expect(cutText('Renew passport', 7)).toBe('Renew…');
    expect(cutText('Renew passport', 1)).toBe('…');
  });

  it('counts wide characters as two columns and never splits one', () => {
    const cut = cutText('東京タワーの展望台', 8);
    expect(cut).toBe('東京タ…');
    expect(displayWidth(cut)).toBeLessThanOrEqual(8);
    expect(cutText('ab東京', 4)).toBe('ab…');
    for (let w = 1; w < 20; w++)
      expect(displayWidth(cutText('日本語のテキストとtext混在', w))).toBeLessThanOrEqual(w);
  });

  it('keeps an emoji sequence or an accented letter whole', () => {
    expect(cutText('👨‍👩‍👧 family trip', 5)).toBe('👨‍👩‍👧 f…');
    expect(cutText('Cafe\u0301 au lait', 5)).toBe('Cafe\u0301…');
  });
});

describe('wrapText', () => {
  it('breaks at spaces into lines no wider than asked, splitting only a word that is too long', () => {
    expect(wrapText('In October 2013, 153 million accounts were breached', 20)).toEqual([
      'In October 2013, 153',
      'million accounts',
      'were breached',
    ]);
    expect(wrapText('abcdefghij klm', 4)).toEqual(['abcd', 'efgh', 'ij', 'klm']);
    for (const l of wrapText('東京タワー 展望台 からの眺め', 6))
      expect(displayWidth(l)).toBeLessThanOrEqual(6);
  });
});
