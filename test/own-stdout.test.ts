import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownStdout, stdoutThroughStream } from '../src/own-stdout.js';

/**
 * The direct writer of src/own-stdout.ts with write(2) and the stream both stubbed: which one a write
 * goes to. (test/e2e/own-stdout.test.ts runs the real CLI against real pipes.)
 */
describe.skipIf(process.platform === 'win32')('stdout written directly, then through the stream', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes go out by write(2) until stdoutThroughStream(), then through process.stdout, in order', () => {
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
