import { spawn, spawnSync } from 'node:child_process';
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
