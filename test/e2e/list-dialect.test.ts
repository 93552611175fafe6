import { afterEach, describe, expect, it, vi } from 'vitest';
import { RawJson } from '../../src/clients/http/raw-json.js';
import { Printer } from '../../src/output/printer.js';
import { SEED_IDS as IDS } from '../../src/sandbox/cloud/seed.js';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * One list dialect: every list verb hands its client `{ limit, raw }`, and with `-o ndjson` the items
 * are written as the service sent them (the paginator's raw path). The lines must be exactly the items
 * `-o json` gives, one compact JSON document a line, byte for byte.
 */
afterEach(() => vi.restoreAllMocks());

const sb = await useSandbox({ services: ['cloud', 'db', 'pipelines'] });
const ops = (args: string[]) => runMain(args, { env: sb.env });

const CONTEXT = 'a0c17523-e4af-46ab-965f-4a57cbc4a90f';

const LISTS: string[][] = [
  ['cloud', 'regions'],
  ['cloud', 'instance-types', '--region', 'eu-west-3'],
  ['cloud', 'images'],
  ['cloud', 'instance', 'list'],
  ['cloud', 'instance', 'types', IDS.web01],
  ['cloud', 'instance', 'snapshot', 'list', IDS.db01],
  ['cloud', 'asg', 'list'],
  ['cloud', 'asg', 'instances', 'a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c01'],
  ['db', 'role-assignment', 'list'],
  ['db', 'role-definition', 'list'],
  ['pipelines', 'context', 'list', '--org', 'gh/acme'],
  ['pipelines', 'context', 'env', 'list', CONTEXT],
  ['pipelines', 'context', 'restriction', 'list', CONTEXT],
  ['pipelines', 'env', 'list', 'gh/acme/web-app'],
  ['pipelines', 'checkout-key', 'list', 'gh/acme/web-app'],
  ['pipelines', 'definition', 'list', 'gh/acme/web-app'],
  ['pipelines', 'insights', 'workflows', 'gh/acme/web-app'],
  ['pipelines', 'insights', 'time-series', 'gh/acme/web-app', 'build-and-test'],
  ['pipelines', 'insights', 'runs', 'gh/acme/web-app', 'build-and-test'],
  ['pipelines', 'insights', 'jobs', 'gh/acme/web-app', 'build-and-test'],
  ['pipelines', 'policy', 'decisions', 'list', '--org', 'gh/acme'],
];

describe('-o ndjson writes exactly the items -o json gives', () => {
  it.each(LISTS.map((args) => [args.join(' '), args]))('%s', async (_name, args) => {
    const json = await ops([...(args as string[]), '--all', '-o', 'json']);
    const lines = vi.spyOn(Printer.prototype, 'printLines');
    const ndjson = await ops([...(args as string[]), '--all', '-o', 'ndjson']);
    // The items reached the printer as the service's text, never parsed and written again.
    const written = lines.mock.calls.flatMap(([items]) => [...items]);
    expect(written.length).toBeGreaterThan(0);
    expect(written.filter((item) => !(item instanceof RawJson))).toEqual([]);
    expect([json.code, json.stderr]).toEqual([0, '']);
    expect([ndjson.code, ndjson.stderr]).toEqual([0, '']);
    const items = JSON.parse(json.stdout) as unknown[];
    expect(items.length).toBeGreaterThan(0);
    expect(ndjson.stdout).toBe(items.map((item) => `${JSON.stringify(item)}\n`).join(''));
  });

  it('a limit cuts the raw pages as it cuts the parsed ones', async () => {
    const json = await ops(['cloud', 'instance', 'list', '--limit', '2', '-o', 'json']);
    const ndjson = await ops(['cloud', 'instance', 'list', '--limit', '2', '-o', 'ndjson']);
    const items = JSON.parse(json.stdout) as unknown[];
    expect(items).toHaveLength(2);
    expect(ndjson.stdout).toBe(items.map((item) => `${JSON.stringify(item)}\n`).join(''));
  });
});
