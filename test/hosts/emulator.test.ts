import { describe, expect, it } from 'vitest';
import { Fleet } from '../../src/sandbox/hosts/seed.js';
import { NO_HOSTS_READ_APP_KEY } from '../../src/sandbox/hosts/seed.js';
import { parseFilter } from '../../src/sandbox/hosts/search.js';
import { emulator } from './helpers.js';

type Host = Record<string, unknown> & {
  name: string;
  last_reported_time: number;
  metrics: Record<string, number>;
  tags_by_source: Record<string, string[]>;
};
interface List {
  host_list: Host[];
  total_matching: number;
  total_returned: number;
}
const body = <T = List>(r: { body?: unknown }) => r.body as T;
const errors = (r: { body?: unknown }) => (r.body as { errors: string[] }).errors;

describe('the fleet', () => {
  it('names sort like indexes and parse back to them', () => {
    const fleet = new Fleet(100_000, 1);
    const names = [0, 1, 14_999, 15_000, 50_000, 99_999].map((i) => fleet.nameOf(i));
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('api-00001');
    for (const i of [0, 15_000, 99_999]) expect(fleet.indexOf(fleet.nameOf(i))).toBe(i);
    expect(fleet.indexOf('api-1')).toBe(-1);
    expect(fleet.indexOf('nosuch-001')).toBe(-1);
    expect(fleet.indexOf('api-99999')).toBe(-1);
  });

  it('is the same for the same seed and differs for another', () => {
    const a = new Fleet(50, 1);
    const b = new Fleet(50, 1);
    const c = new Fleet(50, 2);
    const metrics = (f: Fleet) => Array.from({ length: 50 }, (_, i) => f.metrics(f.facts(i)).cpu);
    expect(metrics(a)).toEqual(metrics(b));
    expect(metrics(a)).not.toEqual(metrics(c));
  });

  it('a million hosts cost nothing until asked for', async () => {
    const { call } = emulator({ 'hosts.count': '1000000' });
    const r = await call('GET', '/api/v1/hosts?start=900000&count=2&from=0');
    expect(r.status).toBe(200);
    expect(body(r).host_list).toHaveLength(2);
    expect(body(r).total_matching).toBeGreaterThan(990_000);
  });

  it('parses the filter into words, tags apart', () => {
    expect(parseFilter(' Role:DB, web  ')).toEqual([
      { text: 'role:db', tag: true },
      { text: 'web', tag: false },
    ]);
  });
});

