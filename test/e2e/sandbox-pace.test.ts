import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { sandboxEnv } from '../helpers/sandbox.js';

/**
 * A fresh `ops sandbox start` keeps a newcomer's pace (issue #37, item 10): its clock runs durations
 * 30 times as fast by default, so the README's waits end in seconds; `--set clock.speed=1` is real time.
 */
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
});

/** `ops sandbox start --port 0 …` as a person runs it; the environment `ops sandbox env` would print. */
async function start(...args: string[]): Promise<Record<string, string>> {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'start', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '' },
  });
  children.push(child);
  const first = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (d: Buffer) => resolve(`${d}`)),
  );
  return sandboxEnv(first.trim().replace('listening on ', ''));
}

const LAUNCH = [
  'cloud',
  'instance',
  'launch',
  '--region',
  'eu-west-3',
  '--type',
  'cld.m5.large',
  '--image',
  'UBUNTU_24_04_64BIT',
  '--contract-type',
  'HOURLY',
  '--storage',
  'CENTRAL',
  '--json',
];

async function timed(args: string[], env: Record<string, string>) {
  const began = Date.now();
  const r = await runCli(args, { env, timeoutMs: 90_000 });
  return { ...r, seconds: (Date.now() - began) / 1000 };
}

describe('ops sandbox start runs durations faster by default', () => {
  it("a launch (the seed's 60 s), a snapshot, a db operation and a runs watch each end within seconds", async () => {
    const env = await start('--services', 'cloud,db,runs');
    // The seed's queued run, watched from the sandbox's start: its queue and steps take about 160 s.
    const watch = await timed(['runs', 'watch', '30433648', '--interval', '1', '--exit-status'], env);
    expect(watch.code).toBe(0);
    expect(watch.seconds).toBeLessThan(8);

    const launch = await timed(LAUNCH, env);
    expect(launch.stderr).toBe('');
    expect(launch.code).toBe(0);
    expect(JSON.parse(launch.stdout)).toMatchObject({ state: 'RUNNING' });
    expect(launch.seconds).toBeLessThan(8);

    const id = (JSON.parse(launch.stdout) as { id: string }).id;
    const snapshot = await timed(
      ['cloud', 'instance', 'snapshot', 'create', id, '--name', 'pace', '--json'],
      env,
    );
    expect(snapshot.code).toBe(0);
    expect(snapshot.seconds).toBeLessThan(8);

    const assignment = await timed(
      [
        'db',
        'role-assignment',
        'create',
        '--principal',
        '7d9f1e2a-3b4c-4d5e-8f60-718293a4b5c6',
        '--role-definition',
        'Built-in Data Reader',
        '--scope',
        '/dbs/orders',
      ],
      env,
    );
    expect(assignment.code).toBe(0);
    expect(assignment.seconds).toBeLessThan(8);
  }, 120_000);

  it('--set clock.speed=1 is real time: the same launch is still waiting after 5 s', async () => {
    const env = await start('--services', 'cloud', '--set', 'clock.speed=1');
    const launch = await timed([...LAUNCH, '--wait-timeout', '5'], env);
    expect(launch.code).toBe(6);
    expect(launch.stderr).toMatch(/gave up waiting .* after 5 s/);
  }, 60_000);

  it('a bad clock.speed is exit 2 before the sandbox listens', async () => {
    const r = await runCli(['sandbox', 'start', '--port', '0', '--set', 'clock.speed=0'], {
      timeoutMs: 20_000,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('ops: invalid --set clock.speed="0"\nhint: give a whole number >= 1\n');
    expect(r.stdout).toBe('');
  });
});
