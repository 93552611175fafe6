import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { meterCatalogueCommand } from '../../src/commands/meter/catalogue.js';
import { meterSendCommand } from '../../src/commands/meter/send.js';
import { meterSessionCreateCommand } from '../../src/commands/meter/session/create.js';
import { UsageError } from '../../src/errors.js';
import { parseVerb } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'ops-meter-parse-'));
const file = (name: string, text = '{}\n') => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const NDJSON = file('usage.ndjson', '{"event_name":"a","customer":"c","value":1}\n');
const CSV = file('usage.csv', 'event_name,customer,value\n');
const TXT = file('usage.txt');
/** The address and key a sending verb's start checks, before any request. */
const ENV = { OPS_METER_BASE_URL: 'http://127.0.0.1:9/meter', OPS_METER_API_KEY: 'k' };
const send = (args: string[], env?: Record<string, string>) =>
  parseVerb(meterSendCommand, ['send', ...args], { env: { ...ENV, ...env } });
const fileDefaults = {
  event: undefined,
  concurrency: 8,
  batchSize: 100,
  rejects: undefined,
  checkpoint: undefined,
  strict: false,
};

describe('ops meter send: parsing', () => {
  it.each<[string, string[], Record<string, unknown>]>([
    [
      'an NDJSON file with the defaults',
      [NDJSON],
      { ...fileDefaults, input: NDJSON, format: 'ndjson', size: 44 },
    ],
    ['a CSV file by its extension', [CSV], { ...fileDefaults, input: CSV, format: 'csv', size: 26 }],
    ['stdin, NDJSON by default', ['-'], { ...fileDefaults, input: '-', format: 'ndjson', size: undefined }],
    ['stdin as CSV', ['-', '--format', 'csv'], { ...fileDefaults, input: '-', format: 'csv' }],
    [
      'another extension with --format',
      [TXT, '--format', 'ndjson'],
      { ...fileDefaults, input: TXT, format: 'ndjson' },
    ],
    [
      'every file flag',
      [
        NDJSON,
        '--concurrency',
        '16',
        '--batch-size',
        '50',
        '--rejects',
        'r.ndjson',
        '--checkpoint',
        'c.json',
        '--strict',
      ],
      {
        input: NDJSON,
        concurrency: 16,
        batchSize: 50,
        rejects: 'r.ndjson',
        checkpoint: 'c.json',
        strict: true,
      },
    ],
  ])('%s', async (_name, args, expected) => {
    const { values, calls } = await send(args);
    expect(calls).toBe(1);
    expect(values).toMatchObject(expected);
  });

  it('one event from flags, timestamp now and a generated identifier by default', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { values } = await send(['--event-name', 'api', '--customer', 'cus_1', '--value', '2.5']);
    expect(values).toMatchObject({
      input: undefined,
      event: { event_name: 'api', customer: 'cus_1', value: '2.5' },
    });
    const event = values.event as { timestamp: number; identifier: string };
    expect(event.timestamp).toBeGreaterThanOrEqual(before);
    expect(event.identifier).toMatch(/^ops_[0-9a-f-]{36}$/);
  });

  it('one event with its own time and identifier', async () => {
    const { values } = await send([
      '--event-name',
      'api',
      '--customer',
      'c',
      '--value',
      '1',
      '--timestamp',
      '1772362800',
      '--identifier',
      'mine-1',
    ]);
    expect(values.event).toEqual({
      event_name: 'api',
      customer: 'c',
      value: '1',
      timestamp: 1_772_362_800,
      identifier: 'mine-1',
    });
  });

  it.each<[string, string[], RegExp]>([
    ['nothing to send', [], /nothing to send/],
    ['a file that does not exist', [join(dir, 'nope.ndjson')], /cannot read .*nope\.ndjson: no such file/],
    ['a directory', [dir, '--format', 'csv'], /is a directory/],
    ['an unknown extension', [TXT], /cannot tell the format of .*usage\.txt/],
    [
      'a file and event flags',
      [NDJSON, '--event-name', 'a', '--customer', 'c', '--value', '1'],
      /either a FILE or the flags of one event/,
    ],
    ['an event without a value', ['--event-name', 'a', '--customer', 'c'], /one event needs --value/],
    ['an event without name and customer', ['--value', '1'], /one event needs --event-name, --customer/],
    [
      '--checkpoint with one event',
      ['--event-name', 'a', '--customer', 'c', '--value', '1', '--checkpoint', 'x'],
      /--checkpoint applies to sending a file/,
    ],
    [
      'a bad --timestamp',
      ['--event-name', 'a', '--customer', 'c', '--value', '1', '--timestamp', 'soon'],
      /invalid --timestamp "soon"/,
    ],
    ['--concurrency 0', [NDJSON, '--concurrency', '0'], /--concurrency must be at least 1/],
    ['--concurrency 65', [NDJSON, '--concurrency', '65'], /--concurrency must be at most 64/],
    ['--batch-size 101', [NDJSON, '--batch-size', '101'], /--batch-size must be at most 100/],
    ['--batch-size x', [NDJSON, '--batch-size', 'x'], /invalid --batch-size "x"/],
    ['a bad --api-version', [NDJSON, '--api-version', 'latest'], /invalid --api-version "latest"/],
  ])('refuses %s with a usage error', async (_name, args, message) => {
    const err = await send(args).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(message);
  });

  it('refuses an unknown --format', async () => {
    await expect(send([NDJSON, '--format', 'xml'])).rejects.toThrow(/Allowed choices are ndjson, csv/);
  });

  it('refuses a bad api_version from the environment too, before any request', async () => {
    await expect(send([NDJSON], { OPS_METER_API_VERSION: 'v2' })).rejects.toThrow(
      /invalid OPS_METER_API_VERSION "v2"/,
    );
  });
});

describe('ops meter session create: parsing', () => {
  it('takes no arguments and builds the client lazily', async () => {
    const { values, options, calls } = await parseVerb(meterSessionCreateCommand, ['create'], {
      groups: ['session'],
      env: ENV,
    });
    expect(calls).toBe(1);
    expect(values).toEqual({});
    expect(typeof options.client).toBe('function');
  });

  it('checks --api-version', async () => {
    await expect(
      parseVerb(meterSessionCreateCommand, ['create', '--api-version', '2026-03-25.dahlia'], {
        groups: ['session'],
        env: ENV,
      }),
    ).resolves.toMatchObject({ calls: 1 });
    await expect(
      parseVerb(meterSessionCreateCommand, ['create', '--api-version', '2026-3-25'], { groups: ['session'] }),
    ).rejects.toThrow(UsageError);
  });
});

describe('ops meter catalogue: parsing', () => {
  it.each<[string[], Record<string, unknown>]>([
    [['catalogue'], { search: undefined, limit: 30 }],
    [['catalogue', '--search', 'Credit'], { search: 'Credit', limit: 30 }],
    [['catalogue', '--limit', '2'], { search: undefined, limit: 2 }],
    [['catalogue', '--all'], { search: undefined, limit: undefined }],
  ])('%j', async (args, expected) => {
    expect((await parseVerb(meterCatalogueCommand, args)).values).toEqual(expected);
  });
});
