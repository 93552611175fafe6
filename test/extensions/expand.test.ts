import { describe, expect, it } from 'vitest';
import { expandAlias, placeholders, splitWords } from '../../src/extensions/expand.js';

describe("an alias's expansion (gh's rules)", () => {
  it('splits words as a POSIX shell does', () => {
    expect(splitWords(`hosts list --filter 'a b' --x "c \\"d\\"" e\\ f`)).toEqual([
      'hosts',
      'list',
      '--filter',
      'a b',
      '--x',
      'c "d"',
      'e f',
    ]);
    expect(splitWords("a ''")).toEqual(['a', '']);
    expect(() => splitWords("hosts list 'open")).toThrow(/unclosed ' in the alias/);
  });

  it('fills $1…$N, each argument one word, drops those used and appends the rest', () => {
    expect(placeholders('hosts list --limit $1 --x $12')).toBe(12);
    expect(expandAlias('hl', 'hosts list --limit $1', ['5', '-o', 'json'])).toEqual([
      'hosts',
      'list',
      '--limit',
      '5',
      '-o',
      'json',
    ]);
    expect(expandAlias('x', 'api hosts GET /v1/$2/$1', ['a b', '$1', 'z'])).toEqual([
      'api',
      'hosts',
      'GET',
      '/v1/$1/a b',
      'z',
    ]);
    expect(expandAlias('t', 'tasks list', ['--list', 'my list'])).toEqual([
      'tasks',
      'list',
      '--list',
      'my list',
    ]);
    expect(() => expandAlias('hl', 'hosts list --limit $2', ['1'])).toThrow(
      'the alias hl takes 2 arguments, got 1',
    );
  });
});
