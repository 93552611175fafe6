import { describe, expect, it } from 'vitest';
import { derivedIdentifier, fieldsFromJson, toWireEvent } from '../../src/commands/meter/send/event.js';
import { canonicalTimeMs } from '../../src/commands/meter/send/time.js';
import { canonicalTimeMs as sandboxTimeMs } from '../../src/sandbox/meter/time.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const base = { event_name: 'api_requests', customer: 'cus_1', value: 3 };

describe('fieldsFromJson', () => {
  it.each([
    [
      'flat shape',
      { event_name: 'a', customer: 'c', value: 1 },
      { event_name: 'a', customer: 'c', value: 1 },
    ],
    [
      'billing_customer_id at the top',
      { event_name: 'a', billing_customer_id: 'c', value: '2' },
      { customer: 'c', value: '2' },
    ],
    [
      'wire shape, extra payload keys kept',
      {
        event_name: 'a',
        identifier: 'i',
        timestamp: 't',
        payload: { billing_customer_id: 'c', value: '5', region: 'eu' },
      },
      {
        event_name: 'a',
        customer: 'c',
        value: '5',
        identifier: 'i',
        timestamp: 't',
        extra: { region: 'eu' },
      },
    ],
  ])('%s', (_name, obj, expected) => {
    expect(fieldsFromJson(obj)).toMatchObject(expected);
  });

  it.each([
    ['an array', [1, 2], 'not a JSON object'],
    ['a number', 5, 'not a JSON object'],
    ['a misspelt key', { event_name: 'a', custmer: 'c', value: 1 }, 'unknown field "custmer"'],
    ['a payload that is not an object', { event_name: 'a', payload: 'x' }, 'payload must be an object'],
    [
      'two different customers',
      { event_name: 'a', customer: 'c', billing_customer_id: 'd', value: 1 },
      'differ',
    ],
    [
      'a customer twice',
      { event_name: 'a', customer: 'c', payload: { billing_customer_id: 'd', value: '1' } },
      'customer is given twice',
    ],
    [
      'a value twice',
      { event_name: 'a', value: 2, payload: { billing_customer_id: 'd', value: '1' } },
      'value is given twice',
    ],
  ])('refuses %s', (_name, obj, reason) => {
    expect(fieldsFromJson(obj)).toContain(reason);
  });
});

describe('toWireEvent', () => {
  it('builds the wire event, with the value as a string and the identifier kept', () => {
    expect(
      toWireEvent({ ...base, identifier: 'evt_1', timestamp: '2026-03-01T11:00:00.000Z' }, 7, NOW),
    ).toEqual({
      identifier: 'evt_1',
      event_name: 'api_requests',
      timestamp: '2026-03-01T11:00:00.000Z',
      payload: { billing_customer_id: 'cus_1', value: '3' },
    });
  });

  it.each([
    ['epoch seconds (number)', 1_772_362_800, '2026-03-01T11:00:00.000Z'],
    ['epoch seconds (text)', '1772362800', '2026-03-01T11:00:00.000Z'],
    ['an offset', '2026-03-01T13:00:00+02:00', '2026-03-01T11:00:00.000Z'],
    ['no milliseconds', '2026-03-01T11:00:00Z', '2026-03-01T11:00:00.000Z'],
  ])('normalises a timestamp given as %s', (_name, timestamp, iso) => {
    expect(toWireEvent({ ...base, timestamp }, 1, NOW)).toMatchObject({ timestamp: iso });
  });

  it('leaves the timestamp out when none is given (the service uses now)', () => {
    expect(toWireEvent(base, 1, NOW)).not.toHaveProperty('timestamp');
  });

  it.each([
    ['no event name', { ...base, event_name: undefined }, 'event_name is missing'],
    ['an event name that is a number', { ...base, event_name: 5 }, 'event_name must be a string'],
    ['a long event name', { ...base, event_name: 'x'.repeat(101) }, 'longer than 100'],
    ['no customer', { ...base, customer: '' }, 'customer (billing_customer_id) is missing'],
    ['a numeric customer', { ...base, customer: 12 }, 'must be a string'],
    ['no value', { ...base, value: undefined }, 'value is missing'],
    ['a value that is not a number', { ...base, value: 'ten' }, 'value "ten" is not a number'],
    ['an infinite value', { ...base, value: Number.POSITIVE_INFINITY }, 'is not a number'],
    ['a time without a zone', { ...base, timestamp: '2026-03-01T11:00:00' }, 'has no time zone'],
    ['a time that is not one', { ...base, timestamp: 'yesterday' }, 'is not an ISO 8601 time'],
    ['an impossible date', { ...base, timestamp: '2026-02-31T25:00:00.000Z' }, 'is not a valid time'],
    [
      'a time 36 days old',
      { ...base, timestamp: '2026-01-24T12:00:00.000Z' },
      'more than 35 days in the past',
    ],
    [
      'a time 6 minutes ahead',
      { ...base, timestamp: '2026-03-01T12:06:00.000Z' },
      'more than 5 minutes in the future',
    ],
    ['an identifier that is a number', { ...base, identifier: 5 }, 'identifier must be a string'],
    ['a long identifier', { ...base, identifier: 'i'.repeat(101) }, 'identifier is longer than 100'],
    [
      'a payload value that is an object',
      { ...base, extra: { region: { a: 1 } } },
      'payload.region must be a string',
    ],
  ])('refuses %s', (_name, fields, reason) => {
    const r = toWireEvent(fields, 1, NOW);
    expect(typeof r).toBe('string');
    expect(r).toContain(reason);
  });

  it('accepts decimals, negatives and exponents as values', () => {
    for (const value of ['1.5', '-2', '1e3', 0.25])
      expect(toWireEvent({ ...base, value }, 1, NOW)).toHaveProperty('payload.value');
  });

  it('derives the same identifier for the same content and line, another for another line', () => {
    const a = toWireEvent(base, 10, NOW) as { identifier: string };
    const b = toWireEvent(base, 10, NOW + 60_000) as { identifier: string };
    const c = toWireEvent(base, 11, NOW) as { identifier: string };
    expect(a.identifier).toMatch(/^ops_[\w-]{22}$/);
    expect(b.identifier).toBe(a.identifier);
    expect(c.identifier).not.toBe(a.identifier);
    expect(
      derivedIdentifier(10, 'api_requests', { billing_customer_id: 'cus_1', value: '4' }, undefined),
    ).not.toBe(a.identifier);
  });
});

describe('canonicalTimeMs (command and emulator copies)', () => {
  it.each([
    ['2026-03-01T12:00:00.000Z', Date.UTC(2026, 2, 1, 12)],
    ['2024-02-29T23:59:59.999Z', Date.UTC(2024, 1, 29, 23, 59, 59, 999)],
    ['2026-02-29T00:00:00.000Z', Number.NaN],
    ['2026-04-31T00:00:00.000Z', Number.NaN],
    ['2026-03-01T24:00:00.000Z', Number.NaN],
    ['2026-13-01T00:00:00.000Z', Number.NaN],
    ['2026-03-01T12:00:00Z', Number.NaN],
    ['2026-03-01 12:00:00.000Z', Number.NaN],
    ['2026-03-01T12:00:00.00xZ', Number.NaN],
  ])('%s', (text, ms) => {
    expect(canonicalTimeMs(text)).toEqual(ms);
    expect(sandboxTimeMs(text)).toEqual(ms);
  });
});
