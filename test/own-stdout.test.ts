import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its writer keeps, for the process, whether the stream has taken over. */
async function fresh() {
  vi.resetModules();
  return import('../src/own-stdout.js');
}

/**
 * The direct writer of src/own-stdout.ts with write(2) and the stream both stubbed: which one a write
 * goes to. (test/e2e/own-stdout.test.ts runs the real CLI against real pipes.)
 */
describe.skipIf(process.platform === 'win32')('stdout written directly, then through the stream', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a reader gone (EPIPE) on a direct write calls the handler main.ts sets, once, and nothing else', async () => {
    const { onReaderGone, ownStdout } = await fresh();
    const fs = process.getBuiltinModule('node:fs');
    const gone = vi.fn();
    onReaderGone(gone);
    vi.spyOn(fs, 'writeSync').mockImplementation(() => {
      throw Object.assign(new Error('EPIPE: broken pipe, write'), { code: 'EPIPE' });
    });
    // Where the handler returns (none ends the process here), the rest goes to the stream.
    const stream = vi
      .spyOn(process.stdout, 'write')
      .mockImplementation((() => true) as typeof process.stdout.write);
    ownStdout(true).write('a\n');
    expect(gone).toHaveBeenCalledTimes(1);
    expect(stream).toHaveBeenCalledTimes(1);
    // The stream's own EPIPE, later, calls it too; another error does not.
    process.stdout.emit('error', Object.assign(new Error('EPIPE'), { code: 'EPIPE' }));
    expect(gone).toHaveBeenCalledTimes(2);
    process.stdout.listeners('error').at(-1)?.(Object.assign(new Error('EIO'), { code: 'EIO' }));
    expect(gone).toHaveBeenCalledTimes(2);
  });

  it('writes go out by write(2) until stdoutThroughStream(), then through process.stdout, in order', async () => {
    const { ownStdout, stdoutThroughStream } = await fresh();
    const fs = process.getBuiltinModule('node:fs');
    const sent: string[] = [];
    const direct = vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, s: string) => {
      sent.push(`direct ${fd} ${s}`);
      return Buffer.byteLength(s);
    }) as typeof fs.writeSync);
    const stream = vi.spyOn(process.stdout, 'write').mockImplementation(((s: string) => {
      sent.push(`stream ${s}`);
      return true;
    }) as typeof process.stdout.write);
    const out = ownStdout(true);
    expect(out.write('a\n')).toBe(true);
    stdoutThroughStream();
    expect(out.write('b\n')).toBe(true);
    expect(out.write('c\n')).toBe(true);
    expect(sent).toEqual(['direct 1 a\n', 'stream b\n', 'stream c\n']);
    expect(direct).toHaveBeenCalledTimes(1);
    expect(stream).toHaveBeenCalledTimes(2);
  });
});
