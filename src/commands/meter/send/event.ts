import { hash } from 'node:crypto';
import type { MeterEventWire } from '../../../clients/meter/types.js';
import { canonicalTimeMs, isoTimeMs } from './time.js';

/** The fields of one input event, from an NDJSON object, a CSV row or flags, before any check. */
export interface EventFields {
  event_name: unknown;
  customer: unknown;
  value: unknown;
  timestamp?: unknown;
  identifier?: unknown;
  /** Other payload keys (meter dimensions), sent as strings. */
  extra?: Record<string, unknown> | undefined;
}

export const MAX_LENGTH = 100;
/** A quantity given as a string: digits with an optional fraction and exponent. */
export const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const EPOCH = /^\d{9,11}$/;
/** The service's window for `timestamp` (vendor spec): 35 days back, 5 minutes ahead. */
export const PAST_LIMIT_MS = 35 * 24 * 3600 * 1000;
export const FUTURE_LIMIT_MS = 5 * 60 * 1000;

const NDJSON_KEYS = new Set([
  'event_name',
  'identifier',
  'timestamp',
  'payload',
  'customer',
  'billing_customer_id',
  'value',
]);

/**
 * Reads an NDJSON object: the wire shape (`payload.billing_customer_id`, `payload.value`) or the flat
 * one (`customer` or `billing_customer_id`, `value`). Any other top-level key is a mistake worth
 * reporting (a misspelt `custmer` would otherwise be dropped in silence).
 */
export function fieldsFromJson(obj: unknown): EventFields | string {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return 'not a JSON object';
  const o = obj as Record<string, unknown>;
  for (const key in o)
    if (!NDJSON_KEYS.has(key))
      return `unknown field "${key}" (use event_name, customer, value, timestamp, identifier, payload)`;
  // The flat shape is already what the checks read: no copy (one object less per line).
  if (o.payload === undefined && o.billing_customer_id === undefined) return o as unknown as EventFields;
  let extra: Record<string, unknown> | undefined;
  let customer = o.customer;
  let value = o.value;
  if (o.billing_customer_id !== undefined) {
    if (customer !== undefined && customer !== o.billing_customer_id)
      return 'customer and billing_customer_id differ';
    customer = o.billing_customer_id;
  }
  if (o.payload !== undefined) {
    if (!o.payload || typeof o.payload !== 'object' || Array.isArray(o.payload))
      return 'payload must be an object';
    const p = o.payload as Record<string, unknown>;
    for (const key in p) {
      if (key === 'billing_customer_id') {
        if (customer !== undefined && customer !== p[key])
          return 'the customer is given twice, with different values';
        customer = p[key];
      } else if (key === 'value') {
        if (value !== undefined && value !== p[key]) return 'the value is given twice, with different values';
        value = p[key];
      } else (extra ??= {})[key] = p[key];
    }
  }
  return {
    event_name: o.event_name,
    customer,
    value,
    timestamp: o.timestamp,
    identifier: o.identifier,
    extra,
  };
}

/**
 * Checks one event the way the service would and builds its wire form; returns the reason when it is
 * invalid. An event without an identifier gets one derived from its content and its position (`at`,
 * the line number), so the same input sent again is deduplicated by the service.
 */
export function toWireEvent(f: EventFields, at: number, now: number): MeterEventWire | string {
  const name = f.event_name;
  if (name === undefined || name === null || name === '') return 'event_name is missing';
  if (typeof name !== 'string') return 'event_name must be a string';
  if (name.length > MAX_LENGTH) return `event_name is longer than ${MAX_LENGTH} characters`;
  const customer = f.customer;
  if (customer === undefined || customer === null || customer === '')
    return 'customer (billing_customer_id) is missing';
  if (typeof customer !== 'string') return 'customer (billing_customer_id) must be a string';
  const value = numberText(f.value);
  if (value === undefined)
    return f.value === undefined || f.value === ''
      ? 'value is missing'
      : `value ${JSON.stringify(f.value)} is not a number`;
  let timestamp: string | undefined;
  const raw = f.timestamp;
  if (raw !== undefined && raw !== null && raw !== '') {
    // The canonical form is sent as given; any other form is rewritten as UTC with milliseconds.
    const fast = typeof raw === 'string' ? canonicalTimeMs(raw) : Number.NaN;
    const t = Number.isNaN(fast) ? timeMs(raw) : fast;
    if (typeof t === 'string') return t;
    if (t < now - PAST_LIMIT_MS) return `timestamp ${String(raw)} is more than 35 days in the past`;
    if (t > now + FUTURE_LIMIT_MS) return `timestamp ${String(raw)} is more than 5 minutes in the future`;
    timestamp = Number.isNaN(fast) ? new Date(t).toISOString() : (raw as string);
  }
  const payload: Record<string, string> = { billing_customer_id: customer, value };
  if (f.extra) {
    for (const key in f.extra) {
      const v = f.extra[key];
      if (typeof v === 'string') payload[key] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') payload[key] = String(v);
      else return `payload.${key} must be a string`;
    }
  }
  let identifier: string;
  if (f.identifier === undefined || f.identifier === null || f.identifier === '') {
    identifier = derivedIdentifier(at, name, payload, timestamp);
  } else if (typeof f.identifier !== 'string') {
    return 'identifier must be a string';
  } else if (f.identifier.length > MAX_LENGTH) {
    return `identifier is longer than ${MAX_LENGTH} characters`;
  } else {
    identifier = f.identifier;
  }
  return timestamp === undefined
    ? { identifier, event_name: name, payload }
    : { identifier, event_name: name, timestamp, payload };
}

function numberText(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  if (typeof v === 'string' && NUMBER.test(v)) return v;
  return undefined;
}

/** Epoch seconds (number or digits) or an ISO 8601 time with a zone; a time without one is ambiguous. */
function timeMs(v: unknown): number | string {
  if (typeof v === 'number') return Number.isFinite(v) ? v * 1000 : `timestamp ${v} is not a time`;
  if (typeof v !== 'string') return 'timestamp must be an ISO 8601 time or epoch seconds';
  if (EPOCH.test(v)) return Number(v) * 1000;
  const t = isoTimeMs(v);
  if (!Number.isNaN(t)) return t;
  if (ISO_WITH_ZONE.test(v)) return `timestamp "${v}" is not a valid time`;
  return /^\d{4}-\d{2}-\d{2}/.test(v)
    ? `timestamp "${v}" has no time zone (add Z or an offset such as +02:00)`
    : `timestamp "${v}" is not an ISO 8601 time or epoch seconds`;
}

/**
 * `ops_` and 22 base64url characters of a SHA-1 over the position and the content. The timestamp
 * is the one given (absent stays absent), so a rerun of the same input derives the same identifiers.
 */
export function derivedIdentifier(
  at: number,
  name: string,
  payload: Record<string, string>,
  timestamp: string | undefined,
): string {
  let text = `${at}\u0000${name}\u0000${timestamp ?? ''}`;
  for (const key in payload) text += `\u0000${key}\u0000${payload[key]}`;
  return `ops_${hash('sha1', text, 'base64url').slice(0, 22)}`;
}
