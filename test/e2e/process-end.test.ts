import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * A one-shot command ends its process as soon as its output has left (`main`, with `written` in src/io.ts),
 * not after Node's own teardown: nothing it wrote is lost, even when its reader reads late.
 */
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');
const sb = await useSandbox({ services: ['docgen'], settings: { 'docgen.count': '2400' } });

/** The CLI with its stdout read only after `waitMs`: until then the pipe fills and the writes queue. */
async function slowlyRead(args: string[], waitMs: number) {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CONFIG_DIR: tempConfigDir(), ...sb.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pause();
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const chunks: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => chunks.push(d));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  await delay(waitMs);
  child.stdout.resume();
  const code = await closed;
  return { code, stdout: Buffer.concat(chunks), stderr };
}

describe('the end of a one-shot process', () => {
  it('output larger than a pipe holds, read late, arrives whole before the process ends', async () => {
    const args = ['docgen', 'jobs', 'list', '--all', '-o', 'json'];
    const r = await slowlyRead(args, 500);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // Far more than the pipe (64 KiB) and the reader's buffer hold: writes were still queued when the
    // command returned.
    expect(r.stdout.length).toBeGreaterThan(1_000_000);
    // The same bytes as the same command read at once, and whole JSON.
    const atOnce = await runCli(args, { env: sb.env });
    expect(r.stdout.toString()).toBe(atOnce.stdout);
    expect(JSON.parse(atOnce.stdout)).toHaveLength(2400);
  });
});
