import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import type { TestSandbox } from './sandbox.js';

/**
 * Examples of the README and of the help pages, extracted and run as written: the one extraction and the
 * one runner that every service's documentation goes through.
 *
 * The manual's markup (README.md and every Markdown page under docs/):
 * - A ```` ```sh ```` block is an example: its lines run in order as one bash script, after
 *   `eval "$(ops sandbox env)"`, in a fresh folder with a fresh config, against a freshly reset sandbox;
 *   test/e2e/readme.test.ts runs a page's blocks so, one after another as one script, as a reader does.
 * - A line whose comment starts with `exit N` (`ops … # exit 4: no permission`) must exit N; every other
 *   command must exit 0.
 * - `<!-- not run: <reason> -->` on the line above the fence skips the block, with its reason.
 * - Fences in another language (`yaml`, `zsh`, `fish`, none for output) are not examples; any other
 *   language is refused, so no block of shell escapes the run by its tag.
 */

export const ROOT = join(import.meta.dirname, '..', '..');

/** One command of an example (continued lines and here-documents joined) and the exit it must give. */
export interface ExampleCommand {
  text: string;
  exit: number;
  /** Line of the README, or of the help page's Examples block, where it starts (1-based). */
  line: number;
}

export interface Example {
  /** `README.md:123 (#### Status)` or `ops hosts list --help`. */
  name: string;
  /** The reason a README block is not run, from its `<!-- not run: … -->` marker. */
  skip?: string;
  commands: ExampleCommand[];
}

/** Fence languages that are not examples, and why. */
export const NOT_SHELL: Record<string, string> = {
  '': 'output or a file layout, not commands',
  yaml: 'a CI or Kubernetes manifest, not commands',
  zsh: 'for zsh; the examples run in bash',
  fish: 'for fish; the examples run in bash',
};

/** Splits lines of shell into commands: `\` continuations and here-documents are joined. */
export function splitCommands(lines: string[], firstLine = 1): ExampleCommand[] {
  const out: ExampleCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    const parts = [lines[i]!];
    while (/\\$/.test(parts[parts.length - 1]!) && i + 1 < lines.length) parts.push(lines[++i]!);
    const heredoc = /<<-?\s*(['"]?)(\w+)\1/.exec(parts.join('\n'));
    if (heredoc)
      while (i + 1 < lines.length && parts[parts.length - 1]!.trim() !== heredoc[2]) parts.push(lines[++i]!);
    const text = parts.join('\n');
    if (text.trim() === '' || text.trim().startsWith('#')) continue;
    out.push({ text, exit: expectedExit(parts[0]!), line: firstLine + start });
  }
  return out;
}

/** `# exit N` (optionally `: why`) as a line's comment: the exit the line must give. */
function expectedExit(line: string): number {
  const m = /\s#\s*exit (\d+)\b[^'"]*$/.exec(line);
  return m ? Number(m[1]) : 0;
}

/** Every fenced block of shell in a Markdown text, with its place, heading and skip marker. */
export function markdownExamples(markdown: string, file = 'README.md'): Example[] {
  const lines = markdown.split('\n');
  const out: Example[] = [];
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^#{1,6} /.test(line)) heading = line;
    const fence = /^```(\S*)\s*$/.exec(line);
    if (!fence) continue;
    const lang = fence[1]!;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`${file}:${i + 1}: a fence that is never closed`);
    const name = `${file}:${i + 1} (${heading})`;
    if (lang !== 'sh' && !(lang in NOT_SHELL))
      throw new Error(
        `${name}: a \`\`\`${lang} block; use sh for examples, or one of ${Object.keys(NOT_SHELL)}`,
      );
    if (lang === 'sh') {
      const skip = /^<!-- not run: (.+?) -->$/.exec(lines[i - 1] ?? '')?.[1];
      out.push({ name, skip, commands: splitCommands(lines.slice(i + 1, end), i + 2) });
    }
    i = end;
  }
  return out;
}

/** The pages of the manual whose examples run: README.md and every Markdown page under docs/. */
export function manualPages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f).split(sep).join('/'));
  return ['README.md', ...docs.sort()];
}

/** The commands of a help page's `Examples:` block (the built page in `dist/help`). */
export function helpExamples(page: string): Example {
  const text = readFileSync(join(ROOT, 'dist', 'help', `${page}.txt`), 'utf8');
  const block = text.split('\nExamples:\n')[1] ?? '';
  const lines: string[] = [];
  for (const l of block.split('\n')) {
    if (!l.startsWith('  ')) break;
    lines.push(l.trim());
  }
  return { name: `${page} --help`, commands: splitCommands(lines) };
}

/** The built help pages (`ops hosts list`, …), all of them or those whose path starts with one of `prefixes`. */
export function helpPages(prefixes?: string[]): string[] {
  return readdirSync(join(ROOT, 'dist', 'help'))
    .map((f) => f.replace(/\.txt$/, ''))
    .filter((p) => !prefixes || prefixes.some((x) => p === `ops ${x}` || p.startsWith(`ops ${x} `)))
    .sort();
}

