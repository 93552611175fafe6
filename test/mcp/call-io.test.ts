import { describe, expect, it } from 'vitest';
import { callIo } from '../../src/commands/mcp/call.js';

const quiet = () => undefined;
const ioOfACall = () => callIo({}, new AbortController().signal, quiet, quiet);

describe("a tool call's Io", () => {
  it('gives a verb that reads stdin an empty stream that has ended, the same one each time it is asked', async () => {
    const io = ioOfACall();
    const stdin = io.stdin;
    expect(io.stdin).toBe(stdin);
    const chunks: unknown[] = [];
    for await (const chunk of stdin) chunks.push(chunk);
    expect(chunks).toEqual([]);
    expect(stdin.readableEnded).toBe(true);
    expect(io.stdinIsTty).toBe(false);
  });

  it('makes no stream for a call that never reads stdin, and a stream of its own for each call', () => {
    const a = ioOfACall();
    const b = ioOfACall();
    // The stream is made by the getter on first read: the property is an accessor, not a value.
    expect(Object.getOwnPropertyDescriptor(a, 'stdin')?.get).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(a, 'stdin')?.value).toBeUndefined();
    expect(a.stdin).not.toBe(b.stdin);
  });
});
