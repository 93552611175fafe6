import { AsyncLocalStorage } from 'node:async_hooks';

/** A value for the async context a body runs in, as AsyncLocalStorage keeps it. */
export interface LazyStore<T> {
  run<R>(value: T, body: () => R): R;
  get(): T | undefined;
}

/**
 * An AsyncLocalStorage made by the first `run`: making one loads two of Node's modules, which a
 * command that never runs a body under it (`hosts totals`) need not compile; until then every `get`
 * is undefined, as it would be outside any `run`.
 */
export function lazyStore<T>(): LazyStore<T> {
  let store: AsyncLocalStorage<T> | undefined;
  return {
    run: (value, body) => {
      store ??= new AsyncLocalStorage<T>();
      return store.run(value, body);
    },
    get: () => store?.getStore(),
  };
}
