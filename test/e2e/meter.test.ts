import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runMain, tempConfigDir } from '../helpers/cli.js';
import { useConformance } from '../helpers/conformance.js';
import { useSandbox } from '../helpers/sandbox.js';
import { refusedBatch } from '../meter/helpers.js';

const sb = await useSandbox({ services: ['meter'] });
const conformance = await useConformance('meter', `${sb.url}/meter`);
const dir = mkdtempSync(join(tmpdir(), 'ops-meter-e2e-'));
const SESSION = '/v2/billing/meter_event_session';
const STREAM = '/v2/billing/meter_event_stream';
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');
const stats = async () => (await sb.counters()).emulators.meter as Record<string, number>;

/** N flat events without identifiers (ops derives them), customers cus_0..cus_9. */
function events(n: number, from = 0): string[] {
  const now = Date.now();
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return JSON.stringify({
      event_name: i % 4 ? 'api_requests' : 'storage_gb',
      customer: `cus_${i % 10}`,
      value: (i % 3) + 1,
      timestamp: new Date(now - 3_600_000 + i).toISOString(),
    });
  });
}
const write = (name: string, lines: string[]) => {
  const p = join(dir, name);
  writeFileSync(p, `${lines.join('\n')}\n`);
  return p;
};

describe('ops meter send end to end (built CLI)', () => {
  it('loses nothing: 20,000 events through 500s, 429s with Retry-After, dropped connections and expiring sessions', async () => {
    const file = write('faults.ndjson', events(20_000));
    await sb.fault([
      { service: 'meter', path: SESSION, kind: 'status', status: 503, count: 1 },
      { service: 'meter', path: STREAM, kind: 'status', status: 500, every: 9, count: 15 },
      { service: 'meter', path: STREAM, kind: 'status', status: 429, retryAfter: 1, every: 10, count: 6 },
      { service: 'meter', path: STREAM, kind: 'drop', every: 11, count: 8 },
    ]);
    // Every 800 ms the sandbox clock jumps past the 15-minute life of every session.
    const expire = setInterval(() => void sb.advance(15 * 60 + 1), 800);
    const started = Date.now();
    const r = await runCli(['meter', 'send', file, '--json', '--retries', '10'], {
      env: sb.env,
      timeoutMs: 60_000,
    });
    clearInterval(expire);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ status: 'complete', read: 20_000, sent: 20_000, rejected: 0 });
    expect(summary.retried).toBeGreaterThan(20);
    const counters = await sb.counters();
    expect(counters.faultsInjected).toBe(1 + 15 + 6 + 8);
    const s = counters.emulators.meter as Record<string, number>;
    expect(s.unique).toBe(20_000);
    expect(s.invalid).toBe(0);
    expect(s.expired_rejections).toBeGreaterThan(0);
    expect(s.sessions_created).toBe(summary.sessions);
    expect(summary.sessions).toBeGreaterThan(1);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('a file with invalid lines mixed in: the valid ones all arrive, the invalid ones are all in the rejects file', async () => {
    const lines = events(5_000);
    const bad = new Map<number, string>();
    const kinds = [
      ['{"event_name":"api_requests","customer":"cus_1","value":"many"}', 'value "many" is not a number'],
      ['{"event_name":"api_requests","value":1}', 'customer (billing_customer_id) is missing'],
      ['{"customer":"cus_1","value":1}', 'event_name is missing'],
      [
        '{"event_name":"api_requests","customer":"cus_1","value":1,"timestamp":"2001-01-01T00:00:00Z"}',
        'more than 35 days in the past',
      ],
      ['{"event_name":"api_requests","customer":"cus_1","value":1', 'not valid JSON'],
    ] as const;
    for (let at = 7, k = 0; at < lines.length; at += 97, k++) {
      const [text, reason] = kinds[k % kinds.length]!;
      lines.splice(at, 0, text);
      bad.set(at + 1, reason);
    }
    const file = write('mixed.ndjson', lines);
    const rejects = join(dir, 'mixed.rejects.ndjson');
    const r = await runCli(['meter', 'send', file, '--rejects', rejects, '--json'], { env: sb.env });
    expect(r.code).toBe(1);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({
      read: lines.length,
      sent: 5_000,
      invalid: bad.size,
      refused: 0,
      rejected: bad.size,
    });
    expect(summary.first_rejects).toHaveLength(20);
    // With --json the error is an envelope on stderr.
    expect(JSON.parse(r.stderr).error).toMatchObject({
      code: 'exit_status',
      message: `${bad.size} of ${lines.length} events rejected (${bad.size} invalid, 0 refused by the service); see ${rejects}`,
    });
    const recorded = readFileSync(rejects, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; reason: string; input: string });
    expect(recorded.map((x) => x.line)).toEqual([...bad.keys()]);
    for (const x of recorded) {
      expect(x.reason).toContain(bad.get(x.line));
      expect(x.input).toBe(lines[x.line - 1]);
    }
    expect(await stats()).toMatchObject({ unique: 5_000, duplicates: 0, invalid: 0 });
  });

  it('Ctrl-C: exit 130, the checkpoint says what was confirmed, and a rerun with it sends exactly the rest', async () => {
    const file = write('interrupt.ndjson', events(6_000));
    const ckpt = join(dir, 'interrupt.ckpt');
    await sb.fault({ service: 'meter', path: STREAM, kind: 'delay', delayMs: 300, count: 1000 });
    const child = spawn(
      process.execPath,
      [BIN, 'meter', 'send', file, '--checkpoint', ckpt, '--json', '--concurrency', '2'],
      {
        env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CONFIG_DIR: tempConfigDir(), ...sb.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const deadline = Date.now() + 20_000;
    while ((await stats()).unique < 400 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    const [code] = await once(child, 'close');
    expect(code).toBe(130);
    const summary = JSON.parse(stdout);
    expect(summary.status).toBe('interrupted');
    expect(summary.sent).toBeGreaterThanOrEqual(200);
    expect(summary.sent).toBeLessThan(6_000);
    const saved = JSON.parse(readFileSync(ckpt, 'utf8')) as {
      events_confirmed: number;
      confirmed: Array<[number, number]>;
    };
    expect(saved.events_confirmed).toBe(summary.sent);
    expect(saved.confirmed.reduce((n, [a, b]) => n + b - a + 1, 0)).toBe(summary.sent);
    const ranges = saved.confirmed.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');
    expect(JSON.parse(stderr).error).toMatchObject({
      code: 'interrupted',
      message: `meter send interrupted: ${summary.sent} events confirmed this run (confirmed input lines: ${ranges}); checkpoint ${ckpt} written: rerun with --checkpoint ${ckpt} to send the rest`,
    });

    // Nothing the service kept is missing from the checkpoint (the batches in flight were waited for).
    await new Promise((r) => setTimeout(r, 400));
    expect((await stats()).unique).toBe(summary.sent);

    await sb.control('DELETE', 'faults');
    const rest = await runCli(['meter', 'send', file, '--checkpoint', ckpt, '--json'], { env: sb.env });
    expect(rest.code).toBe(0);
    expect(JSON.parse(rest.stdout)).toMatchObject({ skipped: summary.sent, sent: 6_000 - summary.sent });
    await new Promise((r) => setTimeout(r, 400));
    expect((await stats()).unique).toBe(6_000);
  });

  it("a refused event's line is one line on stderr, the service's newline shown as \\n", async () => {
    await sb.fault(refusedBatch('unknown\nmeter'));
    const r = await runCli(['meter', 'send', write('refused.ndjson', events(1))], { env: sb.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'ops: meter send: line 1: refused by the service: unknown\\nmeter\n' +
        'ops: 1 of 1 events rejected (0 invalid, 1 refused by the service); pass --rejects FILE to keep them\n',
    );
  });
});

describe('conformance with the vendor spec (Prism between the CLI and the emulator)', () => {
  it('requests and responses of session create and send match shared/specs/meter.openapi.json', async (ctx) => {
    if (conformance.skipped) return ctx.skip();
    const env = { ...sb.env, OPS_METER_BASE_URL: conformance.baseUrl };
    const file = write('conformance.ndjson', events(150));
    const steps: Array<[string[], number]> = [
      [['meter', 'session', 'create'], 0],
      [['meter', 'send', '--event-name', 'api_requests', '--customer', 'cus_1', '--value', '2'], 0],
      [['meter', 'send', file], 0],
      [['meter', 'session', 'create', '--api-version', '2026-03-25.dahlia'], 0],
    ];
    for (const [args, code] of steps) {
      const r = await runMain(args, { env });
      expect(`${args.join(' ')} → ${r.code} ${r.stderr}`).toBe(`${args.join(' ')} → ${code} ${r.stderr}`);
    }
    expect(conformance.seen()).toBeGreaterThanOrEqual(6);
    expect(conformance.violations()).toEqual([]);
    // Warnings too: nothing the spec frowns on.
    expect(conformance.violations(true)).toEqual([]);
  });
});
