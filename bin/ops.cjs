#!/usr/bin/env -S node --max-semi-space-size=2 --min-semi-space-size=2
// Tiny entry: main() is the one exit door (dist/ops.cjs, built by scripts/build.mjs).
// --max-semi-space-size=2 caps V8's young generation, which otherwise grows to 16 MB semi-spaces and
// more on long streams (hosts list --all, meter send) and takes memory up with the count;
// --min-semi-space-size=2 starts it at that size, so that a one-shot command ends before its first
// collection (it starts at 1 MB, which a first page fills: two collections, about 1.5 ms). Only flags
// outside V8's flag hash belong here: one inside it (--heap-growing-percent, say) makes V8 reject
// every code cache made without it, Node's own included, and costs every command's start 10 ms and
// more. bench/hosts-list and bench/meter-send measure the flags (the README has the figures); the
// single binary starts with the same (scripts/build-binary.mjs reads them from this line).
//
// npm only warns about `engines`: an older Node runs the bundle until it meets what it lacks (Node 20
// has no ArrayBuffer.prototype.transfer), far from here and reading like a network fault. One split of
// a string, before the bundle loads, says so instead (package.json's engines.node, held equal by
// test/e2e/node-version.test.ts; the single binary carries its own Node).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(`ops: needs Node 22.12 or newer (found v${process.versions.node})\n`);
  process.exitCode = 1;
} else {
  const fs = require('node:fs');
  const dist = `${__dirname.slice(0, -'bin'.length)}dist`;
  const file = `${dist}${require('node:path').sep}ops.cjs`;
  const source = fs.readFileSync(file, 'latin1');
  const [, build, hash, version, commit, date] =
    /^\/\/ ops main ([0-9a-f]+) ([0-9a-f]+)(?: (\S+) (\S+) (\S+))?\n/.exec(source) ?? [];
  const args = process.argv;
  // `ops --version` alone: the line main prints (src/version.ts's versionLine), from what main's first
  // line says it was built with, without compiling main (node:vm, its cache, its start: 1.5 ms, a
  // twentieth of Node's own). Windows, whose stdout main keeps as a stream, and every other form of
  // --version (`-o json`, say) are main's.
  if (
    version &&
    args.length === 3 &&
    (args[2] === '--version' || args[2] === '-V') &&
    process.platform !== 'win32'
  ) {
    const os = process.platform === 'darwin' ? 'macOS' : process.platform;
    const cpu = process.arch === 'x64' ? 'amd64' : process.arch;
    writeOut(fs, `ops ${version} (${commit}, ${date}, ${os}-${cpu})\n`);
  } else {
    runMain(fs, dist, file, source, build, hash);
  }
}

/**
 * `text` on stdout as main writes it (src/own-stdout.ts): write(2); a reader gone ends the process
 * quietly; a descriptor that would block (EAGAIN), or another error, leaves the rest to process.stdout.
 */
function writeOut(fs, text) {
  const bytes = Buffer.from(text);
  let done = 0;
  try {
    while (done < bytes.length) done += fs.writeSync(1, bytes, done);
  } catch (err) {
    if (err.code !== 'EPIPE') process.stdout.write(bytes.subarray(done));
  }
}

/**
 * dist/ops.cjs (main: the version, the help pages, the runtime's loader) run from a V8 code cache made
 * once a command has run, as the runtime's are (scripts/disk-loader.cjs adopts it and adds a new
 * command's code to it as to theirs): Node's own compile cache holds only what is compiled before
 * anything runs, so main's every function was compiled again at each start (4 million instructions
 * of `ops hosts totals`' 137, bench/startup-instructions.mjs). The cache is named by main's first line
 * (its build and a hash of itself: no cache is read for other source) and kept in the runtime's cache
 * folder; a command that never loads the runtime writes it here. NODE_DISABLE_COMPILE_CACHE turns it
 * off, as it does the runtime's.
 */
function runMain(fs, dist, file, source, build, hash) {
  const env = process.env;
  const home = env.XDG_CACHE_HOME || (env.HOME && `${env.HOME}/.cache`);
  const dir = env.NODE_DISABLE_COMPILE_CACHE
    ? undefined
    : env.OPS_CACHE_DIR
      ? `${env.OPS_CACHE_DIR}/code`
      : home && `${home}/ops/code`;
  const cacheFile = dir && hash && `${dir}/${build}-${process.versions.v8}-main-${hash}.cache`;
  let cachedData;
  try {
    if (cacheFile) cachedData = fs.readFileSync(cacheFile);
  } catch {}
  const { Script } = require('node:vm');
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  const main = { name: `main-${hash}`, script, cache: cachedData, adopted: false };
  if (cacheFile) globalThis[Symbol.for('ops.main')] = main;
  if (cacheFile && script.cachedDataRejected !== false)
    process.once('exit', () => {
      if (main.adopted || (!cachedData && fs.existsSync(cacheFile))) return;
      try {
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
        fs.writeFileSync(`${cacheFile}.${process.pid}`, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(`${cacheFile}.${process.pid}`, cacheFile);
      } catch {}
    });
  const m = { exports: {} };
  script.runInThisContext()(m.exports, require, m, file, dist);
  m.exports.main(process.argv).then((code) => {
    process.exitCode = code;
  });
}