describe('GET /api/v1/hosts', () => {
  it('lists live hosts by name with every field of the host model, 100 by default', async () => {
    const { call } = emulator({ 'hosts.count': '300' });
    const r = await call('GET', '/api/v1/hosts');
    expect(r.status).toBe(200);
    const { host_list, total_matching, total_returned } = body(r);
    expect(total_returned).toBe(100);
    expect(host_list).toHaveLength(100);
    expect(total_matching).toBeGreaterThan(270);
    expect(total_matching).toBeLessThan(300);
    const names = host_list.map((h) => h.name);
    expect(names).toEqual([...names].sort());
    const agent = host_list.find((h) => (h.sources as string[]).includes('agent') && h.aws_name)!;
    expect(Object.keys(agent)).toEqual([
      'aliases',
      'apps',
      'aws_name',
      'host_name',
      'id',
      'is_muted',
      'last_reported_time',
      'metrics',
      'name',
      'sources',
      'tags_by_source',
      'up',
    ]);
    expect(Object.keys(agent.metrics)).toEqual(['cpu', 'iowait', 'load']);
    // Hosts without an agent send no metrics: the API's up is false, shown as ???.
    const agentless = host_list.find((h) => (h.sources as string[]).join() === 'aws')!;
    expect(agentless).toMatchObject({ up: false, metrics: {}, apps: ['aws'] });
  });

  it('start is a 0-based offset: pages join into the whole list', async () => {
    const { call } = emulator({ 'hosts.count': '120' });
    const all = body(await call('GET', '/api/v1/hosts?count=1000')).host_list.map((h) => h.name);
    const pages: string[] = [];
    for (let start = 0; start < all.length; start += 25) {
      pages.push(
        ...body(await call('GET', `/api/v1/hosts?start=${start}&count=25`)).host_list.map((h) => h.name),
      );
    }
    expect(pages).toEqual(all);
    expect(body(await call('GET', '/api/v1/hosts?start=1&count=1')).host_list[0]!.name).toBe(all[1]);
    const past = body(await call('GET', `/api/v1/hosts?start=${all.length}`));
    expect(past).toEqual({ host_list: [], total_matching: all.length, total_returned: 0 });
  });

  it.each([
    ['count=1001', 'Invalid count: must be at most 1000'],
    ['count=ten', 'Invalid count: "ten" is not an integer'],
    ['start=-1', 'Invalid start: must be at least 0'],
    ['from=1.5', 'Invalid from: "1.5" is not an integer'],
    ['sort_dir=up', 'Invalid sort_dir: "up"; use asc or desc'],
    ['include_hosts_metadata=yes', 'Invalid include_hosts_metadata: give true or false'],
    ['include_muted_hosts_data=1', 'Invalid include_muted_hosts_data: give true or false'],
  ])('400 for %s', async (query, message) => {
    const r = await emulator().call('GET', `/api/v1/hosts?${query}`);
    expect(r.status).toBe(400);
    expect(errors(r)).toEqual([message]);
  });

  it('400 for an unknown sort field, naming the known ones', async () => {
    const r = await emulator().call('GET', '/api/v1/hosts?sort_field=colour');
    expect(r.status).toBe(400);
    expect(errors(r)[0]).toMatch(/^Invalid sort_field: "colour"; use one of name, .*cpu/);
  });

  it('filter: key:value words match tags exactly, other words part of a name or alias, all must match', async () => {
    const { call } = emulator({ 'hosts.count': '300' });
    const list = async (filter: string) =>
      body(await call('GET', `/api/v1/hosts?count=1000&filter=${encodeURIComponent(filter)}`)).host_list;
    const dbs = await list('role:db');
    expect(dbs.length).toBeGreaterThan(0);
    expect(dbs.every((h) => h.tags_by_source.Datadog!.includes('role:db'))).toBe(true);
    expect(await list('ROLE:DB')).toEqual(dbs);
    expect(await list('role:d')).toEqual([]);
    const prodDbs = await list('role:db env:prod');
    expect(prodDbs.length).toBeGreaterThan(0);
    expect(prodDbs.length).toBeLessThan(dbs.length);
    expect(prodDbs.every((h) => h.tags_by_source.Datadog!.includes('env:prod'))).toBe(true);
    expect((await list('web-01')).map((h) => h.name)).toEqual(expect.arrayContaining(['web-010', 'web-011']));
    const aws = dbs.find((h) => h.aws_name)!;
    expect((await list(String(aws.aws_name))).map((h) => h.name)).toEqual([aws.name]);
    expect((await list(`${aws.name}.sandbox`)).map((h) => h.name)).toEqual([aws.name]);
    const region = aws.tags_by_source['Amazon Web Services']!.find((t) => t.startsWith('region:'))!;
    expect((await list(region)).length).toBeGreaterThan(1);
    expect(await list('no-such-host')).toEqual([]);
  });

  it('sorts by a metric or by name, in either direction', async () => {
    const { call } = emulator({ 'hosts.count': '200' });
    const cpu = body(
      await call('GET', '/api/v1/hosts?count=1000&sort_field=cpu&sort_dir=desc'),
    ).host_list.map((h) => h.metrics.cpu ?? -1);
    expect(cpu).toEqual([...cpu].sort((a, b) => b - a));
    const names = body(await call('GET', '/api/v1/hosts?count=1000&sort_dir=desc')).host_list.map(
      (h) => h.name,
    );
    expect(names).toEqual([...names].sort().reverse());
    const last = body(
      await call('GET', '/api/v1/hosts?count=1000&sort_field=last_reported_time'),
    ).host_list.map((h) => h.last_reported_time);
    expect(last).toEqual([...last].sort((a, b) => a - b));
  });

  it('lists the past 3 hours by default; from reaches back as far as the 7-day retention', async () => {
    const { call, clock } = emulator({ 'hosts.count': '400' });
    const now = clock.nowSeconds();
    const recent = body(await call('GET', '/api/v1/hosts?count=1000'));
    expect(recent.host_list.every((h) => h.last_reported_time >= now - 3 * 3600)).toBe(true);
    const week = body(await call('GET', `/api/v1/hosts?count=1000&from=${now - 7 * 86400}`));
    expect(week.total_matching).toBeGreaterThan(recent.total_matching);
    expect(body(await call('GET', '/api/v1/hosts?count=1000&from=0')).total_matching).toBe(
      week.total_matching,
    );
    expect(body(await call('GET', `/api/v1/hosts?from=${now + 60}`)).total_matching).toBe(0);
    // Two hours on, hosts that stopped reporting fall out of the window; live ones stay.
    clock.advance(2 * 3600 * 1000);
    const later = body(await call('GET', '/api/v1/hosts?count=1000'));
    expect(later.total_matching).toBeLessThan(recent.total_matching);
    expect(later.host_list.filter((h) => h.up).length).toBeGreaterThan(300);
  });

  it('metadata and mute expiry only when asked for', async () => {
    const { call } = emulator();
    const plain = body(await call('GET', '/api/v1/hosts?filter=role:db&count=1')).host_list[0]!;
    expect(plain).not.toHaveProperty('meta');
    expect(plain).not.toHaveProperty('mute_timeout');
    expect(plain.is_muted).toBe(true);
    const full = body(
      await call(
        'GET',
        '/api/v1/hosts?filter=role:db&count=2&include_muted_hosts_data=true&include_hosts_metadata=true',
      ),
    ).host_list;
    expect(full[0]!.mute_timeout).toEqual(expect.any(Number));
    expect(full[1]!.mute_timeout).toBeNull();
    const meta = full[0]!.meta as Record<string, unknown>;
    expect(Object.keys(meta).sort()).toEqual(
      [
        'agent_checks',
        'agent_version',
        'cpuCores',
        'fbsdV',
        'gohai',
        'install_method',
        'macV',
        'machine',
        'nixV',
        'platform',
        'processor',
        'pythonV',
        'socket-fqdn',
        'socket-hostname',
        'winV',
      ].sort(),
    );
    expect((meta.agent_checks as string[][])[0]).toHaveLength(6);
    expect(JSON.parse(meta.gohai as string)).toHaveProperty('platform');
  });
});

