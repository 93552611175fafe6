import { type Jq, loadJq as loadFrom } from 'jq-wasm';

export type { Jq };

/** What the bundles' loader (scripts/sea-loader.cjs) reads a file of the build with, where there is one. */
type AssetReader = (name: string) => Uint8Array | undefined;

/**
 * jq itself: jqlang's C code compiled to WebAssembly (jq-wasm). The bundles carry its bytes as a file
 * of their own, `lib/jq.wasm.br` (brotli), read through the loader (from the build's folder, or from the
 * single binary's assets), not as base64 inside the JavaScript: that text deflated worse, and the
 * binary's code cache of it held it a second time. Run from the sources (the tests), the package reads
 * its own file.
 */
export function loadJq(): Promise<Jq> {
  const read = (globalThis as Record<symbol, AssetReader | undefined>)[Symbol.for('ops.asset')];
  const packed = read?.('lib/jq.wasm.br');
  if (!packed) return loadFrom();
  return loadFrom({ wasmBinary: process.getBuiltinModule('node:zlib').brotliDecompressSync(packed) });
}
