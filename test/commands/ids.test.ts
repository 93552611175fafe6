import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseId, parseUuid } from '../../src/commands/shared/ids.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** One UUID pattern and one UUID parser for the verbs (commands/shared/ids.ts). */
describe('ids', () => {
  it('a UUID is kept lower-cased; anything else names what and how', () => {
    expect(parseUuid('context id', ' A0C17523-E4AF-46AB-965F-4A57CBC4A90F ', 'x')).toBe(
      'a0c17523-e4af-46ab-965f-4a57cbc4a90f',
    );
    expect(() =>
      parseUuid('snapshot id', 'nightly', 'the id as `ops cloud instance snapshot list` shows it'),
    ).toThrow(
      expect.objectContaining({
        message: 'invalid snapshot id "nightly": not a UUID',
        hint: 'give the id as `ops cloud instance snapshot list` shows it',
      }),
    );
  });

  it('a number is 1 to 15 digits and at least 1; digits stay text', () => {
    const runId = { kind: 'number', hint: (what: string) => `give the numeric ${what}` } as const;
    expect(parseId('run id', ' 30433643 ', runId)).toBe(30433643);
    expect(() => parseId('run id', '0', runId)).toThrow(
      expect.objectContaining({ message: 'invalid run id "0"', hint: 'give the numeric run id' }),
    );
    expect(() => parseId('run id', '1234567890123456', runId)).toThrow('invalid run id');
    expect(parseId('job id', '007', { kind: 'digits', hint: 'h' })).toBe('007');
    expect(() => parseId('job id', 'abc', { kind: 'digits', hint: 'h' })).toThrow(
      expect.objectContaining({ message: 'invalid job id "abc"', hint: 'h' }),
    );
  });

  it('a segment is any text kept as given, but not one that leaves the path or is blank', () => {
    const taskId = { kind: 'segment', hint: (what: string) => `give the ${what} from the list` } as const;
    expect(parseId('task id', ' a b/c ', taskId)).toBe(' a b/c ');
    expect(() => parseId('task id', '..', taskId)).toThrow('task id ".." would leave the intended path');
    expect(() => parseId('task id', '', taskId)).toThrow('task id is empty');
    expect(() => parseId('task id', '  ', taskId)).toThrow(
      expect.objectContaining({ message: 'the task id is blank', hint: 'give the task id from the list' }),
    );
  });

  it('a blank id is said so, in every form', () => {
    for (const kind of ['uuid', 'number', 'digits'] as const)
      expect(() => parseId('x id', ' ', { kind, hint: 'h' })).toThrow('the x id is blank');
  });

  it('no other parseId is defined in src: the services pass their form to this one', () => {
    const defines =
      /\b(?:function\s+parseId\b|(?:const|let|var)\s+parseId\b|parseId\s*[:=]\s*(?:\(|function|async))/;
    const defined = files(SRC)
      .map((f) => relative(SRC, f))
      .filter((p) => p !== 'commands/shared/ids.ts')
      .filter((p) => defines.test(readFileSync(join(SRC, p), 'utf8')));
    expect(defined).toEqual([]);
    // and no import renames it into a second name
    const renamed = files(SRC)
      .map((f) => relative(SRC, f))
      .filter((p) => /\bparseId as\b/.test(readFileSync(join(SRC, p), 'utf8')));
    expect(renamed).toEqual([]);
  });

  it('no other file of the commands, clients or the root spells the UUID pattern', () => {
    const spelled = files(SRC)
      .map((f) => relative(SRC, f))
      .filter((p) => !p.startsWith('sandbox/') && p !== 'commands/shared/ids.ts')
      .filter((p) => readFileSync(join(SRC, p), 'utf8').includes('{8}-[0-9a-f]{4}'));
    expect(spelled).toEqual([]);
  });
});
