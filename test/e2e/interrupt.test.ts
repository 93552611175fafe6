import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { SCRIPT, onTerminal } from '../helpers/script-terminal.js';

// Interrupted work says what it did: Ctrl-C on a real terminal, and at every kind of prompt.
const sb = await useSandbox({ services: ['meter', 'tasks', 'runs'] });
const dir = mkdtempSync(join(tmpdir(), 'ops-interrupt-e2e-'));
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');
const STREAM = '/v2/billing/meter_event_stream';
const NO_TERMINAL = 'needs util-linux script for a terminal';
const meter = async () => (await sb.counters()).emulators.meter as Record<string, number>;

/**
 * A config folder holding a profile, as a user's does: reading it loads conf, whose atomic writer
 * (when-exit) catches SIGINT and raises it again. With an empty folder that code never loads.
 */
function userConfigDir(): string {
  const d = tempConfigDir();
  writeFileSync(
    join(d, 'config.json'),
    `${JSON.stringify({ profiles: { default: { output: 'table' } } })}\n`,
  );
  return d;
}

function eventsFile(name: string, n: number): string {
  const now = Date.now();
  const lines: string[] = [];
  for (let i = 0; i < n; i++)
    lines.push(
      JSON.stringify({
        event_name: 'api_requests',
        customer: `cus_${i % 10}`,
        value: 1,
        timestamp: new Date(now - 3_600_000 + i).toISOString(),
      }),
    );
  const p = join(dir, name);
  writeFileSync(p, `${lines.join('\n')}\n`);
  return p;
}

/**
 * `ops meter send` of 2,000 events with the service holding each batch `delayMs`, once its first
 * batch has been sent: the moment to interrupt it. stdout is what it has printed so far.
 */
