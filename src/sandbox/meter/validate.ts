/**
 * Checks of a stream request that the service makes before it answers (the schema of the vendor
 * spec: `events` 1 to 100, `event_name` and `payload` required, payload values strings, `timestamp` a
 * date-time). Content checks (customer key, numeric value, time window) are asynchronous on the real
 * service: they never fail the request, they are counted apart (see `contentProblem`).
 */

import { isoTimeMs } from './time.js';

export const MAX_EVENTS = 100;
const MAX_ID = 100;
const EVENT_KEYS = new Set(['event_name', 'identifier', 'payload', 'timestamp']);
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const PAST_MS = 35 * 24 * 3600 * 1000;
const FUTURE_MS = 5 * 60 * 1000;

export interface StreamEvent {
  event_name: string;
  identifier?: string;
  payload: Record<string, string>;
  timestamp?: string;
}

/**
 * The first schema violation of a stream body, as the `message` of a 400 `invalid_fields`. The time of
 * each event is written to `times` (NaN when absent) so that it is parsed once.
 */
export function schemaProblem(body: unknown, times: number[] = []): string | undefined {
  if (body === undefined) return 'events: this field is required';
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return 'the request body must be a JSON object with an `events` array';
  const events = (body as { events?: unknown }).events;
  for (const key of Object.keys(body)) if (key !== 'events') return `Received unknown parameter: ${key}`;
  if (events === undefined) return 'events: this field is required';
  if (!Array.isArray(events)) return 'events: must be an array';
  if (events.length === 0) return 'events: must contain at least 1 event';
  if (events.length > MAX_EVENTS)
    return `events: at most ${MAX_EVENTS} events per request (got ${events.length})`;
  for (let i = 0; i < events.length; i++) {
    const problem = eventProblem(events[i], times, i);
    if (problem) return `events[${i}]${problem}`;
  }
  return undefined;
}

function eventProblem(e: unknown, times: number[], i: number): string | undefined {
  if (!e || typeof e !== 'object' || Array.isArray(e)) return ': must be an object';
  const ev = e as Record<string, unknown>;
  for (const key in ev) if (!EVENT_KEYS.has(key)) return `: Received unknown parameter: ${key}`;
  const name = ev.event_name;
  if (name === undefined) return '.event_name: this field is required';
  if (typeof name !== 'string' || name === '') return '.event_name: must be a non-empty string';
  if (name.length > MAX_ID) return `.event_name: at most ${MAX_ID} characters`;
  const id = ev.identifier;
  if (id !== undefined && (typeof id !== 'string' || id === '' || id.length > MAX_ID)) {
    return `.identifier: must be a string of 1 to ${MAX_ID} characters`;
  }
  const ts = ev.timestamp;
  times[i] = ts === undefined ? Number.NaN : typeof ts === 'string' ? isoTimeMs(ts) : Number.NaN;
  if (ts !== undefined && Number.isNaN(times[i])) {
    return '.timestamp: must be an ISO 8601 date-time (2026-01-02T15:04:05.000Z)';
  }
  const payload = ev.payload;
  if (payload === undefined) return '.payload: this field is required';
  if (!payload || typeof payload !== 'object' || Array.isArray(payload))
    return '.payload: must be an object of strings';
  for (const key in payload as Record<string, unknown>) {
    if (typeof (payload as Record<string, unknown>)[key] !== 'string')
      return `.payload.${key}: must be a string`;
  }
  return undefined;
}

/**
 * What the asynchronous validation of the service would report for an accepted event: no customer,
 * a value that is not a number, or a time outside the window (35 days back, 5 minutes ahead).
 */
export function contentProblem(e: StreamEvent, time: number, now: number): string | undefined {
  const customer = e.payload.billing_customer_id;
  if (customer === undefined || customer === '') return 'missing_customer';
  const value = e.payload.value;
  if (value === undefined || !NUMBER.test(value)) return 'invalid_value';
  if (!Number.isNaN(time)) {
    if (time < now - PAST_MS || time > now + FUTURE_MS) return 'timestamp_out_of_range';
  }
  return undefined;
}