/** A rule that turns a command of the documentation into the command the test runs. */
export interface Rewrite {
  /** Why the documentation and the test differ here. */
  why: string;
  apply(text: string, port: number): string;
}

/** A command the test does not run, and why. */
export interface LineSkip {
  why: string;
  test(text: string): boolean;
}

export interface RunOptions {
  sandbox: TestSandbox;
  rewrites?: Rewrite[];
  skips?: LineSkip[];
  /** Files written into the example's folder first (inputs that help examples name). */
  files?: Record<string, string>;
  /** Commands that wait on the sandbox clock: while one runs, the clock moves on. */
  clock?: RegExp;
  env?: Record<string, string>;
  timeoutMs?: number;
}

export interface ExampleRun {
  /** One entry per command that did not exit as documented (or the script's own failure). */
  failures: string[];
  /** The commands not run, each with the reason. */
  skipped: string[];
  stderr: string;
}

let binDir: string | undefined;

/** A folder with `ops` (the built CLI, `bin/ops.cjs` on this Node) for the examples' PATH. */
function opsOnPath(): string {
  if (binDir) return binDir;
  binDir = mkdtempSync(join(tmpdir(), 'ops-examples-bin-'));
  writeFileSync(
    join(binDir, 'ops'),
    `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, 'bin', 'ops.cjs')}' "$@"\n`,
    {
      mode: 0o755,
    },
  );
  return binDir;
}

/**
 * Runs an example against the sandbox after a reset: its commands in order as one bash script (so
 * variables, files and here-documents carry from one command to the next), or with `alone` each
 * command as its own script on a sandbox reset again (help examples are alternatives, not steps), in
 * one fresh folder. Each command's exit is checked against the documented one.
 */
export async function runExample(example: Example, o: RunOptions & { alone?: boolean }): Promise<ExampleRun> {
  const port = Number(new URL(o.sandbox.url).port);
  const cwd = mkdtempSync(join(tmpdir(), 'ops-example-'));
  for (const [name, content] of Object.entries(o.files ?? {})) writeFileSync(join(cwd, name), content);
  const run: Array<{ command: ExampleCommand; text: string }> = [];
  const skipped: string[] = [];
  for (const command of example.commands) {
    const skip = o.skips?.find((s) => s.test(command.text));
    if (skip) skipped.push(`${command.text}: ${skip.why}`);
    else run.push({ command, text: (o.rewrites ?? []).reduce((t, r) => r.apply(t, port), command.text) });
  }
  const groups = o.alone ? run.map((r) => [r]) : [run];
  const failures: string[] = [];
  const stderr: string[] = [];
  for (const group of groups) {
    await o.sandbox.control('POST', 'reset');
    const r = await runScript(group, cwd, o);
    failures.push(...r.failures);
    stderr.push(r.stderr);
  }
  return { failures, skipped, stderr: stderr.join('') };
}

async function runScript(
  steps: Array<{ command: ExampleCommand; text: string }>,
  cwd: string,
  o: RunOptions,
): Promise<{ failures: string[]; stderr: string }> {
  const errors = mkdtempSync(join(tmpdir(), 'ops-example-stderr-'));
  const script = ['set -o pipefail'];
  steps.forEach(({ text }, n) => {
    const clock = o.clock?.test(text);
    script.push(`exec 2>'${errors}/${n}'`);
    if (clock) script.push('echo clock-on >&3');
    script.push(text);
    script.push(`__rc=$?; ${clock ? 'echo clock-off >&3; ' : ''}echo "done ${n} $__rc" >&3`);
  });
  const env: Record<string, string> = {
    PATH: `${opsOnPath()}:${process.env.PATH ?? ''}`,
    HOME: cwd,
    TMPDIR: tmpdir(),
    OPS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'ops-example-config-')),
    ...o.sandbox.env,
    ...o.env,
  };
  const child = spawn('bash', ['-c', script.join('\n')], {
    cwd,
    env,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let marks = '';
  let scriptErr = '';
  let pump: NodeJS.Timeout | undefined;
  child.stderr!.on('data', (d: Buffer) => (scriptErr += d.toString()));
  child.stdio[3]!.on('data', (d: Buffer) => {
    marks += d.toString();
    if (/clock-on\n$/.test(marks)) pump ??= setInterval(() => o.sandbox.sandbox.clock.advance(10_000), 50);
    if (/clock-off\n$/.test(marks) && pump) {
      clearInterval(pump);
      pump = undefined;
    }
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 60_000);
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  clearTimeout(timer);
  if (pump) clearInterval(pump);
  const done = new Map([...marks.matchAll(/^done (\d+) (\d+)$/gm)].map((m) => [Number(m[1]), Number(m[2])]));
  const failures: string[] = [];
  let stderr = scriptErr;
  steps.forEach(({ command, text }, n) => {
    const rc = done.get(n);
    if (rc === command.exit) return;
    const err = readText(join(errors, String(n)));
    const got = rc === undefined ? `never finished (bash exit ${code})` : `exit ${rc}, not ${command.exit}`;
    failures.push(`line ${command.line}: ${text} → ${got}`);
    stderr += `--- line ${command.line}: ${text}\n${err}`;
  });
  return { failures, stderr };
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
