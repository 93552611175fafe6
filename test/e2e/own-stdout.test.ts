import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * stdout that is not a terminal is written with write(2) (src/own-stdout.ts) until the descriptor
 * would block or 64 KiB have gone; then through process.stdout. These run ops with a stdout a test
 * cannot make from Node: a pipe whose reader has gone, and a non-blocking pipe that is nearly full
 * (as when a parent shares its own non-blocking descriptor). Python's os.pipe and fcntl make them.
 */
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');
const sb = await useSandbox({ services: ['hosts'] });
const python = spawnSync('python3', ['-c', 'import fcntl, os, subprocess'], { stdio: 'ignore' }).status === 0;

/**
 * Runs ops under python3 with stdout as `mode` says; prints a JSON line of the exit code, stderr and
 * (for a full pipe) every byte read from the pipe after the filler.
 */
async function underPython(mode: 'closed' | 'full', args: string[]) {
  const script = `
import fcntl, json, os, subprocess, sys, threading
mode, node, bin, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
r, w = os.pipe()
filler = 0
if mode == 'closed':
    os.close(r)
else:
    fcntl.fcntl(w, fcntl.F_SETFL, fcntl.fcntl(w, fcntl.F_GETFL) | os.O_NONBLOCK)
    # Fill the pipe but for 16 bytes: ops's first write (more than that, at most PIPE_BUF) is EAGAIN.
    size = fcntl.fcntl(w, 1032)  # F_GETPIPE_SZ
    filler = os.write(w, b'.' * (size - 16))
p = subprocess.Popen([node, bin] + args, stdout=w, stderr=subprocess.PIPE)
os.close(w)
out = b''
if mode == 'full':
    # Read only once ops has had time to meet the full pipe; then all of it, to its end.
    threading.Event().wait(0.5)
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        out += chunk
err = p.stderr.read()
code = p.wait()
print(json.dumps({'code': code, 'stderr': err.decode(), 'filler': filler, 'out': out[filler:].decode()}))
`;
  // Asynchronous: the sandbox answering ops runs in this process.
  const child = spawn('python3', ['-c', script, mode, process.execPath, BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CONFIG_DIR: tempConfigDir(), ...sb.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`python3 failed: ${err}`);
  return JSON.parse(out) as { code: number; stderr: string; filler: number; out: string };
}

describe.skipIf(!python)('stdout written directly (needs python3 for its pipes)', () => {
  it('a reader gone before the first write ends the run quietly, exit 0 (the version and a request)', async () => {
    for (const args of [['--version'], ['hosts', 'totals']]) {
      const r = await underPython('closed', args);
      expect([args, r.code, r.stderr]).toEqual([args, 0, '']);
    }
  });

  it('a non-blocking pipe that is full (EAGAIN) hands the output to the stream, which waits for the reader: nothing lost', async () => {
    // `--version` alone is written by bin/ops.cjs itself, the same way.
    const line = await underPython('full', ['--version']);
    expect(line).toMatchObject({ code: 0, stderr: '' });
    expect(line.filler).toBeGreaterThan(4096);
    expect(line.out).toMatch(/^ops \d+\.\d+\.\d+ \(.+\)\n$/);

    const version = await underPython('full', ['--version', '--json']);
    expect(version.code).toBe(0);
    expect(version.stderr).toBe('');
    expect(version.filler).toBeGreaterThan(4096);
    expect(JSON.parse(version.out)).toMatchObject({
      version: expect.any(String),
      platform: expect.any(String),
    });

    const totals = await underPython('full', ['hosts', 'totals', '-o', 'json']);
    expect(totals.code).toBe(0);
    expect(totals.stderr).toBe('');
    expect(JSON.parse(totals.out)).toMatchObject({
      total_active: expect.any(Number),
      total_up: expect.any(Number),
    });
  });
});

if (!python)
  console.warn('own-stdout.test.ts: python3 with fcntl is missing, so its pipes cannot be made: skipped');

/** Runs ops with stdout on `out` (a descriptor), and stderr piped; its exit code and stderr. */
async function withStdout(out: number, args: string[], command: string[] = []) {
  const [file, ...pre] = command.length ? command : [process.execPath];
  const child = spawn(file!, [...pre, ...(command.length ? [process.execPath] : []), BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CONFIG_DIR: tempConfigDir(), ...sb.env },
    stdio: ['ignore', out, 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stderr: err };
}

const full = existsSync('/dev/full');
const prlimit = spawnSync('prlimit', ['--version'], { stdio: 'ignore' }).status === 0;

describe('output stdout cannot take', () => {
  it.skipIf(!full)(
    'a full disk (/dev/full) is exit 1 and one line, from the version, a help page and a request',
    async () => {
      const fd = openSync('/dev/full', 'w');
      try {
        for (const args of [
          ['--version'],
          ['hosts', '--help'],
          ['hosts', 'totals'],
          ['help', 'exit-codes'],
        ]) {
          const r = await withStdout(fd, args);
          expect([args, r.code, r.stderr]).toEqual([
            args,
            1,
            'ops: writing the output: no space left on device (ENOSPC)\n',
          ]);
        }
        const json = await withStdout(fd, ['hosts', 'totals', '--json']);
        expect(json.code).toBe(1);
        expect(JSON.parse(json.stderr).error).toMatchObject({
          code: 'output',
          message: 'writing the output: no space left on device (ENOSPC)',
        });
      } finally {
        closeSync(fd);
      }
    },
  );

  it.skipIf(!prlimit)(
    'a file the disk cuts short past the first 64 KiB is exit 1 too, not a cut file and exit 0',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ops-out-'));
      const path = join(dir, 'hosts.json');
      const fd = openSync(path, 'w');
      try {
        // The hosts list is about 75 kB: the limit falls after what ops writes before its first await.
        const r = await withStdout(
          fd,
          ['hosts', 'list', '--all', '-o', 'json'],
          ['prlimit', '--fsize=70000'],
        );
        expect(r.code).toBe(1);
        // -o json: the error is its JSON envelope.
        expect(JSON.parse(r.stderr).error).toMatchObject({
          code: 'output',
          message: 'writing the output: file too large (EFBIG)',
        });
        expect(statSync(path).size).toBe(70000);
      } finally {
        closeSync(fd);
      }
      const whole = join(dir, 'whole.json');
      const wfd = openSync(whole, 'w');
      try {
        expect(await withStdout(wfd, ['hosts', 'list', '--all', '-o', 'json'])).toEqual({
          code: 0,
          stderr: '',
        });
        expect(statSync(whole).size).toBeGreaterThan(70000);
        expect(JSON.parse(readFileSync(whole, 'utf8')).length).toBeGreaterThan(100);
      } finally {
        closeSync(wfd);
      }
    },
  );

  it('a reader of stderr gone (--debug 2>&1 | head) is no crash: the run ends as it would, no stack trace', async () => {
    const devnull = openSync('/dev/null', 'w');
    try {
      const child = spawn(process.execPath, [BIN, 'hosts', 'list', '--all', '-o', 'ndjson', '--debug'], {
        env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CONFIG_DIR: tempConfigDir(), ...sb.env },
        stdio: ['ignore', devnull, 'pipe'],
      });
      // The reader reads nothing and goes: every later write to stderr meets EPIPE.
      child.stderr!.destroy();
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(0);
    } finally {
      closeSync(devnull);
    }
  });
});

if (!full) console.warn('own-stdout.test.ts: no /dev/full on this machine: its full-disk case is skipped');
if (!prlimit) console.warn('own-stdout.test.ts: no prlimit (util-linux): its file-size case is skipped');
