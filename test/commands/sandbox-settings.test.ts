import { describe, expect, it } from 'vitest';
import { sandboxDemoCommand } from '../../src/commands/sandbox/demo.js';
import { sandboxStartCommand } from '../../src/commands/sandbox/start.js';
import { UsageError } from '../../src/errors.js';
import { Clock, type EmulatorFactory } from '../../src/sandbox/core/framework.js';
import { checkSandboxSettings } from '../../src/sandbox/core/settings.js';
import { SERVICES } from '../../src/services.js';
import { SANDBOX_CREDENTIALS, SANDBOX_SETTINGS } from '../helpers/sandbox-tables.js';
import { parseVerb } from '../helpers/verbs.js';

/** Keys an emulator reads at start, found by handing it settings that record every read. */
async function keysRead(service: string, given: Record<string, string> = {}): Promise<Set<string>> {
  const read = new Set<string>();
  const settings = new Proxy(given, {
    get(target, key) {
      if (typeof key === 'string') read.add(key);
      return target[key as string];
    },
  });
  const { createEmulator } = await SERVICES.find((s) => s.name === service)!.sandbox.emulator();
  (createEmulator as EmulatorFactory)({
    clock: new Clock(),
    options: { credentials: SANDBOX_CREDENTIALS, settings, rules: SANDBOX_SETTINGS },
  });
  return read;
}

/** A value each rule accepts, to start an emulator with. */
const SAMPLES: Record<string, string> = {
  'meter.live_api_key': 'sk_live_other',
  'runs.download_host': 'localhost:4011',
};
function sample(key: string): string {
  if (SAMPLES[key]) return SAMPLES[key];
  const [service, name] = key.split('.') as [string, string];
  const rule = SANDBOX_SETTINGS[service]![name]!;
  return rule.kind === 'choice' ? rule.values.at(-1)! : rule.kind === 'pattern' ? 'x' : String(rule.min + 2);
}

describe('the --set table agrees with the emulators', () => {
  // Read while answering a request, not at start: listed in the table all the same.
  const readLater = new Set(['runs.download_host', 'breach.stealer_rate_per_minute']);
  const samples = (service: string) =>
    Object.fromEntries(
      Object.keys(SANDBOX_SETTINGS[service]!).map((k) => [`${service}.${k}`, sample(`${service}.${k}`)]),
    );

  it.each(SERVICES.map((s) => s.name))(
    '%s: every key it reads is in the table, and every key in the table is read',
    async (service) => {
      // Given every key a value, so that reads that depend on another setting happen too.
      const read = [...(await keysRead(service, samples(service)))].filter((k) =>
        k.startsWith(`${service}.`),
      );
      const table = Object.keys(SANDBOX_SETTINGS[service]!).map((k) => `${service}.${k}`);
      expect(read.filter((k) => !table.includes(k))).toEqual([]);
      expect(table.filter((k) => !read.includes(k) && !readLater.has(k))).toEqual([]);
    },
  );

  it.each(SERVICES.map((s) => s.name))('%s starts with every value its rules accept', async (service) => {
    expect(() => checkSandboxSettings(samples(service), SERVICES)).not.toThrow();
    await expect(keysRead(service, samples(service))).resolves.toBeDefined();
  });
});

describe('ops sandbox start refuses bad --set and --services before starting', () => {
  const start = (args: string[]) => parseVerb('sandbox', sandboxStartCommand, ['start', ...args]);

  it.each([
    [
      ['--set', 'hosts.cnt=5'],
      'unknown --set key "hosts.cnt"',
      'hosts has: hosts.count, hosts.seed, hosts.rate_limit, hosts.rate_period',
    ],
    [
      ['--set', 'hots.count=5'],
      'unknown --set key "hots.count"',
      /^keys are service\.setting, with a service among: secrets, meter, hosts/,
    ],
    [['--set', 'count=5'], 'unknown --set key "count"', /with a service among/],
    [['--set', 'hosts.count=abc'], 'invalid --set hosts.count="abc"', 'give a whole number >= 0'],
    [['--set', 'hosts.count=1e3'], 'invalid --set hosts.count="1e3"', 'give a whole number >= 0'],
    [['--set', 'hosts.rate_limit=0'], 'invalid --set hosts.rate_limit="0"', 'give a whole number >= 1'],
    [['--set', 'hosts.count='], 'invalid --set hosts.count=""', 'give a whole number >= 0'],
    [
      ['--set', 'secrets.state=Sealed'],
      'invalid --set secrets.state="Sealed"',
      'give one of: unsealed, sealed, uninitialized',
    ],
    [['--set', 'db.async=maybe'], 'invalid --set db.async="maybe"', 'give one of: true, false'],
    [
      ['--set', 'breach.rate_per_minute=-1'],
      'invalid --set breach.rate_per_minute="-1"',
      'give a whole number >= 1',
    ],
    [
      ['--set', 'runs.rate_limit_status=500'],
      'invalid --set runs.rate_limit_status="500"',
      'give one of: 429, 403',
    ],
    [['--set', 'runs.download_host=a b'], 'invalid --set runs.download_host="a b"', 'give host or host:port'],
    [
      ['--services', 'hosts,nosuch'],
      '--services: no emulator for "nosuch"',
      /^emulators: secrets, meter, hosts, breach, runs, tasks, db/,
    ],
    [['--services', ','], '--services is empty', /^give some of: secrets/],
    [
      ['--services', 'hosts', '--set', 'meter.rate_limit=5'],
      '--set meter.rate_limit: meter is not among --services',
      'add meter to --services, or drop the setting',
    ],
  ])('%j', async (args, message, hint) => {
    const err = (await start(args).catch((e: unknown) => e)) as UsageError;
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe(message);
    if (typeof hint === 'string') expect(err.hint).toBe(hint);
    else expect(err.hint).toMatch(hint);
  });

  it('takes good settings and services as they are', async () => {
    const r = await start([
      '--port',
      '0',
      '--set',
      'hosts.count=5',
      'db.async=FALSE',
      '--services',
      'hosts,db',
    ]);
    expect(r.calls).toBe(1);
    expect(r.values).toMatchObject({
      port: 0,
      settings: { 'hosts.count': '5', 'db.async': 'FALSE' },
      services: ['hosts', 'db'],
    });
  });

  it('ops sandbox demo --services names emulators too', async () => {
    const err = await parseVerb('sandbox', sandboxDemoCommand, ['demo', '--services', 'hosts,nope']).catch(
      (e: unknown) => e,
    );
    expect((err as Error).message).toBe('--services: no emulator for "nope"');
  });
});
