import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forcedWidth, outputWidth } from '../../src/io.js';
import { commandWords, pagerCommand, paging } from '../../src/output/pager.js';
import { memoryIo } from '../helpers/io.js';

describe('the pager the environment names', () => {
  it.each([
    [{}, ['less'], false],
    [{ PAGER: 'more' }, ['more'], true],
    [{ PAGER: 'more', OPS_PAGER: 'less -S' }, ['less', '-S'], true],
    [{ PAGER: 'more', OPS_PAGER: '' }, undefined, undefined],
    [{ OPS_PAGER: 'cat' }, undefined, undefined],
    [{ PAGER: 'cat' }, undefined, undefined],
    [{ PAGER: ' ' }, undefined, undefined],
    [{ OPS_PAGER: 'cat -v' }, ['cat', '-v'], true],
  ])('%j → %j', (env, words, named) => {
    const p = pagerCommand(env);
    expect(p?.words).toEqual(words);
    expect(p?.named).toBe(named);
  });

  it('a command line is split into words as a shell would, with no expansion', () => {
    expect(commandWords(`"/opt/my pager" -x 'a b' c\\ d "e\\"f" $HOME`)).toEqual([
      '/opt/my pager',
      '-x',
      'a b',
      'c d',
      'e"f',
      '$HOME',
    ]);
    expect(commandWords(`less ''`)).toEqual(['less', '']);
    expect(commandWords('  ')).toEqual([]);
  });
});

describe('the width output is fitted to', () => {
  const width = (env: Record<string, string>, tty: boolean, terminal?: number) =>
    outputWidth(env, tty, () => terminal);
  it('on a terminal: COLUMNS, before the size the terminal reports', () => {
    expect(width({}, true, 120)).toBe(120);
    expect(width({ COLUMNS: '70' }, true, 120)).toBe(70);
    expect(width({ COLUMNS: 'wide' }, true, 120)).toBe(120);
    expect(width({ COLUMNS: '0' }, true, 120)).toBe(120);
  });
  it('piped: nothing, unless colour is forced (then COLUMNS) or OPS_FORCE_TTY is set', () => {
    expect(width({ COLUMNS: '70' }, false)).toBe(0);
    expect(width({ COLUMNS: '70', CLICOLOR_FORCE: '1' }, false)).toBe(70);
    expect(width({ COLUMNS: '70', FORCE_COLOR: '1' }, false)).toBe(70);
    expect(width({ COLUMNS: '70', CLICOLOR_FORCE: '1', NO_COLOR: '1' }, false)).toBe(0);
    expect(width({ CLICOLOR_FORCE: '1' }, false)).toBe(0);
    expect(width({ OPS_FORCE_TTY: '90' }, false)).toBe(90);
    expect(width({ OPS_FORCE_TTY: '90', COLUMNS: '70' }, true, 120)).toBe(90);
    expect(width({ OPS_FORCE_TTY: 'yes', COLUMNS: '70' }, false)).toBe(70);
    expect(width({ OPS_FORCE_TTY: 'yes' }, false, 110)).toBe(110);
    expect(width({ OPS_FORCE_TTY: 'yes' }, false)).toBe(80);
  });
  it('OPS_FORCE_TTY: a number is the width, 0 or empty is off, another word a terminal', () => {
    expect(forcedWidth({})).toBeUndefined();
    expect(forcedWidth({ OPS_FORCE_TTY: '' })).toBeUndefined();
    expect(forcedWidth({ OPS_FORCE_TTY: '0' })).toBeUndefined();
    expect(forcedWidth({ OPS_FORCE_TTY: '100' })).toBe(100);
    expect(forcedWidth({ OPS_FORCE_TTY: 'true' })).toBe(0);
  });
});

/** A pager that copies what it reads to a file: a real process, handed in as `start`. */
function recorder() {
  const file = join(mkdtempSync(join(tmpdir(), 'ops-pager-')), 'got.txt');
  const started: string[][] = [];
  const start = (words: string[], env: Record<string, string | undefined>) => {
    started.push(words);
    return spawn('sh', ['-c', `cat > '${file}'; echo "LESS=$LESS" >> '${file}'`], {
      stdio: ['pipe', 'ignore', 'ignore'],
      env: { PATH: process.env.PATH, LESS: env.LESS ?? 'FRX' },
    });
  };
  return { file, started, start };
}

