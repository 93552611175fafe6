/**
 * The named exports of a package loaded with `await import(…)`. Run from source, Node gives a
 * CommonJS package's exports both as names and under `default`; in the esbuild bundle only `default`
 * holds them (`yaml`, `selfsigned`), so reading a name straight off the import fails there alone.
 * Every lazy import of a package's named exports goes through here.
 */
export function namedExports<T extends object>(mod: T): T {
  const d = (mod as { default?: unknown }).default;
  return d !== null && typeof d === 'object' ? ({ ...(d as object), ...mod } as T) : mod;
}
