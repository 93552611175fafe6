import { describe, expect, it } from 'vitest';
import type { HostWire, ListHostsQuery } from '../../src/clients/hosts/types.js';
import type { PageOptions } from '../../src/clients/http/paginate.js';
import { runHostsList } from '../../src/commands/hosts/list.js';
import { runHostsMute } from '../../src/commands/hosts/mute.js';
import { mutedText, upText } from '../../src/commands/hosts/shared.js';
import { runHostsTotals } from '../../src/commands/hosts/totals.js';
import { runHostsUnmute } from '../../src/commands/hosts/unmute.js';
import type { OutputFormat } from '../../src/output/printer.js';
import { fixtureHost, output, pagesOf, stubClient } from './helpers.js';

const NOW = 1_800_000_000;
const HOSTS = [
  fixtureHost({ name: 'web-001', id: 1, last_reported_time: NOW - 120 }),
  fixtureHost({
    name: 'web-002',
    id: 2,
    up: false,
    metrics: {},
    apps: ['aws'],
    sources: ['aws'],
    is_muted: true,
    mute_timeout: NOW + 3600,
    last_reported_time: NOW - 30,
  }),
  fixtureHost({ name: 'web-003', id: 3, is_muted: true, mute_timeout: null }),
];

function listWith(
  pages: HostWire[][],
  total: number,
  seen: Array<{ query: ListHostsQuery; opts: PageOptions | undefined }> = [],
) {
  return stubClient({
    listHostPages: (query, opts) => {
      seen.push({ query, opts });
      return pagesOf(pages, total);
    },
  });
}

describe('hosts list', () => {
  it('a table with up (UP or ???), muted and until when, metrics and last report', async () => {
    const { io, printer, feedback } = output();
    await runHostsList({
      printer,
      feedback,
      client: async () => listWith([HOSTS], 3),
      query: { count: 100 },
      limit: 100,
    });
    expect(io.out()).toBe(
      [
        'NAME     ID  UP   MUTED                       APPS        SOURCES  CPU   IOWAIT  LOAD  LAST REPORTED',
        'web-001  1   UP   no                          agent, ntp  agent    12.5  0.5     1.25  2027-01-15T07:58:00Z',
        'web-002  2   ???  until 2027-01-15T09:00:00Z  aws         aws                          2027-01-15T07:59:30Z',
        'web-003  3   UP   yes                         agent, ntp  agent    12.5  0.5     1.25  2027-01-15T08:00:00Z',
        '',
      ].join('\n'),
    );
    expect(io.err()).toBe('');
  });

  it('on a terminal, last report is relative and a hint says when more hosts match', async () => {
    const { io, printer, feedback } = output({ tty: true, now: NOW * 1000 });
    await runHostsList({
      printer,
      feedback,
      client: async () => listWith([HOSTS.slice(0, 2)], 40),
      query: { count: 2 },
      limit: 2,
    });
    expect(io.out()).toContain('2 minutes ago');
    expect(io.out()).toContain('30 seconds ago');
    expect(io.err()).toBe('2 of 40 matching hosts shown; --all or --limit N for more\n');
  });

  it('the hint counts from --start, and is not given when every host was shown', async () => {
    const { io, printer, feedback } = output({ tty: true });
    await runHostsList({
      printer,
      feedback,
      client: async () => listWith([HOSTS], 5),
      query: { start: 2, count: 3 },
      limit: 3,
    });
    expect(io.err()).toBe('');
  });

  it('hands the query and the limit to the client', async () => {
    const seen: Array<{ query: ListHostsQuery; opts: PageOptions | undefined }> = [];
    const { printer, feedback } = output();
    const query = { filter: 'role:db', sort_dir: 'desc' as const, count: 1000 };
    await runHostsList({
      printer,
      feedback,
      client: async () => listWith([], 0, seen),
      query,
      limit: undefined,
    });
    expect(seen).toEqual([{ query, opts: { limit: undefined, raw: false } }]);
  });

  it('asks for hosts as the text the service sent when the output is plain NDJSON', async () => {
    const seen: Array<{ query: ListHostsQuery; opts: PageOptions | undefined }> = [];
    const { printer, feedback } = output({ format: 'ndjson' });
    await runHostsList({ printer, feedback, client: async () => listWith([], 0, seen), query: {}, limit: 5 });
    expect(seen).toEqual([{ query: {}, opts: { limit: 5, raw: true } }]);
  });

  it.each<[OutputFormat, string | RegExp]>([
    ['table', ''],
    ['json', '[]\n'],
    ['ndjson', ''],
    // CSV keeps its header row, even when the list is empty.
    ['csv', /^name,id,up,muted,apps,sources,cpu,iowait,load,last.reported\n$/],
  ])('an empty list in %s', async (format, expected) => {
    const { io, printer, feedback } = output({ format });
    await runHostsList({ printer, feedback, client: async () => listWith([[]], 0), query: {}, limit: 100 });
    if (typeof expected === 'string') expect(io.out()).toBe(expected);
    else expect(io.out()).toMatch(expected);
  });

  it('json is one array of the API host objects across pages', async () => {
    const { io, printer, feedback } = output({ format: 'json' });
    await runHostsList({
      printer,
      feedback,
      client: async () => listWith([HOSTS.slice(0, 2), HOSTS.slice(2)], 3),
      query: {},
      limit: undefined,
    });
    expect(JSON.parse(io.out())).toEqual(HOSTS);
  });

  it('ndjson writes each page before the next is asked for', async () => {
    const { io, printer, feedback } = output({ format: 'ndjson' });
    const linesWhenAsked: number[] = [];
    const client = stubClient({
      async *listHostPages() {
        for (const items of [HOSTS.slice(0, 2), HOSTS.slice(2)]) {
          linesWhenAsked.push(io.out().split('\n').length - 1);
          yield* pagesOf([items], 3);
        }
      },
    });
    await runHostsList({ printer, feedback, client: async () => client, query: {}, limit: undefined });
    expect(linesWhenAsked).toEqual([0, 2]);
    expect(
      io
        .out()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).name),
    ).toEqual(['web-001', 'web-002', 'web-003']);
  });

  it('csv uses the table columns', async () => {
    const { io, printer, feedback } = output({ format: 'csv' });
    await runHostsList({
      printer,
      feedback,
      client: async () => listWith([HOSTS.slice(1, 2)], 1),
      query: {},
      limit: 100,
    });
    expect(io.out()).toBe(
      'name,id,up,muted,apps,sources,cpu,iowait,load,last_reported\nweb-002,2,???,until 2027-01-15T09:00:00Z,aws,aws,,,,2027-01-15T07:59:30Z\n',
    );
  });

  it('an error in a later page comes after the hosts already printed', async () => {
    const { io, printer, feedback } = output({ format: 'ndjson' });
    const client = stubClient({
      async *listHostPages() {
        yield* pagesOf([HOSTS.slice(0, 1)], 3);
        throw new Error('page 2 failed');
      },
    });
    await expect(
      runHostsList({ printer, feedback, client: async () => client, query: {}, limit: undefined }),
    ).rejects.toThrow('page 2 failed');
    expect(io.out().trim().split('\n')).toHaveLength(1);
  });

  it('shows ??? when up is missing, and "yes" for a mute without expiry data', () => {
    expect(upText({})).toBe('???');
    expect(mutedText({ is_muted: true })).toBe('yes');
    expect(mutedText({})).toBe('no');
  });
});