describe('GET /api/v1/hosts/totals', () => {
  it('active: reported in the past hour; up: UP and reported in the past two hours', async () => {
    const { call, clock } = emulator({ 'hosts.count': '500' });
    const t = body<{ total_active: number; total_up: number }>(await call('GET', '/api/v1/hosts/totals'));
    const listed = body(
      await call('GET', `/api/v1/hosts?count=1000&from=${clock.nowSeconds() - 3600}`),
    ).host_list;
    expect(t.total_active).toBe(listed.length);
    const twoHours = body(
      await call('GET', `/api/v1/hosts?count=1000&from=${clock.nowSeconds() - 7200}`),
    ).host_list;
    expect(t.total_up).toBe(twoHours.filter((h) => h.up).length);
    const since = body<{ total_active: number }>(
      await call('GET', `/api/v1/hosts/totals?from=${clock.nowSeconds() - 86400}`),
    );
    expect(since.total_active).toBeGreaterThan(t.total_active);
    expect((await call('GET', '/api/v1/hosts/totals?from=soon')).status).toBe(400);
  });
});

describe('mute and unmute', () => {
  it('mutes until an end on the sandbox clock, then the mute lapses', async () => {
    const { call, clock } = emulator();
    const end = clock.nowSeconds() + 600;
    const r = await call('POST', '/api/v1/host/web-001/mute', { body: { end, message: 'deploy' } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ action: 'Muted', end, hostname: 'web-001', message: 'deploy' });
    const host = async () =>
      body(await call('GET', '/api/v1/hosts?filter=web-001&include_muted_hosts_data=true')).host_list[0]!;
    expect(await host()).toMatchObject({ is_muted: true, mute_timeout: end });
    clock.advance(601_000);
    expect(await host()).toMatchObject({ is_muted: false, mute_timeout: null });
  });

  it('an already muted host needs override; unmute twice is refused the second time', async () => {
    const { call } = emulator();
    expect((await call('POST', '/api/v1/host/web-002/mute', { body: {} })).body).toEqual({
      action: 'Muted',
      hostname: 'web-002',
    });
    const again = await call('POST', '/api/v1/host/web-002/mute', { body: { message: 'x' } });
    expect(again.status).toBe(400);
    expect(errors(again)[0]).toMatch(/already muted.*override/);
    expect(
      (await call('POST', '/api/v1/host/web-002/mute', { body: { message: 'x', override: true } })).status,
    ).toBe(200);
    expect((await call('POST', '/api/v1/host/web-002/unmute')).body).toEqual({
      action: 'Unmuted',
      hostname: 'web-002',
    });
    const twice = await call('POST', '/api/v1/host/web-002/unmute');
    expect(twice.status).toBe(400);
    expect(errors(twice)).toEqual(['Host web-002 is not muted']);
  });

  it.each([
    ['an end in the past', 'web-003', { end: 1 }, /^Invalid end/],
    ['a non-integer end', 'web-003', { end: 'soon' }, /^Invalid end/],
    ['a message that is not text', 'web-003', { message: 5 }, /^Invalid message/],
    ['override that is not a boolean', 'web-003', { override: 'yes' }, /^Invalid override/],
    ['a body that is not an object', 'web-003', [1], /a JSON object is required/],
    ['a body that is not JSON', 'web-003', '{nope', /not valid JSON/],
    ['an unknown host', 'nosuch-001', {}, /no host named "nosuch-001"/],
  ])('400 for %s', async (_what, host, payload, message) => {
    const r = await emulator().call('POST', `/api/v1/host/${host}/mute`, { body: payload });
    expect(r.status).toBe(400);
    expect(errors(r)[0]).toMatch(message);
  });

  it('400 when the body is missing (the spec requires one)', async () => {
    const r = await emulator().call('POST', '/api/v1/host/web-003/mute');
    expect(r.status).toBe(400);
  });

  it('reset brings back the seed mutes', async () => {
    const { call, emu } = emulator();
    await call('POST', '/api/v1/host/db-001/unmute');
    await call('POST', '/api/v1/host/web-001/mute', { body: {} });
    expect(emu.stats?.()).toMatchObject({ muted: 2 });
    emu.reset();
    const muted = body(await call('GET', '/api/v1/hosts?count=1000'))
      .host_list.filter((h) => h.is_muted)
      .map((h) => h.name);
    expect(muted).toEqual(['db-001', 'queue-001']);
  });
});

