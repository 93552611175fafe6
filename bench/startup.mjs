// Start-up figures, side by side in one run: `node -e 0`, `ops --version`, `ops <service> --help`
// (bundle and single binary), `ops hosts totals` against the sandbox beside its floor (bare node:http
// scripts making the same request, bench/floor/) and `gh --version` where gh is installed.
// Runs are interleaved (one of each command per round, N rounds after 3 warm-up rounds), so that a
// busy machine slows every command alike. Prints `name value unit` lines (medians) and last lines with
// the ratios against the budgets of PRODUCT.md §8.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launcherFlags } from '../scripts/launcher-flags.mjs';
import { hostsSandbox, startupEnv, usedCaches } from './startup-setup.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const runs = Number(process.argv[2] ?? 30);
const node = process.execPath;
const bin = join(root, 'bin', 'ops.cjs');
// ops runs as its launcher starts it (the node flags of bin/ops.cjs's shebang), as the other benches do.
const flags = launcherFlags(bin);
const binary = join(root, 'dist', 'ops-linux-x64');
const hasBinary = existsSync(binary);
// The npm package's code caches are made afresh: by a day's use of other commands, then by the warm-up
// rounds.
const env = startupEnv(join(root, '.bench'));
const sandbox = await hostsSandbox(node, bin, env);
await usedCaches(node, flags, bin, env);

// `ops --help` with an alias set: the root page lists it, so it is made by the program, not read from
// dist/help (docs/aliases-and-plugins.md); without one, the built page after a look at the config
// file and PATH.
const aliasEnv = { ...env, OPS_CONFIG_DIR: join(root, '.bench', 'config-alias') };
mkdirSync(aliasEnv.OPS_CONFIG_DIR, { recursive: true });
writeFileSync(
  join(aliasEnv.OPS_CONFIG_DIR, 'config.json'),
  JSON.stringify({ aliases: { hl: 'hosts list --limit $1' } }),
  { mode: 0o600 },
);

const which = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
const gh = which('gh');
const commands = [
  ['node-e-0', node, ['-e', '0']],
  ['ops--version', node, [...flags, bin, '--version']],
  ['ops-hosts--help', node, [...flags, bin, 'hosts', '--help']],
  ['ops-secrets--help', node, [...flags, bin, 'secrets', '--help']],
  ['ops-root--help', node, [...flags, bin, '--help']],
  ['ops-root-help-with-alias', node, [...flags, bin, '--help'], aliasEnv],
  ...(hasBinary
    ? [
        ['binary--version', binary, ['--version']],
        ['binary-hosts--help', binary, ['hosts', '--help']],
      ]
    : []),
  ['floor-node-http-cjs', node, [join(root, 'bench', 'floor', 'hosts-totals.cjs')]],
  ['floor-node-http-esm', node, [join(root, 'bench', 'floor', 'hosts-totals.mjs')]],
  ['ops-hosts-totals', node, [...flags, bin, 'hosts', 'totals']],
  ...(hasBinary ? [['binary-hosts-totals', binary, ['hosts', 'totals']]] : []),
  ...(gh ? [['gh--version', gh, ['--version']]] : []),
];

const times = new Map(commands.map(([name]) => [name, []]));
for (let round = -3; round < runs; round++) {
  for (const [name, cmd, args, own] of commands) {
    const t = process.hrtime.bigint();
    const r = spawnSync(cmd, args, { env: own ?? env, stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
    if (round >= 0) times.get(name).push(Number(process.hrtime.bigint() - t) / 1e6);
  }
}
sandbox.kill();

const median = (name) => {
  const v = [...times.get(name)].sort((a, b) => a - b);
  return v[Math.floor(v.length / 2)];
};
console.log(`# node ${process.version}, ${runs} interleaved rounds, medians; code caches after a day's use`);
for (const [name] of commands) console.log(`${name} ${median(name).toFixed(1)} ms`);
if (!gh) console.log('# gh not installed: no gh --version figure');
if (!hasBinary) console.log('# no dist/ops-linux-x64 (npm run build:binary): no binary figures');

const base = median('node-e-0');
const quick = commands.map(([n]) => n).filter((n) => /--version$|--help$/.test(n) && n !== 'gh--version');
console.log(
  `ratios vs node-e-0: ${quick.map((n) => `${n} ${(median(n) / base).toFixed(2)}x`).join(', ')}${
    gh ? `, gh--version ${(median('gh--version') / base).toFixed(2)}x` : ''
  } (budget, PRODUCT.md §8: --version and --help <= 1.05x)`,
);
const floorCjs = median('floor-node-http-cjs');
const floorEsm = median('floor-node-http-esm');
const vs = (n) =>
  `${n} ${(median(n) / floorEsm).toFixed(2)}x the ES module floor, ${(median(n) / floorCjs).toFixed(2)}x the CommonJS floor`;
console.log(
  `ratios vs floor: ${['ops-hosts-totals', ...(hasBinary ? ['binary-hosts-totals'] : [])].map(vs).join('; ')} (budget: ops-hosts-totals <= 1.05x the CommonJS floor, per round)`,
);
// The same ratio taken within each round (the command against the floor run just before it), then
// the median of those: steadier than a ratio of medians when the machine's speed drifts between rounds.
const perRound = (n, floor) =>
  [...times.get(n).map((t, i) => t / times.get(floor)[i])].sort((a, b) => a - b)[Math.floor(runs / 2)];
console.log(
  `per-round ratios vs the CommonJS floor (median): ${[
    'ops-hosts-totals',
    ...(hasBinary ? ['binary-hosts-totals'] : []),
  ]
    .map((n) => `${n} ${perRound(n, 'floor-node-http-cjs').toFixed(2)}x`)
    .join(', ')} (budget, PRODUCT.md §8: ops-hosts-totals <= 1.05x, so that 1.10x holds on a busy machine)`,
);
