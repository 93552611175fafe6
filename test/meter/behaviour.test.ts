import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FaultRule } from '../../src/sandbox/core/faults.js';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { API_KEY, ndjsonEvents, refusedBatch } from './helpers.js';

const sb = await useSandbox({ services: ['meter'] });
const dir = mkdtempSync(join(tmpdir(), 'ops-meter-behaviour-'));
let n = 0;
const file = (text: string, ext = 'ndjson') => {
  const p = join(dir, `f${n++}.${ext}`);
  writeFileSync(p, text);
  return p;
};
const ops = (
  args: string[],
  o: { env?: Record<string, string | undefined>; input?: string; tty?: boolean; signal?: AbortSignal } = {},
) => runMain(args, { env: { ...sb.env, ...o.env }, input: o.input, tty: o.tty, signal: o.signal });
const meterStats = async () => (await sb.counters()).emulators.meter as Record<string, number>;
const requests = async () => (await sb.counters()).requests.meter ?? {};
const STREAM = '/v2/billing/meter_event_stream';
const ONE = ['meter', 'send', '--event-name', 'api_requests', '--customer', 'cus_1', '--value', '3'];

describe('ops meter session create', () => {
  it('prints the session with the token masked in the table', async () => {
    const r = await ops(['meter', 'session', 'create']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^id\s+mtrses_\w+/m);
    expect(r.stdout).toMatch(/^authentication token\s+\*\*\*\s*$/m);
    expect(r.stdout).toMatch(/^livemode\s+no\s*$/m);
    expect(r.stdout).not.toContain('mes_test_');
  });

  it('prints the token alone with --field, and everything with --json', async () => {
    const field = await ops(['meter', 'session', 'create', '--field', 'authentication_token']);
    expect(field.stdout).toMatch(/^mes_test_[\w-]+\n$/);
    const json = await ops(['meter', 'session', 'create', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      object: 'v2.billing.meter_event_session',
      livemode: false,
      authentication_token: expect.stringMatching(/^mes_test_/),
    });
  });

  it('uses the live key when given one', async () => {
    const r = await ops(['meter', 'session', 'create', '--json'], {
      env: { OPS_METER_API_KEY: 'sk_live_sandbox_meter' },
    });
    expect(JSON.parse(r.stdout).livemode).toBe(true);
  });

  it.each<[string, Record<string, string | undefined>, number, RegExp]>([
    [
      'a wrong API key',
      { OPS_METER_API_KEY: 'sk_test_wrong' },
      4,
      /Invalid API Key provided.*\(HTTP 401\)\nhint: check the API key/,
    ],
    [
      'no API key',
      { OPS_METER_API_KEY: undefined },
      4,
      /meter: no api key is set\nhint: set OPS_METER_API_KEY/,
    ],
    ['no address', { OPS_METER_BASE_URL: undefined }, 2, /meter: no service address is set/],
    [
      'a bad version in the environment',
      { OPS_METER_API_VERSION: 'latest' },
      2,
      /invalid OPS_METER_API_VERSION "latest"/,
    ],
  ])('fails with %s', async (_name, env, code, message) => {
    const r = await ops(['meter', 'session', 'create'], { env });
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    if (code === 2) expect(await requests()).toEqual({});
  });

  it.each<[string, FaultRule, string[], number, RegExp]>([
    ['a 500', { service: 'meter', kind: 'status', status: 500 }, [], 7, /injected fault \(HTTP 500\)/],
    [
      'a 429 once the retries are spent',
      { service: 'meter', kind: 'status', status: 429, retryAfter: 1 },
      [],
      5,
      /HTTP 429/,
    ],
    [
      'a timeout',
      { service: 'meter', kind: 'delay', delayMs: 700 },
      ['--timeout', '0.2'],
      6,
      /no answer from .* within 0.2 s/,
    ],
    ['a dropped connection', { service: 'meter', kind: 'drop' }, [], 7, /dropped before a complete answer/],
    ['a malformed body', { service: 'meter', kind: 'malformed' }, [], 7, /a body that is not valid JSON/],
    ['an HTML error page', { service: 'meter', kind: 'html' }, [], 7, /502 Bad Gateway/],
  ])('maps %s to its exit code', async (_name, rule, args, code, message) => {
    await sb.fault(rule);
    const r = await ops(['meter', 'session', 'create', '--retries', '0', ...args]);
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(message);
    // The delayed request still reaches the emulator after the client gave up: let it land here.
    if (rule.kind === 'delay') {
      for (let i = 0; i < 40 && (await meterStats()).sessions_created === 0; i++)
        await new Promise((w) => setTimeout(w, 50));
      expect((await meterStats()).sessions_created).toBe(1);
    }
  });

  it('waits as long as Retry-After says and succeeds', async () => {
    await sb.fault({ service: 'meter', kind: 'status', status: 429, retryAfter: 1 });
    const started = Date.now();
    const r = await ops(['meter', 'session', 'create', '--field', 'id']);
    expect(r.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect((await requests())['POST /v2/billing/meter_event_session']).toBe(2);
  });

  it('prints a curl line with the key masked on --dry-run, and sends nothing', async () => {
    const r = await ops(['meter', 'session', 'create', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^curl -X POST .*\/meter\/v2\/billing\/meter_event_session/);
    expect(r.stdout).toContain('Billing-Version: 2025-08-27.preview');
    expect(r.stdout).not.toContain(API_KEY);
    expect(await requests()).toEqual({});
  });
});

describe('ops meter send: one event', () => {
  it('sends it under a new session and prints it', async () => {
    const r = await ops([...ONE, '--identifier', 'evt-one', '--timestamp', '-1m', '--json']);
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e).toMatchObject({
      identifier: 'evt-one',
      event_name: 'api_requests',
      payload: { billing_customer_id: 'cus_1', value: '3' },
    });
    expect(Date.now() - Date.parse(e.timestamp)).toBeLessThan(120_000);
    expect(await meterStats()).toMatchObject({
      sessions_created: 1,
      unique: 1,
      customers: { cus_1: { events: 1, value: 3 } },
    });
  });

  it('refuses a bad value before any request (exit 2)', async () => {
    const r = await ops(['meter', 'send', '--event-name', 'a', '--customer', 'c', '--value', 'lots']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'ops: invalid event: value "lots" is not a number\nhint: fix the flag it names; see ops meter send --help\n',
    );
    expect(await requests()).toEqual({});
  });

  it('never shows the key or the session token in --debug', async () => {
    const r = await ops([...ONE, '--debug']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('> POST');
    expect(r.stderr).toContain('authorization: Bearer ***');
    expect(r.stderr).not.toContain(API_KEY);
    expect(r.stderr).not.toMatch(/mes_test_/);
  });

  it('renews the session when the stream says it expired', async () => {
    await sb.fault({
      service: 'meter',
      path: STREAM,
      kind: 'status',
      status: 401,
      body: {
        error: {
          type: 'temporary_session_expired',
          code: 'billing_meter_event_session_expired',
          message: 'expired',
          doc_url: 'https://x',
        },
      },
    });
    const r = await ops(ONE);
    expect(r.code).toBe(0);
    expect(await meterStats()).toMatchObject({ sessions_created: 2, unique: 1 });
  });
});

describe('ops meter send: files', () => {
  it('sends every event of an NDJSON file in batches of 100 and prints a summary', async () => {
    const r = await ops(['meter', 'send', file(ndjsonEvents(1050)), '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      status: 'complete',
      read: 1050,
      sent: 1050,
      rejected: 0,
      skipped: 0,
      sessions: 1,
    });
    expect(await meterStats()).toMatchObject({ unique: 1050, duplicates: 0, requests: 11 });
  });

  it('reads stdin, and CSV by extension', async () => {
    const a = await ops(['meter', 'send', '-', '--json'], { input: ndjsonEvents(10) });
    expect(JSON.parse(a.stdout)).toMatchObject({ sent: 10 });
    const csv = file('event_name,customer,value,identifier\napi,cus_1,1,c1\napi,cus_2,2,c2\n', 'csv');
    const b = await ops(['meter', 'send', csv, '--json']);
    expect(JSON.parse(b.stdout)).toMatchObject({ read: 2, sent: 2 });
    expect(await meterStats()).toMatchObject({ unique: 12 });
  });

  it('derives identifiers, so the same file sent twice is counted once', async () => {
    const f = file(ndjsonEvents(250, { ids: false }));
    expect((await ops(['meter', 'send', f])).code).toBe(0);
    expect((await ops(['meter', 'send', f])).code).toBe(0);
    expect(await meterStats()).toMatchObject({ received: 500, unique: 250, duplicates: 250 });
  });

  it('reports invalid lines with their line numbers, sends the rest, and exits 1', async () => {
    const lines = ndjsonEvents(5).trim().split('\n');
    lines.splice(2, 0, '{"event_name":"api","customer":"c","value":"x"}');
    lines.splice(4, 0, 'not json', '');
    const rejects = join(dir, 'rejects.ndjson');
    const r = await ops(['meter', 'send', file(lines.join('\n')), '--rejects', rejects]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('ops: meter send: line 3: value "x" is not a number\n');
    expect(r.stderr).toMatch(/ops: meter send: line 5: not valid JSON/);
    expect(r.stderr).toMatch(
      /ops: 2 of 7 events rejected \(2 invalid, 0 refused by the service\); see .*rejects\.ndjson/,
    );
    expect(r.stdout).toMatch(/^status\s+complete/m);
    const recorded = readFileSync(rejects, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(recorded).toEqual([
      {
        line: 3,
        reason: 'value "x" is not a number',
        input: '{"event_name":"api","customer":"c","value":"x"}',
      },
      { line: 5, reason: expect.stringMatching(/^not valid JSON/), input: 'not json' },
    ]);
    expect(await meterStats()).toMatchObject({ unique: 5 });
  });

  it('stops at the first invalid line with --strict, after sending what came before', async () => {
    const text = `${ndjsonEvents(3)}{"event_name":"api","value":1}\n${ndjsonEvents(3, { from: 10 })}`;
    const r = await ops(['meter', 'send', file(text), '--strict', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'stopped', read: 4, sent: 3, invalid: 1 });
    expect(r.stderr).toMatch(
      /stopped at the first invalid line \(--strict\): line 4: customer \(billing_customer_id\) is missing/,
    );
    expect(await meterStats()).toMatchObject({ unique: 3 });
  });

  it('records the batch the service refused in the rejects file and goes on', async () => {
    await sb.fault(refusedBatch('events[0].event_name: unknown meter'));
    const rejects = join(dir, 'refused.ndjson');
    const r = await ops([
      'meter',
      'send',
      file(ndjsonEvents(150)),
      '--rejects',
      rejects,
      '--concurrency',
      '1',
      '--json',
    ]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 50, refused: 100, rejected: 100 });
    const first = JSON.parse(readFileSync(rejects, 'utf8').split('\n')[0]!);
    expect(first).toMatchObject({
      line: 1,
      reason: 'refused by the service: events[0].event_name: unknown meter',
      event: { identifier: 'evt_0' },
    });
  });

  it("a refused event's line on stderr is one line: the service's newline and escapes shown escaped", async () => {
    await sb.fault(refusedBatch('bad\nname\u001b[2J'));
    const r = await ops(['meter', 'send', file(ndjsonEvents(1))]);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('ops: meter send: line 1: refused by the service: bad\\nname\\e[2J');
    expect(r.stderr.split('\n')[1]).toMatch(/^ops: 1 of 1 events rejected/);
  });

  it('stops on a failure the retries cannot get past and says what was confirmed', async () => {
    // The first stream request passes (a 1 ms delay), every later one fails.
    await sb.fault([
      { service: 'meter', path: STREAM, kind: 'delay', delayMs: 1 },
      { service: 'meter', path: STREAM, kind: 'status', status: 500, count: 1000 },
    ]);
    const r = await ops(['meter', 'send', file(ndjsonEvents(500)), '--retries', '0', '--concurrency', '1']);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(
      /injected fault; meter send stopped: 100 events confirmed this run \(confirmed input lines: 1-100\); rerun with the same input/,
    );
  });

  it('skips confirmed lines on a rerun with --checkpoint, and refuses another input', async () => {
    const ckpt = join(dir, 'a.ckpt');
    const f = file(ndjsonEvents(300));
    const first = await ops(['meter', 'send', f, '--checkpoint', ckpt, '--json']);
    expect(JSON.parse(first.stdout)).toMatchObject({ sent: 300, checkpoint: ckpt });
    expect(JSON.parse(readFileSync(ckpt, 'utf8'))).toMatchObject({
      confirmed: [[1, 300]],
      events_confirmed: 300,
    });
    const again = await ops(['meter', 'send', f, '--checkpoint', ckpt, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ read: 300, skipped: 300, sent: 0, sessions: 0 });
    expect((await requests())[`POST ${STREAM}`]).toBe(3);
    const other = await ops(['meter', 'send', file(ndjsonEvents(5, { from: 50 })), '--checkpoint', ckpt]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/checkpoint .*a\.ckpt was written for another input/);
  });

  it('shows a progress bar on a terminal', async () => {
    const r = await ops(['meter', 'send', file(ndjsonEvents(300))], { tty: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/\[#+\] 100% 300 events sent, [\d,]+\/s/);
  });

  it('bad input is exit 2 before any request', async () => {
    const r = await ops(['meter', 'send', file('event_name,customer,colour\n', 'csv')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/CSV column "colour" is not known/);
    expect(await requests()).toEqual({});
  });
  it('on Ctrl-C waits for the batches in flight, writes the checkpoint, says exactly what was confirmed, and exits 130; a rerun sends the rest', async () => {
    // Every third request hangs, so some batches are confirmed and some are in flight at the signal.
    await sb.fault({ service: 'meter', path: STREAM, kind: 'delay', delayMs: 1500, every: 3, count: 5 });
    const ckpt = join(dir, 'int.ckpt');
    const f = file(ndjsonEvents(2000));
    const ctrl = new AbortController();
    const watcher = setInterval(async () => {
      if (((await meterStats()).unique ?? 0) >= 300) ctrl.abort();
    }, 50);
    const r = await ops(['meter', 'send', f, '--checkpoint', ckpt, '--concurrency', '4', '--json'], {
      signal: ctrl.signal,
    });
    clearInterval(watcher);
    expect(r.code).toBe(130);
    const summary = JSON.parse(r.stdout);
    expect(summary.status).toBe('interrupted');
    expect(summary.sent).toBeGreaterThan(0);
    expect(summary.sent).toBeLessThan(2000);
    const saved = JSON.parse(readFileSync(ckpt, 'utf8'));
    expect(saved.events_confirmed).toBe(summary.sent);
    expect(r.stderr).toContain(`meter send interrupted: ${summary.sent} events confirmed this run`);
    expect(r.stderr).toContain(`rerun with --checkpoint ${ckpt}`);
    // The batches in flight at Ctrl-C were waited for: what the service kept is what was recorded.
    await new Promise((r) => setTimeout(r, 1600));
    expect((await meterStats()).unique).toBe(summary.sent);

    await sb.control('DELETE', 'faults');
    const rest = await ops(['meter', 'send', f, '--checkpoint', ckpt, '--json']);
    expect(rest.code).toBe(0);
    expect(JSON.parse(rest.stdout)).toMatchObject({ skipped: summary.sent, sent: 2000 - summary.sent });
    expect(await meterStats()).toMatchObject({ unique: 2000 });
  });
});

describe('ops meter catalogue', () => {
  it('lists the resource kinds the seed names, with no address or key needed', async () => {
    const r = await runMain(['meter', 'catalogue', '--all'], { env: {} });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^KIND\s+DESCRIPTION$/m);
    expect(r.stdout).toMatch(/^test clock\s+Frozen test time/m);
    expect(r.stdout).toMatch(/^webhook endpoint\s+/m);
  });

  it('filters with --search and prints JSON', async () => {
    const r = await runMain(['meter', 'catalogue', '--search', 'REVERSAL', '--json'], { env: {} });
    const kinds = (JSON.parse(r.stdout) as Array<{ kind: string }>).map((e) => e.kind);
    expect(kinds).toEqual(['transfer reversal', 'credit reversal', 'debit reversal']);
  });

  it('points at ops api meter on a terminal', async () => {
    const r = await runMain(['meter', 'catalogue', '--search', 'quote'], { env: {}, tty: true });
    expect(r.stderr).toContain('ops api meter');
  });
});
