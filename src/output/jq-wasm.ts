import { type Jq, loadJq as loadFrom } from 'jq-wasm';

export type { Jq };

/** What the bundles' loader (scripts/sea-loader.cjs) reads a file of the build with, where there is one. */
type AssetReader = (name: string) => Uint8Array | undefined;

/**
 * jq itself: jqlang's C code compiled to WebAssembly (jq-wasm). The bundles carry its bytes as a file
 * of their own, `lib/jq.wasm`, read through the loader (from the build's folder, or from the single
 * binary's assets), not as base64 inside the JavaScript: that text deflated worse, and the binary's
 * code cache of it held it a second time (0.6 MB of each release archive). Run from the sources (the
 * tests), the package reads its own file.
 */
export function loadJq(): Promise<Jq> {
  const read = (globalThis as Record<symbol, AssetReader | undefined>)[Symbol.for('ops.asset')];
  const wasmBinary = read?.('lib/jq.wasm');
  return wasmBinary ? loadFrom({ wasmBinary }) : loadFrom();
}
