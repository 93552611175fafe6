import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSecretInput, stdinValue } from '../../src/commands/shared/secret-input.js';
import { UsageError } from '../../src/errors.js';
import { memoryIo } from '../helpers/io.js';

function terminalIo(answer: string) {
  const asked: Array<[string, boolean]> = [];
  const io = {
    ...memoryIo(),
    stdinIsTty: true,
    prompt: async (q: string, secret: boolean) => {
      asked.push([q, secret]);
      return answer;
    },
  };
  return { io, asked };
}

describe('readSecretInput', () => {
  it('reads stdin when it is not a terminal, dropping one trailing newline', async () => {
    expect(await readSecretInput({ io: memoryIo({ input: 's3cret\n' }), label: 'secret value' })).toBe(
      's3cret',
    );
  });

  it.each([
    ['a\n', 'a'],
    ['a\r\n', 'a'],
    ['a\n\n', 'a\n'],
    ['a\r\n\r\n', 'a\r\n'],
    [' a \n', ' a '],
    ['line1\nline2\n', 'line1\nline2'],
  ])(
    'one rule for every value read: %j gives %j (one trailing newline dropped, nothing else)',
    async (input, out) => {
      expect(await readSecretInput({ io: memoryIo({ input }), label: 'value' })).toBe(out);
      expect(stdinValue(input, 'v')).toBe(out);
    },
  );

  it('asks with a hidden prompt on a terminal', async () => {
    const { io, asked } = terminalIo('typed');
    expect(await readSecretInput({ io, label: 'password' })).toBe('typed');
    expect(asked).toEqual([['Password: ', true]]);
  });

  it('reads the file named by the flag, or stdin for -', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ops-secret-')), 'v');
    writeFileSync(file, 'from-file\n');
    expect(await readSecretInput({ io: memoryIo(), label: 'value', file, fileFlag: '--file' })).toBe(
      'from-file',
    );
    expect(await readSecretInput({ io: memoryIo({ input: 'piped' }), label: 'value', file: '-' })).toBe(
      'piped',
    );
  });

  it('a missing file is a usage error naming the flag', async () => {
    const err = await readSecretInput({
      io: memoryIo(),
      label: 'value',
      file: '/nonexistent/x',
      fileFlag: '--file',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toBe('cannot read --file "/nonexistent/x": ENOENT');
  });

  it('a missing file is named whole, however long, as every file error names it', async () => {
    const refusal = async (file: string) =>
      (
        (await readSecretInput({ io: memoryIo(), label: 'value', file, fileFlag: '--file' }).catch(
          (e: unknown) => e,
        )) as UsageError
      ).message;
    for (const deep of [
      `/nonexistent/${'folder/'.repeat(8)}meta.yml`,
      `/nonexistent/${'folder/'.repeat(30)}meta.yml`,
    ])
      expect(await refusal(deep)).toBe(`cannot read --file "${deep}": ENOENT`);
  });

  it('an empty value is refused (exit 2)', async () => {
    await expect(readSecretInput({ io: memoryIo({ input: '\n' }), label: 'secret value' })).rejects.toThrow(
      'the secret value is empty',
    );
    expect(() => stdinValue('', '--token-stdin')).toThrow(UsageError);
    expect(() => stdinValue('\r\n', '--token-stdin')).toThrow('--token-stdin is empty');
  });
});

describe('secrets data from stdin (key=-) follows the same rule', () => {
  it.each([
    ['a\n', 'a'],
    ['a\n\n', 'a\n'],
  ])('%j gives %j', async (input, want) => {
    const { parseData } = await import('../../src/commands/secrets/shared/data.js');
    expect(await parseData(['password=-'], memoryIo({ input }))).toEqual({ password: want });
  });

  it('an empty value is exit 2', async () => {
    const { parseData } = await import('../../src/commands/secrets/shared/data.js');
    await expect(parseData(['password=-'], memoryIo({ input: '\n' }))).rejects.toThrow(
      'the value of password is empty',
    );
  });
});
