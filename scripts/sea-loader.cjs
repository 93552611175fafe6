// The single binary's module loader, bundled into its main script (and used by build-binary.mjs to
// make the code caches). The CLI's runtime and each large package it loads lazily are CommonJS
// bundles kept as SEA assets, each with a V8 code cache: a command compiles and deserialises only
// the bundles it uses, so yaml, undici, libsodium, ajv and the certificate code cost a command
// nothing until it needs them. The runtime asks for a package with `require('ops-lib:NAME')`.
const { Script } = require('node:vm');

const WRAP_START = '(function (exports, require, module, __filename, __dirname) {';
const WRAP_END = '\n})';

/** The asset name of a package's bundle: `lib/_jmespath-community_jmespath`. */
function libAsset(name) {
  return `lib/${name.replace(/[@/]/g, '_')}`;
}

/** A Buffer over the bytes read: the disk's as they are, an asset's ArrayBuffer without a copy. */
const asBuffer = (bytes) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));

/**
 * A loader reading `NAME.cjs` (ASCII source) and `NAME.cache` (its code cache, when there is one)
 * through `read(file)`, which returns an ArrayBuffer, a Buffer or undefined. `onScript` sees each
 * compiled script (the build makes the caches from them).
 */
function createLoader(read, onScript) {
  const libs = new Map();
  let runtime;
  // A file of the build that is no script (jq's WebAssembly: src/output/jq-wasm.ts), read the same way.
  globalThis[Symbol.for('ops.asset')] ??= (name) => {
    const bytes = read(name);
    return bytes === undefined ? undefined : asBuffer(bytes);
  };
  function load(name) {
    // The build writes each bundle wrapped in WRAP_START and WRAP_END already (scripts/bundles.mjs):
    // the file's one string is compiled, not a second one joined to the wrapper.
    const code = asBuffer(read(`${name}.cjs`)).toString('latin1');
    const cache = read(`${name}.cache`);
    const script = new Script(code, {
      filename: `ops-${name}.cjs`,
      ...(cache ? { cachedData: asBuffer(cache) } : {}),
    });
    onScript?.(name, script);
    const m = { exports: {} };
    if (name === 'run') runtime = m;
    script.runInThisContext()(m.exports, opsRequire, m, `ops-${name}.cjs`, '.');
    return m.exports;
  }
  function opsRequire(id) {
    // A part of the CLI kept apart (scripts/bundles.mjs) reads the modules it shares from the runtime.
    if (id === 'ops-run') return runtime.exports;
    if (!id.startsWith('ops-lib:')) return require(id);
    const name = id.slice('ops-lib:'.length);
    if (!libs.has(name)) libs.set(name, load(libAsset(name)));
    return libs.get(name);
  }
  return { load };
}

module.exports = { createLoader, libAsset, WRAP_START, WRAP_END };
