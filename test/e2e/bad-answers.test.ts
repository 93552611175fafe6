import { describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/sandbox/cloud/seed.js';
import { NEWEST_JOB_ID } from '../../src/sandbox/docgen/seed.js';
import { ACME, contextId } from '../../src/sandbox/pipelines/seed.js';
import { SEED } from '../../src/sandbox/runs/seed.js';
import { SEED_READER_ASSIGNMENT } from '../db/helpers.js';
import { runCli, runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

// Answers that are not what they claim are one clear line and exit 7, on every path that reads them.
const sb = await useSandbox({
  services: ['docgen', 'runs', 'tasks', 'db', 'cloud', 'hosts', 'pipelines', 'secrets'],
});
const ops = (args: string[]) => runMain(args, { env: { ...sb.env, OPS_RETRIES: '0' } });

const gets: Array<[string, string[]]> = [
  ['docgen', ['docgen', 'jobs', 'get', String(NEWEST_JOB_ID)]],
  ['runs', ['runs', 'view', String(SEED.ciFailed)]],
  ['tasks', ['tasks', 'get', 'dDA6Mg']],
  ['db', ['db', 'role-assignment', 'get', SEED_READER_ASSIGNMENT]],
  ['cloud', ['cloud', 'instance', 'get', SEED_IDS.web01]],
  ['pipelines', ['pipelines', 'context', 'get', contextId(ACME, 'aws-production')]],
  ['hosts', ['hosts', 'totals']],
  ['secrets', ['secrets', 'read', 'secret/data/app/db']],
];

describe('a get answered 200 with no resource', () => {
  it.each(gets)('%s: an empty body is a bad answer, not a blank record', async (service, args) => {
    await sb.fault({ service, method: 'GET', kind: 'status', status: 200, body: '' });
    for (const format of [[], ['--json']]) {
      if (format.length) await sb.fault({ service, method: 'GET', kind: 'status', status: 200, body: '' });
      const r = await ops([...args, ...format]);
      expect(r.stdout).toBe('');
      expect(format.length ? JSON.parse(r.stderr).error.message : r.stderr).toBe(
        format.length
          ? `${service} answered 200 with an empty body where a JSON object was expected`
          : `ops: ${service} answered 200 with an empty body where a JSON object was expected\n`,
      );
      expect(r.code).toBe(7);
    }
  });

  it.each(gets)(
    '%s: an array or null where the resource should be is a bad answer',
    async (service, args) => {
      await sb.fault({ service, method: 'GET', kind: 'status', status: 200, body: [] });
      const array = await ops(args);
      expect(array.stderr).toBe(
        `ops: ${service} answered 200 with a JSON array where a JSON object was expected\n`,
      );
      expect(array.code).toBe(7);
      await sb.fault({
        service,
        method: 'GET',
        kind: 'status',
        status: 200,
        body: 'null',
        headers: { 'content-type': 'application/json' },
      });
      const nul = await ops(args);
      expect(nul.stderr).toBe(`ops: ${service} answered 200 with null where a JSON object was expected\n`);
      expect(nul.code).toBe(7);
    },
  );
});

describe('a malformed page of a list', () => {
  it.each([
    ['hosts', ['hosts', 'list']],
    ['runs', ['runs', 'list']],
    ['tasks', ['tasks', 'list']],
    ['docgen', ['docgen', 'jobs', 'list']],
  ])('%s: is the same clear line and exit 7 under -o ndjson, -o json and -o table', async (service, args) => {
    const seen: string[] = [];
    for (const format of ['ndjson', 'json', 'table']) {
      await sb.fault({ service, method: 'GET', kind: 'malformed' });
      const r = await ops([...args, '-o', format]);
      expect(r.code).toBe(7);
      expect(r.stdout).toBe('');
      seen.push(format === 'json' ? `ops: ${JSON.parse(r.stderr).error.message}\n` : r.stderr);
    }
    expect(seen).toEqual(
      Array(3).fill(
        `ops: ${service} answered 200 with a body that is not valid JSON (application/json, 19 bytes): "{"truncated": [1, 2"\n`,
      ),
    );
  });
});

describe('a page whose brackets close but an item is not JSON', () => {
  // A list printed as NDJSON keeps each item as the text the service sent: every item is still checked
  // as JSON.parse checks it, so a bare word inside one is the same bad answer as under -o json.
  it.each([
    ['hosts', ['hosts', 'list'], '{"host_list":[{"id":1,"up":true},{"id":2,"up":tru}],"total_matching":2}'],
    ['runs', ['runs', 'list'], '{"total_count":2,"workflow_runs":[{"id":1},{"id":2,"status":"queued",}]}'],
    ['tasks', ['tasks', 'list'], '{"kind":"tasks#tasks","items":[{"id":"a","title":"x\\q"}]}'],
    ['docgen', ['docgen', 'jobs', 'list'], '{"entries":[{"id":1} {"id":2}],"page_count":1}'],
  ])(
    '%s: exit 7 and one line under -o ndjson, -o json and -o table, nothing printed',
    async (service, args, body) => {
      const bytes = Buffer.byteLength(body);
      const line = `ops: ${service} answered 200 with a body that is not valid JSON (application/json, ${bytes} bytes): "${body}"\n`;
      for (const format of ['ndjson', 'json', 'table']) {
        await sb.fault({
          service,
          method: 'GET',
          kind: 'status',
          status: 200,
          body,
          headers: { 'content-type': 'application/json' },
        });
        const r = await ops([...args, '-o', format]);
        expect(r.stdout).toBe('');
        expect(format === 'json' ? `ops: ${JSON.parse(r.stderr).error.message}\n` : r.stderr).toBe(line);
        expect(r.code).toBe(7);
      }
    },
  );
});

describe('a download that is not a zip archive', () => {
  it('is a bad answer (exit 7), not a usage error', async () => {
    await sb.fault({
      service: 'runs',
      method: 'GET',
      path: '/repos/octo-org/hello-world/actions/runs/',
      kind: 'status',
      status: 200,
      body: 'not a zip',
    });
    const r = await ops(['runs', 'logs', String(SEED.ciFailed)]);
    expect(r.stderr).toMatch(/^ops: runs: the log archive is not a readable zip archive: .*\n$/);
    expect(r.code).toBe(7);
  });
});

describe('a number past the largest double (1e999), which JavaScript reads as Infinity', () => {
  const raw = (body: string) =>
    sb.fault({
      service: 'hosts',
      kind: 'status',
      status: 200,
      headers: { 'content-type': 'application/json' },
      body,
    });
  const cli = (args: string[]) => runCli(args, { env: { ...sb.env, OPS_RETRIES: '0' } });
  const said =
    'the answer holds a number out of range at total_up: past ±1.8e308 it reads as Infinity, which ops cannot print as sent';

  it('is a bad answer naming the field in every format (-o json wrote it null), through the built CLI', async () => {
    for (const format of ['json', 'yaml', 'table', 'csv']) {
      await raw('{"total_up":1e999,"total_active":3}');
      const r = await cli(['hosts', 'totals', '-o', format]);
      expect(r.stdout).toBe('');
      expect(format === 'json' ? JSON.parse(r.stderr).error.message : r.stderr).toBe(
        format === 'json' ? said : `ops: ${said}\n`,
      );
      expect(r.code).toBe(7);
    }
  });

  it("a list streamed as NDJSON keeps the service's text, the number as written", async () => {
    await raw(
      '{"host_list":[{"name":"a","id":1,"metrics":{"cpu":1e999}}],"total_returned":1,"total_matching":1}',
    );
    const r = await cli(['hosts', 'list', '-o', 'ndjson']);
    expect(r).toEqual({ code: 0, stdout: '{"name":"a","id":1,"metrics":{"cpu":1e999}}\n', stderr: '' });
  });
});
