// Whether a change moved any answer of the sandbox: `npm run build && node bench/sandbox-answers.mjs [transcript]`.
// Starts the built sandbox and runs the CLI with bench/deterministic.cjs preloaded (a frozen clock, seeded
// randomness), runs every documented `ops` command of docs/services/*.md that needs no wait, browser
// or pipe, and each service's demo steps with -o json, on a reset sandbox, with the sandbox's state
// digest and counters after each block; prints the sha256 of the transcript (all of it, and by
// service). Run it before and after a change on the same machine: equal hashes, equal answers. The
// work folder's path is written as WORK, but a table sized to it (`runs artifact download`) keeps its
// width: hashes from machines with another temporary folder differ. About 7 minutes.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repo = join(import.meta.dirname, '..');
const outFile = process.argv[2] ?? join(tmpdir(), 'ops-sandbox-answers.txt');
const preload = join(import.meta.dirname, 'deterministic.cjs');
const work = join(tmpdir(), 'ops-sandbox-answers');
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'bin'), { recursive: true });
const shim = join(work, 'bin', 'ops');
writeFileSync(
  shim,
  `#!/bin/sh\nexec "${process.execPath}" --require "${preload}" --max-semi-space-size=2 "${repo}/bin/ops.cjs" "$@"\n`,
);
chmodSync(shim, 0o755);

const child = spawn(
  process.execPath,
  [
    '--require',
    preload,
    join(repo, 'bin/ops.cjs'),
    'sandbox',
    'start',
    '--port',
    '0',
    '--set',
    'clock.speed=1',
  ],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
const url = await new Promise((res, rej) => {
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    const m = /listening on (\S+)/.exec(out);
    if (m) res(m[1]);
  });
  child.on('exit', (c) => {
    console.error(`sandbox exited ${c}`);
    rej(new Error(`sandbox exited ${c}`));
  });
  child.stderr.on('data', (d) => process.stderr.write(`[sandbox] ${d}`));
});
const port = new URL(url).port;
import { request } from 'node:http';
const control = (method, path) =>
  new Promise((res, rej) => {
    const req = request(`${url}/__sandbox/${path}`, { method, agent: false }, (r) => {
      let b = '';
      r.on('data', (d) => (b += d));
      r.on('end', () => res(b));
    });
    req.on('error', rej);
    req.end();
  });

const baseEnv = {
  PATH: `${join(work, 'bin')}:/usr/bin:/bin`,
  HOME: join(work, 'home'),
  LANG: 'C.UTF-8',
  TZ: 'UTC',
  OPS_NO_UPDATE_NOTIFIER: '1',
  NO_COLOR: '1',
  COLUMNS: '120',
};
const envOut = spawnSync(shim, ['sandbox', 'env', '--port', port], { env: baseEnv, encoding: 'utf8' }).stdout;
const env = { ...baseEnv };
for (const m of envOut.matchAll(/^export (\w+)='([^']*)'$/gm)) env[m[1]] = m[2];

const FILES = {
  'usage.ndjson':
    '{"event_name":"api_requests","customer":"cus_1","value":3}\n{"event_name":"api_requests","customer":"cus_2","value":5}\n',
  'usage.csv': 'event_name,customer,value\napi_requests,cus_3,7\n',
  'accounts.txt': 'test@example.com\nclean@example.com\n',
  'password.txt': 'alice-sandbox-password',
  'new-password.txt': 'n3w-pass',
  'key.txt': 'rotated-key',
  'cert.pem': '-----BEGIN CERTIFICATE-----\nMIIBsandbox\n-----END CERTIFICATE-----\n',
};
const WAITS =
  /\bdb role-assignment (create|delete)\b(?!.*--no-wait)|--wait\b|\bwatch\b|\bcloud instance (launch|start|stop|reboot|terminate|snapshot create)\b|\bcloud asg (create|delete)\b|\bcloud (lb|load-balancer) (start|stop|reboot)\b/;
const SKIP = /\$\(|\||<|>|&|\beval\b|\blogin\b|--web\b|--watch\b|sandbox (start|env)|\bmcp\b|\$[A-Z]/;

let transcript = '';
const log = (s) => {
  transcript += s;
  if (process.env.TRACE) process.stderr.write(s);
};
let timeouts = 0;
function run(cmd) {
  const cwd = join(work, 'cwd');
  const r = spawnSync('bash', ['-c', cmd], {
    cwd,
    env: { ...env, OPS_CONFIG_DIR: join(work, 'config') },
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (r.error) timeouts++;
  const norm = (s) => (s ?? '').replaceAll(`127.0.0.1:${port}`, '127.0.0.1:PORT').replaceAll(work, 'WORK');
  if (r.error) {
    console.error(`timeout: ${cmd}`);
    log(`$ ${cmd}\n[timeout]\n`);
    return;
  }
  log(`$ ${cmd}\n[exit ${r.status}]\n${norm(r.stdout)}\n--- stderr\n${norm(r.stderr)}\n`);
}
async function fresh() {
  await control('POST', 'reset');
  for (const d of ['cwd', 'config', 'home']) {
    rmSync(join(work, d), { recursive: true, force: true });
    mkdirSync(join(work, d));
  }
  for (const [f, t] of Object.entries(FILES)) writeFileSync(join(work, 'cwd', f), t);
}
async function digest() {
  log(`# state ${await control('GET', 'state')}\n`);
}

const perService = {};
const services = readdirSync(join(repo, 'docs/services'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3))
  .sort();
let commands = 0;
for (const svc of services) {
  const start = transcript.length;
  const md = readFileSync(join(repo, 'docs/services', `${svc}.md`), 'utf8');
  for (const [, skip, body] of md.matchAll(/(<!-- not run[^>]*-->\n)?```sh\n([\s\S]*?)```/g)) {
    if (skip) continue;
    const lines = body
      .split('\n')
      .filter(
        (l) => /^ops /.test(l) && !/\\$/.test(l) && !WAITS.test(l) && !SKIP.test(l.replace(/\s#.*$/, '')),
      );
    if (!lines.length) continue;
    await fresh();
    log(`\n## ${svc} block\n`);
    for (const l of lines) {
      run(l.replace(/\s#.*$/, ''));
      commands++;
    }
    await digest();
  }
  // The demo steps, with -o json.
  const src = readFileSync(join(repo, 'src/commands', svc, 'index.ts'), 'utf8');
  const demo = /export const demo[^=]*=\s*\[([\s\S]*?)\n\];/.exec(src)?.[1] ?? '';
  await fresh();
  log(`\n## ${svc} demo\n`);
  for (const [, argv] of demo.matchAll(/argv:\s*\[((?:\s*'(?:[^'\\]|\\.)*'\s*,?)*)\s*\]/g)) {
    const args = [...argv.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
    run(['ops', ...args, '-o', 'json'].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' '));
    commands++;
  }
  await digest();
  log(`# counters ${await control('GET', 'counters')}\n`);
  perService[svc] = createHash('sha256').update(transcript.slice(start)).digest('hex').slice(0, 16);
}
child.kill('SIGTERM');
writeFileSync(outFile, transcript);
console.log(
  JSON.stringify(
    { commands, timeouts, perService, sha256: createHash('sha256').update(transcript).digest('hex') },
    null,
    1,
  ),
);
