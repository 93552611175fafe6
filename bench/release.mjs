// Start-up of the release's binaries that run here, side by side in one run with the Node each runs
// on: `--version` and `hosts totals` (against the sandbox) of linux amd64 natively, beside `node -e 0`
// and the npm package through its launcher; the same binary built without V8 code caches (what the
// Windows binary lacks); linux arm64 under qemu-user beside that Node's own `-e 0` under qemu. Needs
// `npm run release` first. Rounds are interleaved. Prints `name value unit` lines (medians) and the
// ratios last.
//   node bench/release.mjs [rounds]   (default 20)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launcherFlags } from '../scripts/launcher-flags.mjs';
import { startSandbox } from './sandbox.mjs';
import { fetchPackage } from '../scripts/release/registry.mjs';
import { buildBinary, buildBundles } from '../scripts/release/sea.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const rounds = Number(process.argv[2] ?? 20);
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { node: pinned, targets } = JSON.parse(
  readFileSync(join(root, 'scripts', 'release', 'targets.json'), 'utf8'),
);
const work = join(root, '.bench', 'release');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
for (const id of ['linux_amd64', 'linux_arm64'])
  execFileSync('tar', ['-xJf', join(root, 'dist', 'release', `ops_${version}_${id}.tar.xz`), '-C', work]);
const amd64 = join(work, `ops_${version}_linux_amd64`, 'ops');
const arm64 = join(work, `ops_${version}_linux_arm64`, 'ops');

// The same binary without code caches.
const t = targets.find((x) => x.id === 'linux_amd64');
const keyring = join(root, 'node_modules', t.keyring.package, t.keyring.file);
const bundles = await buildBundles(join(work, 'bundles'));
const noCache = join(work, 'ops-no-cache');
await buildBinary({
  target: { ...t, keyringPath: keyring },
  node: process.execPath,
  bundles,
  out: noCache,
  work: join(work, 'sea'),
  codeCache: false,
});
const a = targets.find((x) => x.id === 'linux_arm64');
const armNode = join(fetchPackage(root, a.node.package, pinned, a.node.integrity), a.node.file);
const qemu = ['qemu-aarch64', '-L', '/usr/aarch64-linux-gnu'];

const env = {
  ...process.env,
  OPS_CONFIG_DIR: join(work, 'config'),
  XDG_CACHE_HOME: join(work, 'cache'),
  OPS_CACHE_DIR: join(work, 'cache'),
};
const sandbox = await startSandbox(process.execPath, join(root, 'bin', 'ops.cjs'), ['--services', 'hosts']);
const { url } = sandbox;
Object.assign(env, {
  OPS_HOSTS_BASE_URL: `${url}/hosts`,
  OPS_HOSTS_API_KEY: 'sandbox-hosts-api-key',
  OPS_HOSTS_APP_KEY: 'sandbox-hosts-app-key',
});

const launcher = [...launcherFlags(join(root, 'bin', 'ops.cjs')), join(root, 'bin', 'ops.cjs')];
const commands = [
  ['node-e-0', process.execPath, ['-e', '0']],
  ['npm-hosts-totals', process.execPath, [...launcher, 'hosts', 'totals']],
  ['amd64--version', amd64, ['--version']],
  ['amd64-hosts-totals', amd64, ['hosts', 'totals']],
  ['amd64-no-cache--version', noCache, ['--version']],
  ['amd64-no-cache-hosts-totals', noCache, ['hosts', 'totals']],
  ['qemu-node-e-0', qemu[0], [...qemu.slice(1), armNode, '-e', '0']],
  ['arm64-qemu--version', qemu[0], [...qemu.slice(1), arm64, '--version']],
  ['arm64-qemu-hosts-totals', qemu[0], [...qemu.slice(1), arm64, 'hosts', 'totals']],
];
const times = Object.fromEntries(commands.map(([name]) => [name, []]));
for (let round = -2; round < rounds; round++)
  for (const [name, cmd, args] of commands) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${name} exited ${r.status}: ${r.stderr}`);
    if (round >= 0) times[name].push(ms);
  }
await sandbox.stop();
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
for (const [name, ms] of Object.entries(m)) console.log(`${name} ${ms.toFixed(1)} ms`);
const r = (x, y) => (m[x] / m[y]).toFixed(2);
console.log(
  `ratios: amd64 --version/node -e 0 ${r('amd64--version', 'node-e-0')}, amd64 hosts totals/npm launcher ${r('amd64-hosts-totals', 'npm-hosts-totals')}, no cache/cache --version ${r('amd64-no-cache--version', 'amd64--version')} hosts totals ${r('amd64-no-cache-hosts-totals', 'amd64-hosts-totals')}, arm64 under qemu --version/its node -e 0 ${r('arm64-qemu--version', 'qemu-node-e-0')}`,
);
