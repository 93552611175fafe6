// Writes dist/help/<command path>.txt: the help of every command as commander renders it (80 columns),
// made from the built CLI itself, so that `ops <command> --help` can be answered before commander and
// the command tree are loaded. main.ts falls back to commander when a page is missing. The same walk
// writes the help topics (dist/help/ops help <topic>.txt) and the man pages (dist/man/<ops-…>.1, made
// from the help by scripts/manual.mjs).
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { manPage, pageName } from './manual.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
// No code cache from this run: it loads the whole command tree, which no user's command does.
process.env.NODE_DISABLE_COMPILE_CACHE = '1';
// The main bundle of the build under way (scripts/build.mjs stages it beside the one in use), else dist/ops.cjs.
const mainFile = process.env.OPS_BUILD_MAIN || join(root, 'dist', 'ops.cjs');
const { main, commandPaths, helpTopicNames } = createRequire(import.meta.url)(mainFile);

/**
 * A folder of dist/ written beside the one in use (`help.next`) and swapped in by two renames: an `ops`
 * that reads a page meanwhile finds the old one, the new one, or (for the instant between the renames)
 * none, and then renders the same page through commander.
 */
function stagedFolder(name) {
  const live = join(root, 'dist', name);
  const next = `${live}.next`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  return {
    dir: next,
    swap() {
      const old = `${live}.old`;
      rmSync(old, { recursive: true, force: true });
      try {
        renameSync(live, old);
      } catch (e) {
        if (e.code !== 'ENOENT') throw e;
      }
      renameSync(next, live);
      rmSync(old, { recursive: true, force: true });
    },
  };
}

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
const help = stagedFolder('help');
const dir = help.dir;
const pages = new Map();
for (const path of paths) {
  const { code, out } = await run([...path, '--help']);
  if (code !== 0 || !out.startsWith('Usage:'))
    throw new Error(`help of "ops ${path.join(' ')}" failed (exit ${code})`);
  const command = ['ops', ...path].join(' ');
  writeFileSync(join(dir, `${command}.txt`), out);
  pages.set(command, out);
}
const topics = new Map();
for (const topic of await helpTopicNames()) {
  const { code, out } = await run(['help', topic]);
  if (code !== 0) throw new Error(`ops help ${topic} failed (exit ${code})`);
  writeFileSync(join(dir, `ops help ${topic}.txt`), out);
  topics.set(topic, out);
}
help.swap();
console.error(`wrote ${pages.size} help pages and ${topics.size} help topics to dist/help/`);

const manFolder = stagedFolder('man');
const man = manFolder.dir;
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const commands = [...pages.keys()];
// ops(1) carries the topics in the sections man pages have for them.
const sections = {
  flags: 'GLOBAL FLAGS',
  environment: 'ENVIRONMENT',
  'exit-codes': 'EXIT STATUS',
  formatting: 'OUTPUT',
};
const rootTopics = [...topics].map(([topic, text]) => ({
  heading: sections[topic] ?? topic.toUpperCase(),
  text,
}));
for (const [command, help] of pages)
  writeFileSync(
    join(man, `${pageName(command, commands)}.1`),
    manPage(command, help, { version, commands, topics: command === 'ops' ? rootTopics : [] }),
  );
manFolder.swap();
console.error(`wrote ${pages.size} man pages to dist/man/`);