describe('paging: held until longer than the screen', () => {
  it('output that fits is written as it is, in order with stderr, and no pager starts', async () => {
    const io = memoryIo({ tty: true, columns: 80 });
    const r = recorder();
    const p = paging(io, { rows: 10, onQuit: () => undefined, start: r.start })!;
    p.io.page?.();
    p.io.stdout.write('a\nb\n');
    p.io.stderr.write('hint\n');
    p.io.stdout.write('c\n');
    expect(io.out()).toBe('');
    await p.finish();
    expect(io.out()).toBe('a\nb\nc\n');
    expect(io.err()).toBe('hint\n');
    expect(r.started).toEqual([]);
  });

  it('longer than the screen: the pager gets all of it; stderr follows when it ends', async () => {
    const io = memoryIo({ tty: true, columns: 80, env: { OPS_PAGER: 'my-pager -x' } });
    const r = recorder();
    const p = paging(io, { rows: 5, onQuit: () => undefined, start: r.start })!;
    p.io.page?.();
    for (let i = 0; i < 8; i++) p.io.stdout.write(`line ${i}\n`);
    p.io.stderr.write('8 of 90 shown\n');
    await p.finish();
    expect(r.started).toEqual([['my-pager', '-x']]);
    expect(readFileSync(r.file, 'utf8')).toBe(
      `${Array.from({ length: 8 }, (_, i) => `line ${i}`).join('\n')}\nLESS=FRX\n`,
    );
    expect(io.out()).toBe('');
    expect(io.err()).toBe('8 of 90 shown\n');
    expect(p.quit).toBe(false);
  });

  it('a line wider than the terminal counts for the rows it wraps onto', async () => {
    const io = memoryIo({ tty: true, columns: 10 });
    const r = recorder();
    const p = paging(io, { rows: 5, onQuit: () => undefined, start: r.start })!;
    p.io.page?.();
    p.io.stdout.write(`${'x'.repeat(45)}\n`);
    await p.finish();
    expect(r.started).toHaveLength(1);
  });

  it('not asked for (or asked after the first write), nothing is held', async () => {
    const io = memoryIo({ tty: true, columns: 80 });
    const r = recorder();
    const p = paging(io, { rows: 2, onQuit: () => undefined, start: r.start })!;
    p.io.stdout.write('a\n');
    p.io.page?.();
    p.io.stdout.write('b\nc\nd\n');
    expect(io.out()).toBe('a\nb\nc\nd\n');
    await p.finish();
    expect(r.started).toEqual([]);
  });

  it('no pager in CI, with OPS_PAGER=cat, or where the screen height is unknown', () => {
    const none = { rows: 24, onQuit: () => undefined };
    expect(paging(memoryIo({ env: { CI: 'true' } }), none)).toBeUndefined();
    expect(paging(memoryIo({ env: { OPS_PAGER: 'cat' } }), none)).toBeUndefined();
    expect(paging(memoryIo(), { ...none, rows: 0 })).toBeUndefined();
  });

  it('a pager that cannot be started: one warning, and the output written directly', async () => {
    const io = memoryIo({ tty: true, columns: 80, env: { OPS_PAGER: '/nonexistent/pager' } });
    const p = paging(io, { rows: 3, onQuit: () => undefined })!;
    p.io.page?.();
    p.io.stdout.write('1\n2\n3\n4\n');
    await p.finish();
    expect(io.out()).toBe('1\n2\n3\n4\n');
    expect(io.err()).toBe(
      '! the pager "/nonexistent/pager" could not be started (ENOENT); output printed without it\n',
    );
  });

  it('the default less missing (no OPS_PAGER or PAGER) is no warning', async () => {
    const io = memoryIo({ tty: true, columns: 80, env: { PATH: '/nonexistent' } });
    const p = paging(io, { rows: 3, onQuit: () => undefined })!;
    p.io.page?.();
    p.io.stdout.write('1\n2\n3\n4\n');
    await p.finish();
    expect(io.out()).toBe('1\n2\n3\n4\n');
    expect(io.err()).toBe('');
  });

  it('a pager that ends first: the rest is dropped, the command told once, a waiting writer freed', async () => {
    const io = memoryIo({ tty: true, columns: 80 });
    let quits = 0;
    const p = paging(io, {
      rows: 2,
      onQuit: () => quits++,
      start: () => spawn('sh', ['-c', 'exit 0'], { stdio: ['pipe', 'ignore', 'ignore'] }),
    })!;
    p.io.page?.();
    const out = p.io.stdout as { write(s: string): boolean; once(e: 'drain', l: () => void): unknown };
    // Far more than a pipe holds: the writer is asked to wait, and freed when the pager is gone.
    const big = `${'y'.repeat(1023)}\n`.repeat(1024);
    out.write('a\nb\nc\n');
    await new Promise<void>((resolve) => {
      const more = () => {
        if (p.quit) return resolve();
        if (out.write(big)) setImmediate(more);
        else out.once('drain', more);
      };
      more();
    });
    // What the command says once the pager has ended reaches the terminal (run.ts says nothing of the stop).
    p.io.stderr.write('interrupted\n');
    await p.finish();
    expect(quits).toBe(1);
    expect(io.out()).toBe('');
    expect(io.err()).toBe('interrupted\n');
  });
});
