/**
 * A signal that aborts when any of `signals` does, with that one's reason, and `dispose`, which unlinks
 * it from them: once disposed nothing holds it, and it goes with the call it was made for.
 *
 * Not AbortSignal.any: Node keeps a composite signal that has an `abort` listener alive for as long as
 * its sources live, until it aborts or the listener is removed. A call of `ops mcp` hands its signal to
 * an HTTP client, which listens on it for the client's whole life (`liveAttempts`): with a composite,
 * each call left its signal, a listener and their weak references behind (about 1.7 KB, over stdio and
 * HTTP alike), in a server that lives for days (test/e2e/mcp-memory.test.ts).
 */
export function linkedSignal(signals: readonly AbortSignal[]): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const already = signals.find((s) => s.aborted);
  if (already) {
    controller.abort(already.reason);
    return { signal: controller.signal, dispose: () => undefined };
  }
  const listeners = signals.map((s) => {
    const listener = () => {
      dispose();
      controller.abort(s.reason);
    };
    s.addEventListener('abort', listener, { once: true });
    return listener;
  });
  const dispose = () => {
    signals.forEach((s, i) => {
      s.removeEventListener('abort', listeners[i]!);
    });
  };
  return { signal: controller.signal, dispose };
}
