// The npm package's module loader, bundled into dist/ops.cjs. The runtime (dist/run.cjs) and each
// package it loads lazily (dist/lib/NAME.cjs) go through sea-loader.cjs's loader, as in the single
// binary, with a V8 code cache kept in the user's cache folder. Node's own compile cache is made when a
// file is compiled, before anything has run, so each command would still compile every function it
// calls; this one is made when the first command to load a file ends, so it holds the functions that
// command ran (the binary's caches are made the same way, at build time). A cache that V8 rejects
// (another Node) or that is missing is written at exit; it holds compiled code only, no data.
const { createLoader } = require('./sea-loader.cjs');

/** Where the caches go: OPS_CACHE_DIR, else the XDG cache folder; none if NODE_DISABLE_COMPILE_CACHE. */
function cacheFolder(env, path) {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (env.OPS_CACHE_DIR) return path.join(env.OPS_CACHE_DIR, 'code');
  const base = env.XDG_CACHE_HOME || (env.HOME ? path.join(env.HOME, '.cache') : undefined);
  return base ? path.join(base, 'ops', 'code') : undefined;
}

/** Caches of other builds untouched this long are removed when a new one is written. */
const STALE_MS = 24 * 60 * 60 * 1000;

/** A loader of `dir`'s bundles whose code caches are named by `buildId` (a hash of the bundles). */
function diskLoader(dir, buildId) {
  const fs = require('node:fs');
  const path = require('node:path');
  const folder = cacheFolder(process.env, path);
  const prefix = `${buildId}-${process.versions.v8}-`;
  const cacheFile = (name) => path.join(folder, `${prefix}${name.replace(/[/\\]/g, '_')}.cache`);
  const unsaved = [];
  const read = (file) => {
    if (!file.endsWith('.cache')) return fs.readFileSync(path.join(dir, file));
    if (!folder) return undefined;
    try {
      return fs.readFileSync(cacheFile(file.slice(0, -'.cache'.length)));
    } catch {
      return undefined;
    }
  };
  const loader = createLoader(read, (name, script) => {
    if (!folder || script.cachedDataRejected === false) return;
    if (unsaved.length === 0) process.once('exit', save);
    unsaved.push([name, script]);
  });
  function save() {
    try {
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      for (const [name, script] of unsaved) {
        const file = cacheFile(name);
        // First writer wins: a cache another command wrote meanwhile stays (one that V8 rejected does not).
        if (script.cachedDataRejected === undefined && fs.existsSync(file)) continue;
        const partial = `${file}.${process.pid}`;
        fs.writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(partial, file);
      }
      const now = Date.now();
      for (const f of fs.readdirSync(folder)) {
        const file = path.join(folder, f);
        if (!f.startsWith(prefix) && now - fs.statSync(file).mtimeMs > STALE_MS)
          fs.rmSync(file, { force: true });
      }
    } catch {
      // A cache folder that cannot be written costs speed, never the command.
    }
  }
  return loader;
}

module.exports = { diskLoader };