async function sendingWithStreamHeld(name: string, delayMs: number) {
  const file = eventsFile(name, 2_000);
  await sb.fault({ service: 'meter', path: STREAM, kind: 'delay', delayMs, count: 100 });
  const child = spawn(process.execPath, [BIN, 'meter', 'send', file, '--json'], {
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CONFIG_DIR: tempConfigDir(), ...sb.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const closed = once(child, 'close');
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  const deadline = Date.now() + 20_000;
  while (((await sb.counters()).requests.meter?.[`POST ${STREAM}`] ?? 0) < 1 && Date.now() < deadline)
    await sleep(50);
  return { child, closed, stdout: () => out };
}

type Saved = { events_confirmed: number; confirmed: Array<[number, number]> };
const lines = (s: Saved) => s.confirmed.reduce((n, [a, b]) => n + b - a + 1, 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Ctrl-C during ops meter send', () => {
  it.skipIf(!SCRIPT)(
    `on a terminal: prints the summary and the confirmed lines, exits 130, and the checkpoint holds every batch the service confirmed (${SCRIPT ? 'script' : NO_TERMINAL})`,
    async () => {
      const file = eventsFile('terminal.ndjson', 200_000);
      const ckpt = join(dir, 'terminal.ckpt');
      // Every batch is held 300 ms by the service, so batches are in flight when Ctrl-C comes.
      await sb.fault({ service: 'meter', path: STREAM, kind: 'delay', delayMs: 300, count: 100_000 });
      const term = onTerminal(['meter', 'send', file, '--checkpoint', ckpt], {
        ...sb.env,
        HOME: tmpdir(),
        OPS_CONFIG_DIR: userConfigDir(),
      });
      await term.waitFor(/[1-9],\d{3} events sent/);
      term.type('\x03');
      const code = await term.exit;
      const screen = term.screen();
      expect(code).toBe(130);
      expect(screen).toMatch(/status\s+interrupted/);
      const sent = Number(/sent\s+(\d+)/.exec(screen)?.[1]);
      expect(sent).toBeGreaterThanOrEqual(1000);
      expect(sent).toBeLessThan(200_000);
      expect(screen).toContain(
        `ops: meter send interrupted: ${sent} events confirmed this run (confirmed input lines: 1-${sent}); checkpoint ${ckpt} written`,
      );
      expect(screen).not.toMatch(/Warning|unexpected error/);
      // A batch abandoned on the way would still land after its delay: wait for any before counting.
      await sleep(500);
      const saved = JSON.parse(readFileSync(ckpt, 'utf8')) as Saved;
      expect(saved.events_confirmed).toBe(sent);
      expect(lines(saved)).toBe(sent);
      expect((await meter()).unique).toBe(sent);
    },
  );

  it('one Ctrl-C delivered twice (the terminal to the group, and a wrapper forwarding it) is one: the run still reports', async () => {
    const file = eventsFile('twice.ndjson', 20_000);
    const ckpt = join(dir, 'twice.ckpt');
    await sb.fault({ service: 'meter', path: STREAM, kind: 'delay', delayMs: 300, count: 10_000 });
    const child = spawn(process.execPath, [BIN, 'meter', 'send', file, '--checkpoint', ckpt, '--json'], {
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CONFIG_DIR: tempConfigDir(), ...sb.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const closed = once(child, 'close');
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    const deadline = Date.now() + 20_000;
    while ((await meter()).unique < 800 && Date.now() < deadline) await sleep(50);
    child.kill('SIGINT');
    await sleep(5);
    child.kill('SIGINT');
    const [code] = await closed;
    expect(code).toBe(130);
    const summary = JSON.parse(stdout);
    expect(summary.status).toBe('interrupted');
    await sleep(500);
    const saved = JSON.parse(readFileSync(ckpt, 'utf8')) as Saved;
    expect(saved.events_confirmed).toBe(summary.sent);
    expect((await meter()).unique).toBe(summary.sent);
  });

  it('SIGTERM (a CI runner cancelling the job) reports the same, and exits 143 as a shell would say', async () => {
    const { child, closed, stdout } = await sendingWithStreamHeld('term.ndjson', 300);
    child.kill('SIGTERM');
    const [code] = await closed;
    expect(code).toBe(143);
    expect(JSON.parse(stdout()).status).toBe('interrupted');
  });

  it('Ctrl-C waits for the batches in flight; a second one, later, quits at once', async () => {
    const { child, closed } = await sendingWithStreamHeld('again.ndjson', 5_000);
    const started = Date.now();
    child.kill('SIGINT');
    await sleep(600);
    // Still waiting for the batches the service holds.
    expect(child.exitCode).toBeNull();
    child.kill('SIGINT');
    const [code] = await closed;
    expect(code).toBe(130);
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe.skipIf(!SCRIPT)(
  `Ctrl-C at a prompt (${SCRIPT ? 'on a terminal through script' : NO_TERMINAL})`,
  () => {
    const env = () => ({ ...sb.env, HOME: tmpdir(), OPS_CONFIG_DIR: userConfigDir() });

    it('a [y/N] question: exit 130, no Node warning, nothing changed', async () => {
      const term = onTerminal(['tasks', 'lists', 'delete', 'Groceries'], env());
      await term.waitFor(/Delete task list "Groceries" and all its tasks\? \[y\/N\] /);
      term.type('\x03');
      expect(await term.exit).toBe(130);
      expect(term.screen()).toMatch(/\[y\/N\] \r?\nops: interrupted\r?\n$/);
      expect(term.screen()).not.toMatch(/Warning|unsettled/);
      const after = await onTerminal(['tasks', 'lists', 'list'], env());
      expect(await after.exit).toBe(0);
      expect(after.screen()).toContain('Groceries');
    });

    it('a hidden prompt: exit 130, no Node warning, and the terminal echoes again', async () => {
      const term = onTerminal(['runs', 'secret', 'set', 'INTERRUPTED'], env(), 'stty -a;');
      await term.waitFor(/Secret value: /);
      term.type('s3cr');
      await sleep(100);
      term.type('\x03');
      expect(await term.exit).toBe(130);
      const screen = term.screen();
      expect(screen).toContain('ops: interrupted');
      expect(screen).not.toMatch(/Warning|unsettled/);
      expect(screen).not.toContain('s3cr');
      expect(screen).toMatch(/(^|[\s;])echo([\s;]|$)/m);
      expect(screen).not.toMatch(/(^|[\s;])-echo([\s;]|$)/m);
    });

    it('Ctrl-D at a question is no answer, not a hang: not confirmed, exit 2', async () => {
      const term = onTerminal(['tasks', 'lists', 'delete', 'Groceries'], env());
      await term.waitFor(/\[y\/N\] /);
      term.type('\x04');
      expect(await term.exit).toBe(2);
      expect(term.screen()).toContain('not confirmed');
      expect(term.screen()).not.toMatch(/Warning|unsettled/);
    });
  },
);
