import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { clockNow } from '../../src/clock.js';
import { runCli } from '../helpers/cli.js';

/**
 * A fresh `ops sandbox start` runs its clock 30 times as fast: relative times (`--end 1h`) are read on
 * that clock, which `ops sandbox env` points the CLI at (OPS_SANDBOX_CLOCK), not on the machine's,
 * which the sandbox's leaves behind within minutes.
 */
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
});

async function start(): Promise<{ child: ChildProcess; url: string; env: Record<string, string> }> {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'start', '--port', '0', '--services', 'hosts'], {
    env: { PATH: process.env.PATH ?? '', TMPDIR: tmpdir() },
  });
  children.push(child);
  const first = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (d: Buffer) => resolve(`${d}`)),
  );
  const url = first.trim().replace('listening on ', '');
  const exports = await runCli(['sandbox', 'env', '--port', new URL(url).port], {
    env: { TMPDIR: tmpdir() },
  });
  const env: Record<string, string> = { TMPDIR: tmpdir() };
  for (const m of exports.stdout.matchAll(/^export (\w+)='([^']*)'$/gm)) env[m[1]!] = m[2]!;
  return { child, url, env };
}

const control = async (url: string, path: string, body: unknown) => {
  const res = await fetch(`${url}/__sandbox/${path}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { errors?: string[]; now?: string } };
};

describe('the sandbox clock, as the CLI reads it', () => {
  it('relative times are read on the sandbox clock, two hours ahead of the wall; without it they are in its past', async () => {
    const { child, url, env } = await start();
    expect(env.OPS_SANDBOX_CLOCK).toMatch(/ops-sandbox-\d+\/clock\.json$/);
    const ahead = await control(url, 'clock/advance', { seconds: 7200 });
    const sandboxNow = Date.parse(ahead.body.now!) / 1000;
    const mute = await runCli(['hosts', 'mute', 'web-007', '--end', '1h', '-o', 'json'], { env });
    expect(mute.code).toBe(0);
    expect(JSON.parse(mute.stdout).end).toBeGreaterThan(sandboxNow + 3500);
    const listed = await runCli(['hosts', 'list', '--limit', '1'], { env: { ...env, OPS_FORCE_TTY: '1' } });
    expect(listed.stdout).toMatch(/ago\n$/);

    const { OPS_SANDBOX_CLOCK: _, ...wall } = env;
    const late = await runCli(['hosts', 'mute', 'web-008', '--end', '1h'], { env: wall });
    expect(late.stderr).toBe(
      'ops: hosts: Invalid end: give a POSIX time in seconds in the future (HTTP 400)\n',
    );

    // Stopped, the sandbox takes its clock with it: the CLI reads the wall clock again.
    child.kill('SIGTERM');
    await once(child, 'exit');
    expect(existsSync(env.OPS_SANDBOX_CLOCK!)).toBe(false);
    expect(Math.abs(clockNow(env) - Date.now())).toBeLessThan(1000);
  });

  it('a clock advance or a fault that is not one is 400, and changes nothing', async () => {
    const { url, env } = await start();
    const before = readFileSync(env.OPS_SANDBOX_CLOCK!, 'utf8');
    for (const seconds of ['x', '5', true, {}]) {
      const r = await control(url, 'clock/advance', { seconds });
      expect(r).toEqual({
        status: 400,
        body: { errors: ['seconds must be a number (of seconds to move the clock by)'] },
      });
    }
    expect(readFileSync(env.OPS_SANDBOX_CLOCK!, 'utf8')).toBe(before);
    const bogus = await control(url, 'faults', [{ kind: 'status', status: 503 }, { kind: 'bogus' }]);
    expect(bogus.status).toBe(400);
    expect(bogus.body.errors![0]).toBe(
      'unknown fault kind "bogus": give one of status, drop, delay, malformed, html',
    );
    const totals = await runCli(['hosts', 'totals', '-o', 'json'], { env: { ...env, OPS_RETRIES: '0' } });
    expect(totals.code).toBe(0);
    expect(JSON.parse(totals.stdout).total_active).toBeGreaterThan(0);
  });
});

describe('a clock file that cannot be written', () => {
  it('leaves the sandbox serving, said on stderr: relative times are then read on the wall clock', async () => {
    const base = mkdtempSync(join(tmpdir(), 'ops-noclock-'));
    writeFileSync(join(base, `ops-${process.getuid?.() ?? 'user'}`), 'a file where the folder would be');
    const child = spawn(process.execPath, [BIN, 'sandbox', 'start', '--port', '0', '--services', 'hosts'], {
      env: { PATH: process.env.PATH ?? '', TMPDIR: base },
    });
    children.push(child);
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d));
    const first = await new Promise<string>((resolve) =>
      child.stdout!.once('data', (d: Buffer) => resolve(`${d}`)),
    );
    expect(first).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\n/);
    // stderr is a pipe of its own: its line may come after stdout's.
    await vi.waitFor(() =>
      expect(err).toMatch(
        /^ops: the sandbox's clock file was not written \(refusing to write the sandbox's files under /,
      ),
    );
  });
});

describe('clockNow', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ops-clock-'));
  it('reads origin, speed and offset from OPS_SANDBOX_CLOCK; the wall clock without one, or with a file gone or broken', () => {
    const file = join(dir, 'clock.json');
    const origin = Date.now() - 60_000;
    writeFileSync(file, JSON.stringify({ origin, speed: 30, offsetMs: 5_000 }));
    const now = clockNow({ OPS_SANDBOX_CLOCK: file });
    expect(now - (origin + 30 * 60_000 + 5_000)).toBeGreaterThanOrEqual(0);
    expect(now - (origin + 30 * 60_000 + 5_000)).toBeLessThan(30 * 1000);
    for (const env of [{}, { OPS_SANDBOX_CLOCK: join(dir, 'gone.json') }])
      expect(Math.abs(clockNow(env) - Date.now())).toBeLessThan(1000);
    writeFileSync(file, '{"origin":"x"}');
    expect(Math.abs(clockNow({ OPS_SANDBOX_CLOCK: file }) - Date.now())).toBeLessThan(1000);
  });

  it('reads the file once a second at most: a table asks for now at every cell', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-03T12:00:00Z') });
    try {
      const file = join(dir, 'kept.json');
      const origin = Date.now();
      writeFileSync(file, JSON.stringify({ origin, speed: 1, offsetMs: 60_000 }));
      const env = { OPS_SANDBOX_CLOCK: file };
      expect(clockNow(env)).toBe(origin + 60_000);
      writeFileSync(file, JSON.stringify({ origin, speed: 1, offsetMs: 120_000 }));
      vi.advanceTimersByTime(500);
      expect(clockNow(env)).toBe(origin + 500 + 60_000);
      vi.advanceTimersByTime(600);
      expect(clockNow(env)).toBe(origin + 1_100 + 120_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
