import { describe, expect, it } from 'vitest';
import { SEED_IDS as CLOUD } from '../../src/sandbox/cloud/seed.js';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * docs/grammar.md, "Values": a time copied from a service's `-o json` output is taken back by that
 * service's time flags, whatever form the API writes it in (dataapi's `2026-11-28 06:53:38 +00:00`,
 * hosts' epoch seconds, tasks' milliseconds…). One copied value per service that has time flags.
 */

const sb = await useSandbox({
  services: ['cloud', 'dataapi', 'hosts', 'meter', 'pipelines', 'runs', 'tasks'],
});
const ops = (args: string[]) => runMain(args, { env: sb.env });

/** The first value of `key` anywhere in a JSON document. */
function first(doc: unknown, key: string): string | number | undefined {
  if (Array.isArray(doc)) {
    for (const d of doc) {
      const v = first(d, key);
      if (v !== undefined) return v;
    }
  } else if (doc && typeof doc === 'object') {
    const rec = doc as Record<string, unknown>;
    if (typeof rec[key] === 'string' || typeof rec[key] === 'number') return rec[key] as string | number;
    for (const v of Object.values(rec)) {
      const found = first(v, key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

// [service, the read whose output holds a time, its key, the verb that takes it back (before the time)]
const CASES: [string, string[], string, string[]][] = [
  ['dataapi', ['dataapi', 'errors', 'keywords'], 'datetime', ['dataapi', 'errors', 'keywords', '--since']],
  ['runs', ['runs', 'list'], 'created_at', ['runs', 'list', '--since']],
  [
    'cloud',
    ['cloud', 'lb', 'metrics', CLOUD.lbWeb, 'requests', '--since', '-1d'],
    'timestamp',
    ['cloud', 'lb', 'metrics', CLOUD.lbWeb, 'requests', '--since'],
  ],
  [
    'pipelines',
    ['pipelines', 'policy', 'decisions', 'list'],
    'created_at',
    ['pipelines', 'policy', 'decisions', 'list', '--until'],
  ],
  ['tasks', ['tasks', 'list'], 'updated', ['tasks', 'list', '--since']],
  ['hosts', ['hosts', 'list'], 'last_reported_time', ['hosts', 'list', '--since']],
  [
    'meter',
    ['meter', 'session', 'create'],
    'created',
    ['meter', 'send', '--event-name', 'api_requests', '--customer', 'cus_1', '--value', '2', '--timestamp'],
  ],
];

describe('a time copied from -o json is taken back', () => {
  it.each(CASES)('%s', async (_service, read, key, back) => {
    const r = await ops([...read, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const time = first(JSON.parse(r.stdout), key);
    expect(time, `${key} in ${r.stdout.slice(0, 200)}`).toBeDefined();
    const again = await ops([...back, String(time), '-o', 'json']);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
  });
});
