import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { linkedSignal } from '../../src/commands/mcp/linked-signal.js';

const listening = (s: AbortSignal) => getEventListeners(s, 'abort').length;

describe('linkedSignal', () => {
  it('aborts with the reason of the source that aborted, and unlinks itself from the others', () => {
    const [a, b] = [new AbortController(), new AbortController()];
    const linked = linkedSignal([a.signal, b.signal]);
    expect(linked.signal.aborted).toBe(false);
    expect([listening(a.signal), listening(b.signal)]).toEqual([1, 1]);
    const reason = new Error('cancelled by the client');
    b.abort(reason);
    expect(linked.signal.aborted).toBe(true);
    expect(linked.signal.reason).toBe(reason);
    // The source still alive no longer holds it.
    expect([listening(a.signal), listening(b.signal)]).toEqual([0, 0]);
    a.abort(new Error('later'));
    expect(linked.signal.reason).toBe(reason);
  });

  it('is aborted at once when a source already is, and adds no listener', () => {
    const a = new AbortController();
    const b = new AbortController();
    b.abort('stdin ended');
    const linked = linkedSignal([a.signal, b.signal]);
    expect(linked.signal.aborted).toBe(true);
    expect(linked.signal.reason).toBe('stdin ended');
    expect(listening(a.signal)).toBe(0);
    linked.dispose();
  });

  it('dispose leaves no listener on a long-lived source: a call of a server is unlinked when it ends', () => {
    const ending = new AbortController();
    for (let i = 0; i < 100; i++) {
      const linked = linkedSignal([ending.signal, new AbortController().signal]);
      // What an HTTP client does with a call's signal: a listener for its whole life, never removed.
      linked.signal.addEventListener('abort', () => undefined, { once: true });
      linked.dispose();
    }
    expect(listening(ending.signal)).toBe(0);
    // After dispose, a source's abort no longer reaches it.
    const linked = linkedSignal([ending.signal]);
    linked.dispose();
    ending.abort();
    expect(linked.signal.aborted).toBe(false);
  });
});
