// Writes dist/help/<command path>.txt: the help of every command as commander renders it (80 columns),
// made from the built CLI itself, so that `ops <command> --help` can be answered before commander and
// the command tree are loaded. main.ts falls back to commander when a page is missing.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
// No code cache from this run: it loads the whole command tree, which no user's command does.
process.env.NODE_DISABLE_COMPILE_CACHE = '1';
const { main, commandPaths } = createRequire(import.meta.url)(join(root, 'dist', 'ops.cjs'));

function memoryIo() {
  let out = '';
  const stdin = new PassThrough();
  stdin.end();
  return {
    io: {
      stdout: { write: (s) => void (out += s) },
      stderr: { write: () => undefined },
      stdin,
      env: { HOME: '/nonexistent', OPS_CONFIG_DIR: '/nonexistent' },
      stdoutIsTty: false,
      stderrIsTty: false,
      stdinIsTty: false,
      columns: 0,
      signal: new AbortController().signal,
    },
    out: () => out,
  };
}

async function run(args) {
  const m = memoryIo();
  const code = await main(['node', 'ops', ...args], m.io);
  return { code, out: m.out() };
}

// The command paths come from the command tree itself, every subtree loaded.
const paths = await commandPaths(memoryIo().io);
const dir = join(root, 'dist', 'help');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let n = 0;
for (const path of paths) {
  const { code, out } = await run([...path, '--help']);
  if (code !== 0 || !out.startsWith('Usage:'))
    throw new Error(`help of "ops ${path.join(' ')}" failed (exit ${code})`);
  writeFileSync(join(dir, `${['ops', ...path].join(' ')}.txt`), out);
  n++;
}
console.error(`wrote ${n} help pages to dist/help/`);
