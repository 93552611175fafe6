import { type Missing, namedNotFound } from '../../errors.js';

/** What a client operation looked for, from its name and arguments; undefined keeps the service's words. */
export type MissingOf = (operation: string, args: unknown[]) => Missing | undefined;

const GENERATOR_METHODS = new Set<PropertyKey>(['next', 'return', 'throw']);

/** An async iterable (a page stream, with its own methods kept) whose failures pass through `name`. */
function namingIterable<T extends object>(it: T, name: (err: unknown) => unknown): T {
  const fail = (err: unknown) => {
    throw name(err);
  };
  return new Proxy(it, {
    get(target, key, receiver) {
      if (key === Symbol.asyncIterator)
        return () => {
          const inner = (target as AsyncIterable<unknown>)[Symbol.asyncIterator]();
          const it2: AsyncIterableIterator<unknown> = {
            next: (...a: [] | [unknown]) => inner.next(...a).catch(fail),
            return: (v?: unknown) => inner.return?.(v) ?? Promise.resolve({ done: true, value: v }),
            [Symbol.asyncIterator]: () => it2,
          };
          return it2;
        };
      const v = Reflect.get(target, key, receiver) as unknown;
      if (typeof v !== 'function') return v;
      // A generator's own methods need the generator itself as `this`.
      if (GENERATOR_METHODS.has(key))
        return (...a: unknown[]) => {
          const r = (v as (...x: unknown[]) => unknown).apply(target, a);
          return key === 'next' && r instanceof Promise ? r.catch(fail) : r;
        };
      return v;
    },
  });
}

/**
 * The one way a client's 404 becomes the not-found error of docs/grammar.md ("Errors": the kind, the
 * id and where it looked): the client with each operation that `missing` names wrapped, its promise or
 * page stream failing with `namedNotFound`; `detailOf` keeps what the service said beyond "not found".
 * Every service's commands make their client through this.
 */
export function namingNotFound<C extends object>(
  client: C,
  missing: MissingOf,
  detailOf: (err: unknown) => string | undefined = () => undefined,
): C {
  return new Proxy(client, {
    get(target, key, receiver) {
      const method = Reflect.get(target, key, receiver) as unknown;
      if (typeof method !== 'function' || typeof key !== 'string') return method;
      return (...args: unknown[]) => {
        const result = (method as (...a: unknown[]) => unknown).apply(target, args);
        const m = missing(key, args);
        if (!m) return result;
        const name = (err: unknown) => namedNotFound(err, { ...m, detail: detailOf(err) });
        if (result instanceof Promise)
          return result.catch((err: unknown) => {
            throw name(err);
          });
        if (result && typeof result === 'object' && Symbol.asyncIterator in result)
          return namingIterable(result, name);
        return result;
      };
    },
  });
}
