#!/usr/bin/env -S node --max-semi-space-size=2 --min-semi-space-size=2
// Tiny entry: `ops --version` alone and the help pages the build wrote are printed here; everything
// else goes through main(), the one exit door (dist/ops.cjs, built by scripts/build.mjs).
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
  // `ops --version` alone and a help page are printed here, without compiling main (node:vm, its
  // cache, its start: about 0.85 ms, a fortieth of Node's own); Windows, whose stdout main keeps as a
  // stream, and everything else are main's.
  const text =
    process.platform === 'win32'
      ? undefined
      : version && args.length === 3 && (args[2] === '--version' || args[2] === '-V')
        ? versionText(version, commit, date)
        : helpText(fs, dist, args.slice(2));
  if (text !== undefined) writeOut(fs, text);
  else runMain(fs, dist, file, source, build, hash);
}

/**
 * `ops --version`'s line as main prints it (src/version.ts's versionLine), from what main's first line
 * says it was built with; every other form of --version (`-o json`, say) is main's.
 */
function versionText(version, commit, date) {
  const os = process.platform === 'darwin' ? 'macOS' : process.platform;
  const cpu = process.arch === 'x64' ? 'amd64' : process.arch;
  return `ops ${version} (${commit}, ${date}, ${os}-${cpu})\n`;
}

/**
 * The page the build wrote for `ops <words> --help` (or `-h`, or `ops help <words>`), when main would
 * print it as it is: src/help-request.ts's helpRequest and helpPageNames, repeated here
 * (test/e2e/help-launcher.test.ts holds the two the same). The root page (it may list aliases and
 * plugins), a missing page, a terminal narrower than the page or shorter (the pager) are main's.
 */
function helpText(fs, dist, args) {
  const word = (w) => /^[a-z][a-z0-9-]*$/.test(w);
  let words = args.slice(0, -1);
  let topic;
  if (args[0] === 'help' && args.slice(1).every(word)) {
    words = args.slice(1);
    topic = args.length === 2 ? args[1] : undefined;
  } else if ((args.at(-1) !== '--help' && args.at(-1) !== '-h') || !words.every(word)) return undefined;
  if (words.length === 0) return undefined;
  const page = (name) => {
    try {
      return fs.readFileSync(`${dist}/help/${name}.txt`, 'utf8');
    } catch {
      return undefined;
    }
  };
  const text =
    (topic === undefined ? undefined : page(`ops help ${topic}`)) ?? page(['ops', ...words].join(' '));
  if (text === undefined || !terminal(fs)) return text;
  const { columns, rows } = process.stdout;
  return (columns ?? 80) < 80 || text.split('\n').length > (rows || Number.POSITIVE_INFINITY)
    ? undefined
    : text;
}

/** Whether stdout is a terminal, as src/own-stdout.ts asks: fstat first, node:tty (and node:net) last. */
function terminal(fs) {
  try {
    const st = fs.fstatSync(1);
    if (!st.isCharacterDevice() || st.rdev === fs.statSync('/dev/null').rdev) return false;
  } catch {}
  return require('node:tty').isatty(1);
}

/**
 * `text` on stdout as main writes it (src/own-stdout.ts): write(2); a reader gone ends the process
 * quietly; a descriptor that would block (EAGAIN) leaves the rest to process.stdout; output stdout
 * cannot take (a full disk) is one line on stderr and exit 1.
 */
function writeOut(fs, text) {
  const bytes = Buffer.from(text);
  let done = 0;
  try {
    while (done < bytes.length) done += fs.writeSync(1, bytes, done);
  } catch (err) {
    if (err.code === 'EAGAIN') process.stdout.write(bytes.subarray(done));
    else if (err.code !== 'EPIPE') {
      const why = err.message.replace(/^[A-Z0-9]+: /, '').replace(/, write$/, '');
      process.exitCode = 1;
      try {
        fs.writeSync(2, `ops: writing the output: ${why}${err.code ? ` (${err.code})` : ''}\n`);
      } catch {
        // stderr cannot take it either: the exit code says it.
      }
    }
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
  const main = { name: `main-${hash}`, script, adopted: false };
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
