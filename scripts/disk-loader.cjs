// The npm package's module loader, bundled into dist/ops.cjs. The runtime (dist/run.cjs) and each
// package it loads lazily (dist/lib/NAME.cjs) go through sea-loader.cjs's loader, as in the single
// binary, with a V8 code cache kept in the user's cache folder. Node's own compile cache is made when a
// file is compiled, before anything has run, so each command would still compile every function it
// calls; these are made when a command that loaded a file ends, so they hold the functions it ran (the
// binary's caches are made the same way, at build time). A cache that V8 rejects (another Node) or
// that is missing is written at exit. A command new to the caches (`tasks list ndjson 0`, the runtime's
// `lastCommand`) writes them again, with what it compiled added to what they held, so every command
// finds its own code compiled from its second run on; the caches hold compiled code only, no data.
// Each top-level command has its caches apart (src/command-word.ts's cacheGroup; main's own is
// shared): V8 writes into a cache which functions it compiled further in the process that made it
// (its tiering decisions) and, in a process that reads it, compiles those again at once on its
// background threads. A cache that `ops mcp`, the sandbox or a completion script wrote made each
// `ops hosts totals` after it compile 3 to 11 million instructions more (docs/development.md).
const { createLoader } = require('./sea-loader.cjs');

/**
 * `a` and `b` joined by the separator, without path.join: its normalisation is compiled on first use,
 * and a one-shot command's every path here is already plain (about 0.3 ms of each start).
 */
function join(sep, a, ...rest) {
  let out = a;
  for (const b of rest) out = out.endsWith(sep) || out.endsWith('/') ? out + b : out + sep + b;
  return out;
}

/** Where the caches go: OPS_CACHE_DIR, else the XDG cache folder; none if NODE_DISABLE_COMPILE_CACHE. */
function cacheFolder(env, path) {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (env.OPS_CACHE_DIR) return join(path.sep, env.OPS_CACHE_DIR, 'code');
  const base = env.XDG_CACHE_HOME || (env.HOME ? join(path.sep, env.HOME, '.cache') : undefined);
  return base ? join(path.sep, base, 'ops', 'code') : undefined;
}

/** Caches of other builds untouched this long are removed when a new one is written. */
const STALE_MS = 24 * 60 * 60 * 1000;

/** Commands that run longer than this add nothing: V8 may have dropped the code of their start. */
const GROW_WITHIN_S = 10;

/**
 * A loader of `dir`'s bundles whose code caches are named by `buildId` (a hash of the bundles) and
 * `group`, the command line's group of caches (a top-level command's name, or `other`).
 */
function diskLoader(dir, buildId, group) {
  const fs = require('node:fs');
  const path = require('node:path');
  const folder = cacheFolder(process.env, path);
  const prefix = `${buildId}-${process.versions.v8}-`;
  const main = globalThis[Symbol.for('ops.main')];
  // Main's is named as bin/ops.cjs reads it, before any group is known: one for every command.
  const cacheFile = (name) =>
    join(
      path.sep,
      folder,
      `${prefix}${name === main?.name ? '' : `${group}-`}${name.replace(/[/\\]/g, '_')}.cache`,
    );
  // The commands of the group that have added their code to its caches, a line each.
  const commandsFile = () => join(path.sep, folder, `${prefix}${group}-commands`);
  const loaded = [];
  let runtime;
  // One buffer for the scripts and caches of a start: each script is copied into a string and each
  // cache consumed before the next read, and a buffer of its own per file touched fresh pages of
  // memory (about 80 page faults of `ops hosts totals`, 1.5 to 3 microseconds each). The length of
  // virtual memory it starts with costs nothing until a read touches it; it is let go once the event
  // loop turns, after the start's reads, so that a long-running command (`ops mcp`, `meter send`)
  // does not keep the pages a read touched.
  let scratch;
  const readShared = (file) => {
    const fd = fs.openSync(file, 'r');
    try {
      for (let n = 0; ; ) {
        if (scratch === undefined || n === scratch.length) {
          const bigger = Buffer.allocUnsafeSlow(Math.max(2 * n, 1 << 20));
          scratch?.copy(bigger, 0, 0, n);
          if (scratch === undefined) setImmediate(() => (scratch = undefined));
          scratch = bigger;
        }
        const got = fs.readSync(fd, scratch, n, scratch.length - n, n);
        if (got === 0) return scratch.subarray(0, n);
        n += got;
      }
    } finally {
      fs.closeSync(fd);
    }
  };
  const read = (file) => {
    if (file.endsWith('.cjs')) return readShared(join(path.sep, dir, file));
    // Another file of the build (jq's WebAssembly) is kept by whoever asked: a buffer of its own.
    if (!file.endsWith('.cache')) return fs.readFileSync(join(path.sep, dir, file));
    if (!folder) return undefined;
    try {
      return readShared(cacheFile(file.slice(0, -'.cache'.length)));
    } catch {
      return undefined;
    }
  };
  const track = (name, script) => {
    if (!folder) return;
    if (loaded.length === 0) process.once('exit', save);
    loaded.push([name, script]);
  };
  // Main (dist/ops.cjs), which bin/ops.cjs ran from its own cache in this folder: kept with the
  // bundles', written again as theirs are (a new command's code added to it).
  if (main && folder) {
    main.adopted = true;
    track(main.name, main.script);
  }
  const loader = createLoader(read, track);
  function load(name) {
    const exports = loader.load(name);
    if (name === 'run') runtime = exports;
    return exports;
  }
  const write = (file, data) => {
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, data, { mode: 0o600 });
    fs.renameSync(partial, file);
  };
  // Whether no other command has written this cache since this one read it: written whole beside it
  // and renamed over it, a cache another command wrote is newer than this process (which read its
  // caches after it started).
  const unchanged = (file) => {
    try {
      return fs.statSync(file).mtimeMs < Date.now() - process.uptime() * 1000;
    } catch {
      return false;
    }
  };
  function save() {
    try {
      const command = process.uptime() < GROW_WITHIN_S ? runtime?.lastCommand : undefined;
      let known = [];
      if (command !== undefined) {
        try {
          known = fs.readFileSync(commandsFile(), 'utf8').split('\n');
        } catch {}
      }
      const isNew = command !== undefined && !known.includes(command);
      // Whether every cache will hold this command's code, so that it need not be added again.
      let holds = isNew;
      const writes = [];
      for (const [name, script] of loaded) {
        const file = cacheFile(name);
        if (script.cachedDataRejected === false) {
          // Read from its cache: written again only to add a new command's code (the functions that
          // cache held are compiled too, so nothing is lost), unless another command has written it
          // since; then this command is left for its next run to add.
          if (!isNew) continue;
          if (unchanged(file)) writes.push([file, script]);
          else holds = false;
        } else if (script.cachedDataRejected === undefined && fs.existsSync(file)) {
          // Made without one, and another command wrote one meanwhile: first writer wins.
          holds = false;
        } else {
          writes.push([file, script]);
        }
      }
      if (writes.length === 0) return;
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      for (const [file, script] of writes) write(file, script.createCachedData());
      if (holds) write(commandsFile(), [...known.filter(Boolean), command, ''].join('\n'));
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
  return { load };
}

module.exports = { diskLoader };
