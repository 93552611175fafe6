import type { Command } from 'commander';
import { output, parseVerb as parseVerbOf } from '../helpers/verbs.js';
import type { Factory } from '../../src/app/types.js';
import { SANDBOX_CREDENTIALS, SANDBOX_SETTINGS } from '../helpers/sandbox-tables.js';
import { Clock, type Emulator, type Reply } from '../../src/sandbox/core/framework.js';
import { createEmulator } from '../../src/sandbox/meter/index.js';
import type { FaultRule } from '../../src/sandbox/core/faults.js';

/** `ops meter <args>` parsed with the run function a spy (see test/helpers/verbs.ts). */
export function parseVerb<O extends object>(
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  args: string[],
  o: { env?: Record<string, string>; input?: string; groups?: string[] } = {},
) {
  return parseVerbOf('meter', make, args, o);
}

export { output };

export const API_KEY = SANDBOX_CREDENTIALS.meter!.api_key!;
export const VERSION_HEADER = { 'billing-version': '2025-08-27.preview' };

/** The emulator alone, on its own clock, answering requests as the sandbox server hands them over. */
export function emulator(settings: Record<string, string> = {}): {
  emu: Emulator;
  clock: Clock;
  call(
    method: string,
    path: string,
    o?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<Reply>;
  session(key?: string): Promise<string>;
  stream(token: string, events: unknown[], headers?: Record<string, string>): Promise<Reply>;
} {
  const clock = new Clock();
  const emu = createEmulator({
    clock,
    options: { credentials: { meter: { api_key: API_KEY } }, settings, rules: SANDBOX_SETTINGS },
  });
  const call = async (
    method: string,
    path: string,
    o: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const body =
      o.body === undefined
        ? Buffer.alloc(0)
        : Buffer.from(typeof o.body === 'string' ? o.body : JSON.stringify(o.body));
    return emu.handle({
      method,
      path,
      query: new URLSearchParams(),
      headers: { ...VERSION_HEADER, ...o.headers },
      body,
      params: {},
    });
  };
  return {
    emu,
    clock,
    call,
    async session(key = API_KEY) {
      const r = await call('POST', '/v2/billing/meter_event_session', {
        headers: { authorization: `Bearer ${key}` },
      });
      return (r.body as { authentication_token: string }).authentication_token;
    },
    stream: (token, events, headers = {}) =>
      call('POST', '/v2/billing/meter_event_stream', {
        body: { events },
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      }),
  };
}

/** A meter event in the wire shape. */
export function wireEvent(i: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    identifier: `evt_${i}`,
    event_name: 'api_requests',
    timestamp: new Date(Date.now() - 60_000).toISOString(),
    payload: { billing_customer_id: `cus_${i % 3}`, value: String((i % 5) + 1) },
    ...over,
  };
}

/** NDJSON text of `n` flat events (customer, value), with identifiers unless `ids` is false. */
export function ndjsonEvents(n: number, o: { ids?: boolean; from?: number } = {}): string {
  const lines: string[] = [];
  for (let i = o.from ?? 0; i < (o.from ?? 0) + n; i++) {
    const e: Record<string, unknown> = {
      event_name: 'api_requests',
      customer: `cus_${i % 7}`,
      value: (i % 5) + 1,
    };
    if (o.ids !== false) e.identifier = `evt_${i}`;
    lines.push(JSON.stringify(e));
  }
  return `${lines.join('\n')}\n`;
}

/** A sandbox fault: the event stream refuses the next batch, 400 with this message (not a run's stop). */
export const refusedBatch = (message: string): FaultRule => ({
  service: 'meter',
  path: '/v2/billing/meter_event_stream',
  kind: 'status',
  status: 400,
  body: { error: { type: 'invalid_request_error', code: 'invalid_fields', message } },
});