describe('hosts totals, mute, unmute', () => {
  it('totals as a table and as the API object', async () => {
    const client = stubClient({
      getHostTotals: async (q) => ({ total_active: q?.from ? 70 : 65, total_up: 42 }),
    });
    const table = output();
    await runHostsTotals({ printer: table.printer, client: async () => client, from: undefined });
    expect(table.io.out()).toBe('active  65\nup      42\n');
    const json = output({ format: 'json' });
    await runHostsTotals({ printer: json.printer, client: async () => client, from: 1 });
    expect(JSON.parse(json.io.out())).toEqual({ total_active: 70, total_up: 42 });
  });

  it('mute prints what the API answered', async () => {
    const calls: unknown[] = [];
    const client = stubClient({
      muteHost: async (host, settings) => {
        calls.push([host, settings]);
        return { action: 'Muted', end: NOW, hostname: host, message: settings.message };
      },
    });
    const { io, printer } = output({ format: 'json' });
    await runHostsMute({
      printer,
      client: async () => client,
      host: 'web-001',
      settings: { end: NOW, message: 'deploy' },
    });
    expect(calls).toEqual([['web-001', { end: NOW, message: 'deploy' }]]);
    expect(JSON.parse(io.out())).toEqual({
      action: 'Muted',
      end: NOW,
      hostname: 'web-001',
      message: 'deploy',
    });
  });

  it('unmute prints the action and host', async () => {
    const client = stubClient({ unmuteHost: async (host) => ({ action: 'Unmuted', hostname: host }) });
    const { io, printer } = output();
    await runHostsUnmute({ printer, client: async () => client, host: 'db-001' });
    expect(
      io
        .out()
        .split('\n')
        .map((l) => l.trimEnd()),
    ).toEqual(['action    Unmuted', 'hostname  db-001', '']);
  });
});