describe('keys, permissions, routes', () => {
  it.each([
    ['no keys', { 'x-monitor-api-key': '', 'x-monitor-application-key': '' }],
    ['a wrong API key', { 'x-monitor-api-key': 'nope' }],
    ['a wrong application key', { 'x-monitor-application-key': 'nope' }],
  ])('403 Forbidden for %s', async (_what, headers) => {
    const r = await emulator().call('GET', '/api/v1/hosts', { headers });
    expect(r.status).toBe(403);
    expect(errors(r)).toEqual(['Forbidden']);
  });

  it.each([
    ['GET', '/api/v1/hosts'],
    ['GET', '/api/v1/hosts/totals'],
    ['POST', '/api/v1/host/web-001/mute'],
    ['POST', '/api/v1/host/web-001/unmute'],
  ])('the key pair without hosts_read gets 403 on %s %s', async (method, path) => {
    const r = await emulator().call(method, path, {
      headers: { 'x-monitor-application-key': NO_HOSTS_READ_APP_KEY },
      body: {},
    });
    expect(r.status).toBe(403);
    expect(errors(r)[0]).toMatch(/hosts_read/);
  });

  it('404 and 405 in the same error shape', async () => {
    const em = emulator();
    expect(await em.call('GET', '/api/v1/nothing')).toMatchObject({
      status: 404,
      body: { errors: ['Not found'] },
    });
    expect(await em.call('DELETE', '/api/v1/hosts')).toMatchObject({
      status: 405,
      body: { errors: ['Method not allowed'] },
    });
  });

  it('rejects settings that are not whole numbers', () => {
    expect(() => emulator({ 'hosts.count': 'many' })).toThrow(/hosts.count/);
    expect(() => emulator({ 'hosts.rate_limit': '0' })).toThrow(/hosts.rate_limit/);
  });
});

describe('rate limits', () => {
  it('announces the window on every answer and gives 429 with Retry-After past the limit', async () => {
    const { call, clock } = emulator({ 'hosts.rate_limit': '2', 'hosts.rate_period': '60' });
    // One second into a calendar minute, so that the requests below share a window.
    clock.advance(60_000 - (clock.now() % 60_000) + 1000);
    const first = await call('GET', '/api/v1/hosts?count=1');
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': '2',
      'x-ratelimit-period': '60',
      'x-ratelimit-remaining': '1',
      'x-ratelimit-name': 'hosts_list',
    });
    const reset = Number(first.headers!['x-ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
    // Invalid requests count too, and still carry the headers.
    const invalid = await call('GET', '/api/v1/hosts?count=5000');
    expect(invalid.status).toBe(400);
    expect(invalid.headers!['x-ratelimit-remaining']).toBe('0');
    const limited = await call('GET', '/api/v1/hosts?count=1');
    expect(limited.status).toBe(429);
    expect(errors(limited)).toEqual(['Too many requests']);
    expect(limited.headers!['retry-after']).toBe(limited.headers!['x-ratelimit-reset']);
    // Each operation has its own limit.
    expect((await call('GET', '/api/v1/hosts/totals')).status).toBe(200);
    clock.advance(Number(limited.headers!['x-ratelimit-reset']) * 1000);
    expect((await call('GET', '/api/v1/hosts?count=1')).status).toBe(200);
  });
});
