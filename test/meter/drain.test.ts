import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MeterClient } from '../../src/clients/meter/client.js';
import { sendMany } from '../../src/commands/meter/send/bulk.js';
import type { MeterClientLoader } from '../../src/commands/meter/shared/options.js';
import { InterruptedError } from '../../src/errors.js';
import { output } from '../helpers/verbs.js';
import { ndjsonEvents } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'ops-meter-drain-'));

/** Resolves after `ms`, or fails as the HTTP core does when the client's signal aborts. */
const held = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new InterruptedError('meter: request interrupted'));
      },
      { once: true },
    );
  });

/**
 * A meter client whose every request takes `streamMs` (its session `sessionMs`); its requests listen
 * to the signal the loader is given, as the real client's do. `onStream` sees each batch leave.
 */
function slowService(o: { streamMs: number; sessionMs?: number; onStream?: (n: number) => void }) {
  const calls = { sessions: 0, streams: 0, signal: undefined as AbortSignal | undefined };
  const load: MeterClientLoader = async (signal) => {
    calls.signal = signal;
    const client: MeterClient = {
      async createMeterEventSession() {
        calls.sessions++;
        await held(o.sessionMs ?? 0, signal);
        const now = Date.now();
        return {
          id: 'mtrses_1',
          object: 'v2.billing.meter_event_session',
          authentication_token: 'mes_test_1',
          created: new Date(now).toISOString(),
          expires_at: new Date(now + 900_000).toISOString(),
          livemode: false,
        };
      },
      async createMeterEventStream() {
        o.onStream?.(++calls.streams);
        await held(o.streamMs, signal);
        return { attempts: 1 };
      },
    };
    return client;
  };
  return { load, calls };
}

async function send(load: MeterClientLoader, ctrl: AbortController, lines: number, drainMs: number) {
  const input = join(dir, `in-${lines}-${Math.random()}.ndjson`);
  writeFileSync(input, ndjsonEvents(lines));
  const checkpoint = `${input}.ckpt`;
  const out = output({ format: 'json', signal: ctrl.signal });
  const started = Date.now();
  const error = await sendMany({
    ...out,
    client: load,
    input,
    format: 'ndjson',
    size: undefined,
    concurrency: 4,
    batchSize: 100,
    rejects: undefined,
    checkpoint,
    strict: false,
    drainMs,
  }).then(
    () => undefined,
    (err: unknown) => err,
  );
  const saved = JSON.parse(readFileSync(checkpoint, 'utf8')) as { confirmed: Array<[number, number]> };
  return { error, summary: JSON.parse(out.io.out()), confirmed: saved.confirmed, ms: Date.now() - started };
}

describe('meter send on Ctrl-C', () => {
  it('sends nothing more, waits for the batches in flight and records them as confirmed', async () => {
    const ctrl = new AbortController();
    const service = slowService({
      streamMs: 200,
      onStream: (n) => n === 4 && setTimeout(() => ctrl.abort(), 50),
    });
    const r = await send(service.load, ctrl, 1000, 5_000);
    expect(r.error).toBeInstanceOf(InterruptedError);
    expect(r.summary).toMatchObject({ status: 'interrupted', read: 600, sent: 400 });
    expect(r.confirmed).toEqual([[1, 400]]);
    // The batches built ahead were not sent after Ctrl-C.
    expect(service.calls.streams).toBe(4);
    // Its requests do not listen to Ctrl-C itself: they are the run's to give up.
    expect(service.calls.signal?.aborted).toBe(false);
  });

  it('gives up on the batches still in flight after drainMs: they are not recorded, and the report comes', async () => {
    const ctrl = new AbortController();
    const service = slowService({
      streamMs: 60_000,
      onStream: (n) => n === 4 && setTimeout(() => ctrl.abort(), 50),
    });
    const r = await send(service.load, ctrl, 1000, 150);
    expect(r.error).toBeInstanceOf(InterruptedError);
    expect(r.summary).toMatchObject({ status: 'interrupted', sent: 0 });
    expect(r.confirmed).toEqual([]);
    expect(service.calls.signal?.aborted).toBe(true);
    expect(r.ms).toBeLessThan(5_000);
  });

  it('a batch still waiting for its session when Ctrl-C comes is not sent', async () => {
    const ctrl = new AbortController();
    const service = slowService({ streamMs: 10, sessionMs: 300 });
    setTimeout(() => ctrl.abort(), 100);
    const r = await send(service.load, ctrl, 1000, 5_000);
    expect(r.error).toBeInstanceOf(InterruptedError);
    expect(r.summary).toMatchObject({ status: 'interrupted', sent: 0 });
    expect(service.calls.sessions).toBe(1);
    expect(service.calls.streams).toBe(0);
  });
});
