// Start-up in instructions, not milliseconds: each command of bench/startup.mjs counted by valgrind's
// callgrind, which counts the instructions a process runs whatever else the machine is doing, so the
// figure is the same on a quiet machine and a busy one (the time-based script moves by 0.05x or more
// from one run to the next). Every count leaves out V8's search for a random hash-seed prime
// (HashSeed::InitializeRoots), which costs each Node process 4 to 13 million instructions by chance.
// What it does not show: time spent waiting (the sandbox's answer, the disk), and that an instruction
// of deserialising a code cache is cheaper than one of compiling; bench/startup.mjs times those.
//
//   npm run build && node bench/startup-instructions.mjs [--runs 2]
//
// Prints `name value Minstr` lines (the least of --runs counts, after warm-up runs that make the npm
// package's code caches) and the same ratios as bench/startup.mjs, in work instead of time. The
// budgets are on time: this says how much of a ratio is work of ours, and whether a change cut it,
// on any day. (Work is not time: `ops --version` does more than `node -e 0` and ends no later.)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { launcherFlags } from '../scripts/launcher-flags.mjs';
import { hostsSandbox, startupEnv, usedCaches } from './startup-setup.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const i = process.argv.indexOf('--runs');
const runs = i > 0 ? Number(process.argv[i + 1]) : 2;
const have = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
if (!have('valgrind') || !have('callgrind_annotate')) {
  console.log('# valgrind (callgrind) is not installed: no instruction counts (apt-get install valgrind)');
  process.exit(0);
}
const node = process.execPath;
const bin = join(root, 'bin', 'ops.cjs');
const flags = launcherFlags(bin);
const binary = join(root, 'dist', 'ops-linux-x64');
const hasBinary = existsSync(binary);
const work = mkdtempSync(join(tmpdir(), 'ops-instr-'));
const env = startupEnv(work);
const sandbox = await hostsSandbox(node, bin, env);
await usedCaches(node, flags, bin, env);

const commands = [
  ['node-e-0', node, ['-e', '0']],
  ['ops--version', node, [...flags, bin, '--version']],
  ['ops-hosts--help', node, [...flags, bin, 'hosts', '--help']],
  ['floor-node-http-cjs', node, [join(root, 'bench', 'floor', 'hosts-totals.cjs')]],
  ['ops-hosts-totals', node, [...flags, bin, 'hosts', 'totals']],
  ...(hasBinary
    ? [
        ['binary--version', binary, ['--version']],
        ['binary-hosts-totals', binary, ['hosts', 'totals']],
      ]
    : []),
];

/**
 * The hash-seed search as callgrind names it in the single binary: a stripped copy of this Node, whose
 * functions keep their addresses but lose their names (`???:0x00000000010ddcb0`). Without it, each
 * count of the binary held 4 to 13 million instructions of chance.
 */
const seedAddress = spawnSync('nm', [node], { encoding: 'utf8', maxBuffer: 256 << 20 })
  .stdout?.match(/^([0-9a-f]+) \w _ZN2v88internal8HashSeed15InitializeRoots\w*$/m)?.[1]
  ?.replace(/^0+/, '');
const seedLine = new RegExp(
  `^.*(HashSeed::InitializeRoots${seedAddress ? `|\\?\\?\\?:0x0*${seedAddress}\\b` : ''}).*$`,
  'm',
);

/** Instructions of one run of the command, less the hash-seed search. */
function instructions(cmd, args) {
  const out = join(work, 'callgrind.out');
  const r = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, cmd, ...args], {
    env,
    stdio: 'ignore',
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} under valgrind exited ${r.status}`);
  const annotate = (extra) =>
    spawnSync('callgrind_annotate', [...extra, out], { encoding: 'utf8', maxBuffer: 64 << 20 }).stdout;
  const count = (line) => Number(line?.trim().split(/\s+/)[0].replaceAll(',', '') ?? 0);
  const total = count(annotate([]).match(/^.*PROGRAM TOTALS.*$/m)?.[0]);
  const seed = count(annotate(['--inclusive=yes']).match(seedLine)?.[0]);
  rmSync(out, { force: true });
  return total - seed;
}

try {
  // The npm package's code caches, made as on a user's machine by the first runs.
  for (let n = 0; n < 3; n++)
    for (const [, cmd, args] of commands) spawnSync(cmd, args, { env, stdio: 'ignore' });
  const counts = new Map();
  for (const [name, cmd, args] of commands) {
    const each = Array.from({ length: runs }, () => instructions(cmd, args));
    counts.set(name, Math.min(...each));
  }
  console.log(`# node ${process.version}, instructions counted by callgrind, the least of ${runs} runs`);
  for (const [name, n] of counts) console.log(`${name} ${(n / 1e6).toFixed(2)} Minstr`);
  const ratio = (a, b) => (counts.get(a) / counts.get(b)).toFixed(3);
  console.log(
    `work ratios: ops--version ${ratio('ops--version', 'node-e-0')}x node-e-0, ops-hosts--help ${ratio('ops-hosts--help', 'node-e-0')}x; ops-hosts-totals ${ratio('ops-hosts-totals', 'floor-node-http-cjs')}x the CommonJS floor${hasBinary ? `, binary-hosts-totals ${ratio('binary-hosts-totals', 'floor-node-http-cjs')}x` : ''} (the budgets, 1.05x, are on time: bench/startup.mjs)`,
  );
} finally {
  // The sandbox writes its code caches into `work` as it ends: the folder is removed once it has.
  if (sandbox.exitCode === null && sandbox.signalCode === null)
    await new Promise((resolve) => {
      sandbox.once('exit', resolve);
      sandbox.kill();
    });
  rmSync(work, { recursive: true, force: true });
}
