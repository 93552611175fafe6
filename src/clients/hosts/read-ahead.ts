/**
 * Keeps the next page's request in flight while the caller prints the current one, so that the
 * service's time and ours overlap and `--all` is not slower than raw sequential requests. At most
 * two pages are held. An error of the page fetched ahead is raised in order, when that page is due.
 * (A candidate for the shared paginator: any list with `--all` gains from it.)
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  let pending = it.next();
  let finished = false;
  try {
    for (;;) {
      const r = await pending;
      if (r.done) {
        finished = true;
        return;
      }
      pending = it.next();
      // Surfaced by the `await` above on the next turn; until then it must not count as unhandled.
      pending.catch(() => undefined);
      yield r.value;
    }
  } finally {
    // The caller stopped early: end the source once the request in flight settles.
    if (!finished) void Promise.resolve(it.return?.()).catch(() => undefined);
  }
}
