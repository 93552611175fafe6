import { describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/sandbox/cloud/seed.js';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

// A resource whose fields are not of their documented shape is the service's bad answer (exit 7, one
// line naming what), never ops's unexpected error (exit 1, a TypeError's words).
const sb = await useSandbox({ services: ['cloud', 'secrets', 'meter'] });
const ops = (args: string[]) => runMain(args, { env: { ...sb.env, OPS_RETRIES: '0' } });
const headers = { 'content-type': 'application/json' };

describe('cloud: an instance whose ips is not a list', () => {
  const withIps = async (ips: unknown) => {
    const r = await ops(['cloud', 'instance', 'get', SEED_IDS.web01, '-o', 'json']);
    return { ...JSON.parse(r.stdout), ips };
  };

  it('get: the table names the column it cannot read, exit 7; -o json prints the answer as sent', async () => {
    const body = await withIps({ x: 1 });
    await sb.fault({ service: 'cloud', method: 'GET', kind: 'status', status: 200, headers, body });
    const table = await ops(['cloud', 'instance', 'get', SEED_IDS.web01]);
    expect(table).toEqual({
      code: 7,
      stdout: '',
      stderr:
        "ops: the answer's ips is not of the shape the service documents (i.ips.map is not a function)\n",
    });
    await sb.fault({ service: 'cloud', method: 'GET', kind: 'status', status: 200, headers, body });
    const json = await ops(['cloud', 'instance', 'get', SEED_IDS.web01, '-o', 'json']);
    expect(JSON.parse(json.stdout).ips).toEqual({ x: 1 });
    expect(json.code).toBe(0);
  });

  it('list: the same in a table and in CSV; -o json reads no column and prints the list as sent', async () => {
    const instance = await withIps('10.0.0.1');
    const body = { instances: [instance], _metadata: { totalCount: 1, limit: 10, offset: 0 } };
    const why = "the answer's ip is not of the shape the service documents (i.ips.find is not a function)";
    // CSV streams its rows: the header went out before the first row was read.
    const printed = { table: '', csv: 'id,reference,state,type,region,image,ip,contract,started\n' };
    for (const format of ['table', 'csv'] as const) {
      await sb.fault({ service: 'cloud', method: 'GET', kind: 'status', status: 200, headers, body });
      expect(await ops(['cloud', 'instance', 'list', '-o', format])).toEqual({
        code: 7,
        stdout: printed[format],
        stderr: `ops: ${why}\n`,
      });
    }
    await sb.fault({ service: 'cloud', method: 'GET', kind: 'status', status: 200, headers, body });
    const r = await ops(['cloud', 'instance', 'list', '-o', 'json']);
    expect(JSON.parse(r.stdout)[0].ips).toBe('10.0.0.1');
    expect(r.code).toBe(0);
  });
});

describe('secrets kv get: a version that is not data and metadata', () => {
  it.each([
    [200, { data: null }],
    [200, { data: { data: { a: 1 } } }],
    [200, { data: { data: 'x', metadata: {} } }],
    [404, { data: { data: null } }],
  ])('%s %j: exit 7, naming it', async (status, body) => {
    await sb.fault({
      service: 'secrets',
      method: 'GET',
      path: '/v1/secret/data/',
      kind: 'status',
      status,
      headers,
      body,
    });
    expect(await ops(['secrets', 'kv', 'get', 'secret/app/db'])).toEqual({
      code: 7,
      stdout: '',
      stderr: `ops: secrets answered ${status} with a secret version whose data or metadata is not an object\n`,
    });
  });

  it('a deleted version (404, data null, its metadata) is still its metadata, exit 0', async () => {
    const metadata = {
      version: 3,
      created_time: '2026-01-01T00:00:00Z',
      deletion_time: '2026-02-01T00:00:00Z',
      destroyed: false,
      custom_metadata: null,
    };
    const body = { data: { data: null, metadata } };
    await sb.fault({
      service: 'secrets',
      method: 'GET',
      path: '/v1/secret/data/',
      kind: 'status',
      status: 404,
      headers,
      body,
    });
    const r = await ops(['secrets', 'kv', 'get', 'secret/app/db']);
    expect(r.stdout).toMatch(/^== Metadata ==\n[\s\S]*deletion time +2026-02-01T00:00:00Z\n/);
    expect(r.code).toBe(0);
  });
});

describe('secrets kv get of a v1 mount: data that is not an object', () => {
  it.each([{ data: null }, { data: ['a'] }, {}])('%j: exit 7, naming it', async (body) => {
    await sb.fault({
      service: 'secrets',
      method: 'GET',
      path: '/v1/kv/app/',
      kind: 'status',
      status: 200,
      headers,
      body,
    });
    expect(await ops(['secrets', 'kv', 'get', 'kv/app/legacy'])).toEqual({
      code: 7,
      stdout: '',
      stderr: 'ops: secrets answered 200 with a secret whose data is not an object\n',
    });
  });
});

describe('meter: a session without its token', () => {
  const session = {
    id: 'mtrses_x',
    object: 'v2.billing.meter_event_session',
    created: '2026-12-03T19:00:00.000Z',
    expires_at: '2026-12-03T19:15:00.000Z',
    livemode: false,
  };
  const streamed = async () =>
    (await sb.counters()).requests.meter?.['POST /v2/billing/meter_event_stream'] ?? 0;
  const why = 'ops: meter answered 200 with a session that has no authentication_token\n';

  it.each([
    ['session create', ['meter', 'session', 'create']],
    ['send', ['meter', 'send', '--event-name', 'api_calls', '--customer', 'cus_1', '--value', '1']],
  ])('%s: exit 7, nothing sent on the stream', async (_, args) => {
    for (const body of [
      session,
      { ...session, authentication_token: '' },
      { ...session, authentication_token: 5 },
    ]) {
      const before = await streamed();
      const path = '/v2/billing/meter_event_session';
      await sb.fault({ service: 'meter', method: 'POST', path, kind: 'status', status: 200, headers, body });
      const r = await ops(args);
      expect(r.stderr).toBe(why);
      expect(r.code).toBe(7);
      expect(await streamed()).toBe(before);
    }
  });
});
