import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { register } from '../../src/commands/pipelines/index.js';
import { runMain, tempConfigDir } from '../helpers/cli.js';
import { testFactory } from '../helpers/factory.js';
import { memoryIo } from '../helpers/io.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * Every example of every `ops pipelines` help page runs as written against a sandbox (after `eval "$(ops sandbox env)"`) and exits 0. Lines
 * that use the shell (pipes, `&&`, redirection) run in bash with `ops` on the PATH (the built CLI);
 * the others run in this process.
 */

const sb = await useSandbox({ services: ['pipelines'] });
const ROOT = join(import.meta.dirname, '..', '..');

const bin = mkdtempSync(join(tmpdir(), 'ops-bin-'));
writeFileSync(
  join(bin, 'ops'),
  `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'bin', 'ops.js')}" "$@"\n`,
);
chmodSync(join(bin, 'ops'), 0o755);

function commandPaths(): string[][] {
  const root = new Command('ops');
  register(root, testFactory(memoryIo()));
  const out: string[][] = [];
  const walk = (c: Command, path: string[]) => {
    out.push(path);
    for (const sub of c.commands) walk(sub, [...path, sub.name()]);
  };
  walk(root.commands[0]!, ['pipelines']);
  return out;
}

function examplesOf(help: string): string[] {
  const block = help.split('\nExamples:\n')[1] ?? '';
  return block
    .split('\n')
    .filter((l) => l.startsWith('  '))
    .map((l) => l.trim());
}

const SHELL = /[|&;>$`]|^\w+=|^(printf|mkdir|date|eval|echo) /;

/** Splits a simple command line as a shell would (quotes, no expansions). */
function words(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | undefined;
  let any = false;
  for (const ch of line.replace(/\s+#.*$/, '')) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      any = true;
    } else if (/\s/.test(ch)) {
      if (cur || any) out.push(cur);
      cur = '';
      any = false;
    } else cur += ch;
  }
  if (cur || any) out.push(cur);
  return out;
}

function bash(script: string, cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], {
      cwd,
      env: { PATH: `${bin}:${process.env.PATH}`, HOME: cwd, OPS_CONFIG_DIR: tempConfigDir(), ...sb.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

/** Runs the lines of one example block in order, in one folder, on a freshly reset sandbox. */
async function runBlock(lines: string[]): Promise<string[]> {
  await sb.control('POST', 'reset');
  const failures: string[] = [];
  const cwd = mkdtempSync(join(tmpdir(), 'ops-example-'));
  // A block that writes files runs wholly in its folder; otherwise only the lines that need a shell do.
  const inFolder = lines.some((l) => /\bmkdir\b|>/.test(l));
  for (const line of lines) {
    if (inFolder || SHELL.test(line)) {
      const r = await bash(`set -o pipefail\n${line}`, cwd);
      if (r.code !== 0) failures.push(`${line} → exit ${r.code}: ${r.out.slice(0, 300)}`);
      continue;
    }
    const args = words(line);
    expect(args[0]).toBe('ops');
    const r = await runMain(args.slice(1), { env: sb.env });
    if (r.code !== 0) failures.push(`${line} → exit ${r.code}: ${r.stderr}`);
  }
  return failures;
}

describe('examples run as written against the sandbox', () => {
  it('a failing example is caught, in this process and in the shell', async () => {
    expect(await runBlock(['ops pipelines project get gh/acme/nope'])).toEqual([
      'ops pipelines project get gh/acme/nope → exit 3: ops: pipelines: Project not found (HTTP 404)\n',
    ]);
    const [shell] = await runBlock(['printf x | ops pipelines env set gh/acme/nope X']);
    expect(shell).toMatch(/→ exit 3: ops: pipelines: Project not found/);
  });

  it('every help page of ops pipelines has examples, and each of them exits 0', async () => {
    const failures: string[] = [];
    let count = 0;
    for (const path of commandPaths()) {
      const help = await runMain([...path, '--help']);
      const examples = examplesOf(help.stdout);
      expect(examples.length, path.join(' ')).toBeGreaterThan(0);
      count += examples.length;
      failures.push(...(await runBlock(examples)));
    }
    expect(count).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
