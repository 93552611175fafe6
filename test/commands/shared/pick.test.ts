import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { canPick, firstItems, pickOrRequire, requireOrPick } from '../../../src/commands/shared/pick.js';
import type { Io } from '../../../src/io.js';
import { memoryIo } from '../../helpers/io.js';

const io = (o: { stdin?: boolean; stderr?: boolean; ci?: string } = {}): Io => ({
  ...memoryIo({ env: o.ci === undefined ? {} : { CI: o.ci } }),
  stdinIsTty: o.stdin ?? true,
  stderrIsTty: o.stderr ?? true,
});

const verb = () => {
  const root = new Command('ops');
  const runs = root.command('runs');
  return runs.command('view');
};

describe('canPick', () => {
  it('needs stdin and stderr on a terminal, and no CI', () => {
    expect(canPick(io())).toBe(true);
    expect(canPick(io({ ci: 'false' }))).toBe(true);
    expect(canPick(io({ ci: '0' }))).toBe(true);
    expect(canPick(io({ stdin: false }))).toBe(false);
    expect(canPick(io({ stderr: false }))).toBe(false);
    expect(canPick(io({ ci: 'true' }))).toBe(false);
    expect(canPick(io({ ci: '1' }))).toBe(false);
  });
});

describe('requireOrPick', () => {
  it('off a terminal: the missing argument as commander words it, with the command path', () => {
    expect(() => requireOrPick(io({ stdin: false }), verb(), 'run-id', undefined)).toThrow(
      expect.objectContaining({
        message: "missing required argument 'run-id'",
        hint: "run 'ops runs view --help' for its usage",
        exitCode: 2,
      }),
    );
  });
  it('an id given, or a terminal: nothing', () => {
    expect(() => requireOrPick(io({ stdin: false }), verb(), 'run-id', '42')).not.toThrow();
    expect(() => requireOrPick(io(), verb(), 'run-id', undefined)).not.toThrow();
  });
});

describe('pickOrRequire', () => {
  it('off a terminal it throws before the list is read', async () => {
    let listed = false;
    const spec = {
      argument: 'run-id',
      what: 'run',
      list: async () => {
        listed = true;
        return [1];
      },
      label: String,
      id: String,
    };
    await expect(pickOrRequire({ io: io({ ci: 'true' }) }, verb(), spec)).rejects.toMatchObject({
      exitCode: 2,
    });
    expect(listed).toBe(false);
  });
  it('nothing to choose from: exit 2 saying so', async () => {
    const spec = { argument: 'list', what: 'task list', list: async () => [], label: String, id: String };
    await expect(pickOrRequire({ io: io() }, verb(), spec)).rejects.toMatchObject({
      message: 'no task list to choose from',
      exitCode: 2,
    });
  });
});

describe('firstItems', () => {
  it('stops at n items without reading further pages', async () => {
    let pagesRead = 0;
    async function* pages() {
      for (let p = 0; p < 5; p++) {
        pagesRead++;
        yield { items: Array.from({ length: 20 }, (_, i) => p * 20 + i), response: {} as never, more: true };
      }
    }
    expect(await firstItems(pages(), 30)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(pagesRead).toBe(2);
  });
});
