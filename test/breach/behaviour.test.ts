import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { BreachClient } from '../../src/clients/breach/client.js';
import { type BreachAccountOptions, runBreachAccount } from '../../src/commands/breach/account.js';
import { readAccounts } from '../../src/commands/breach/bulk.js';
import { runBreachDomain } from '../../src/commands/breach/domain.js';
import { runBreachLatest } from '../../src/commands/breach/latest.js';
import { runBreachList } from '../../src/commands/breach/list.js';
import { runBreachShow } from '../../src/commands/breach/show.js';
import { runBreachStealerLogs } from '../../src/commands/breach/stealer-logs.js';
import { ApiError, ExitStatusError, InterruptedError, OpsError, UsageError } from '../../src/errors.js';
import type { OutputFormat } from '../../src/output/printer.js';
import { memoryIo } from '../helpers/io.js';
import { blockingClock, breachFixture, fakeClock, output, stubClient } from './helpers.js';

function accountOpts(
  client: BreachClient,
  {
    format,
    tty,
    input,
    signal,
    ...over
  }: Partial<BreachAccountOptions> & {
    format?: OutputFormat;
    tty?: boolean;
    input?: string;
    signal?: AbortSignal;
  } = {},
) {
  const out = output({ format, tty, input, signal });
  const opts: BreachAccountOptions = {
    io: out.io,
    printer: out.printer,
    feedback: out.feedback,
    client: async () => client,
    account: 'test@example.com',
    file: undefined,
    full: false,
    domain: undefined,
    includeUnverified: true,
    exitStatus: false,
    ratePerMinute: 60,
    concurrency: 4,
    clock: fakeClock(),
    ...over,
  };
  return { opts, out };
}

const bad400 = () =>
  new ApiError({
    status: 400,
    service: 'breach',
    message: 'the account does not comply with an acceptable format',
  });
const denied401 = () =>
  new ApiError({ status: 401, service: 'breach', message: 'Access denied due to invalid breach-api-key.' });

describe('breach account', () => {
  it('prints the names of the breaches and sends the filters', async () => {
    const breachedAccount = vi.fn(async () => [{ Name: 'ZuluGames' }, { Name: 'Adobe' }]);
    const { opts, out } = accountOpts(stubClient({ breachedAccount }), {
      domain: 'adobe.com',
      includeUnverified: false,
    });
    await runBreachAccount(opts);
    expect(breachedAccount).toHaveBeenCalledWith('test@example.com', {
      truncate: true,
      domain: 'adobe.com',
      includeUnverified: false,
    });
    expect(out.io.out()).toBe('NAME\nZuluGames\nAdobe\n');
  });

  it('--full shows the model in columns; JSON keeps the API fields and the HTML', async () => {
    const b = breachFixture({ IsVerified: false, IsSpamList: true });
    const table = accountOpts(stubClient({ breachedAccount: async () => [b] }), { full: true });
    await runBreachAccount(table.opts);
    expect(table.out.io.out()).toMatch(
      /^NAME\s+TITLE\s+DOMAIN\s+BREACHED\s+ADDED\s+ACCOUNTS\s+FLAGS\nAdobe\s+Adobe\s+adobe\.com\s+2013-10-04\s+2013-12-04T00:00:00Z\s+152445165\s+unverified, spam-list\n$/,
    );
    const json = accountOpts(stubClient({ breachedAccount: async () => [b] }), {
      full: true,
      format: 'json',
    });
    await runBreachAccount(json.opts);
    expect(JSON.parse(json.out.io.out())).toEqual([b]);
  });

  it('nothing found is an empty result and exit 0, even with --exit-status', async () => {
    const { opts, out } = accountOpts(stubClient({ breachedAccount: async () => [] }), {
      format: 'json',
      exitStatus: true,
    });
    await runBreachAccount(opts);
    expect(out.io.out()).toBe('[]\n');
  });

  it('--exit-status turns a found account into exit 8 after printing', async () => {
    const { opts, out } = accountOpts(stubClient({ breachedAccount: async () => [{ Name: 'Adobe' }] }), {
      exitStatus: true,
    });
    const err = await runBreachAccount(opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExitStatusError);
    expect((err as ExitStatusError).exitCode).toBe(8);
    expect((err as Error).message).toBe('test@example.com was found in 1 breach');
    expect(out.io.out()).toBe('NAME\nAdobe\n');
  });
});

describe('breach account --file', () => {
  const found: Record<string, string[]> = {
    'a@example.com': ['Adobe'],
    'c@example.com': ['Adobe', 'ZuluGames'],
  };
  const lookup = vi.fn(async (account: string) =>
    (found[account.toLowerCase()] ?? []).map((Name) => ({ Name })),
  );

  it('reads one account a line: trimmed, blank lines skipped, each distinct account once', async () => {
    const io = memoryIo({
      input: ' a@example.com \r\n\nB@example.com\nA@EXAMPLE.COM\nb@example.com\n  \nfabio\n',
    });
    expect(await readAccounts(io, '-')).toEqual(['a@example.com', 'B@example.com', 'fabio']);
    const dir = mkdtempSync(join(tmpdir(), 'ops-breach-'));
    writeFileSync(join(dir, 'a.txt'), 'x@example.com\n');
    expect(await readAccounts(io, join(dir, 'a.txt'))).toEqual(['x@example.com']);
    await expect(readAccounts(io, join(dir, 'missing.txt'))).rejects.toThrow(UsageError);
  });

  it('streams one NDJSON line per account, in file order, paced to the rate', async () => {
    const clock = fakeClock();
    const { opts, out } = accountOpts(stubClient({ breachedAccount: lookup }), {
      account: undefined,
      file: '-',
      format: 'ndjson',
      input: 'a@example.com\nb@example.com\nc@example.com\n',
      ratePerMinute: 30,
      clock,
    });
    await runBreachAccount(opts);
    expect(
      out.io
        .out()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { account: 'a@example.com', breaches: [{ Name: 'Adobe' }] },
      { account: 'b@example.com', breaches: [] },
      { account: 'c@example.com', breaches: [{ Name: 'Adobe' }, { Name: 'ZuluGames' }] },
    ]);
    // 30 a minute: the second starts 2 s after the first, the third 2 s after that.
    expect(clock.t()).toBe(4000);
  });

  it('prints a table of account, count and names; JSON is one array', async () => {
    const input = 'a@example.com\nb@example.com\n';
    const table = accountOpts(stubClient({ breachedAccount: lookup }), {
      account: undefined,
      file: '-',
      input,
    });
    await runBreachAccount(table.opts);
    expect(table.out.io.out()).toBe(
      'ACCOUNT        COUNT  BREACHES\na@example.com  1      Adobe\nb@example.com  0\n',
    );
    const json = accountOpts(stubClient({ breachedAccount: lookup }), {
      account: undefined,
      file: '-',
      input,
      format: 'json',
    });
    await runBreachAccount(json.opts);
    expect(JSON.parse(json.out.io.out())).toEqual([
      { account: 'a@example.com', breaches: [{ Name: 'Adobe' }] },
      { account: 'b@example.com', breaches: [] },
    ]);
  });

  it('shows progress on a terminal, on stderr only', async () => {
    const { opts, out } = accountOpts(stubClient({ breachedAccount: lookup }), {
      account: undefined,
      file: '-',
      input: 'a@example.com\nb@example.com\n',
      tty: true,
      format: 'ndjson',
    });
    await runBreachAccount(opts);
    expect(out.io.err()).toContain('searching 2 accounts at 60 per minute');
    expect(out.io.err()).toContain('2/2 accounts searched at 60 per minute, 1 found');
    expect(out.io.out()).not.toContain('accounts searched');
  });

  it('a shard says that it paces at its share of the key’s rate', async () => {
    const { opts, out } = accountOpts(stubClient({ breachedAccount: lookup }), {
      account: undefined,
      file: '-',
      input: 'a@example.com\nb@example.com\nc@example.com\nd@example.com\n',
      tty: true,
      format: 'ndjson',
      ratePerMinute: 6000 / 4,
      shard: { k: 1, n: 2 },
    });
    await runBreachAccount(opts);
    expect(out.io.err()).toContain("searching 2 accounts at 1500 per minute, shard 1/2 of the key's 3000");
    expect(out.io.err()).toContain("2/2 accounts searched at 1500 per minute, shard 1/2 of the key's 3000");
  });

  it('--exit-status: exit 8 when any account is found, after every result is printed', async () => {
    const { opts, out } = accountOpts(stubClient({ breachedAccount: lookup }), {
      account: undefined,
      file: '-',
      input: 'a@example.com\nb@example.com\nc@example.com\n',
      format: 'ndjson',
      exitStatus: true,
    });
    await expect(runBreachAccount(opts)).rejects.toMatchObject({
      exitCode: 8,
      message: '2 of 3 accounts found in breaches',
    });
    expect(out.io.out().trim().split('\n')).toHaveLength(3);
  });

  it('an account the service refuses (400) gets an error line; the others go on; exit 1', async () => {
    const client = stubClient({
      breachedAccount: async (a) => (a === 'bad' ? Promise.reject(bad400()) : lookup(a)),
    });
    const { opts, out } = accountOpts(client, {
      account: undefined,
      file: '-',
      input: 'a@example.com\nbad\nc@example.com\n',
      format: 'ndjson',
    });
    const err = await runBreachAccount(opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpsError);
    expect((err as OpsError).exitCode).toBe(1);
    expect(
      out.io
        .out()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))[1],
    ).toEqual({
      account: 'bad',
      error: { status: 400, message: 'the account does not comply with an acceptable format' },
    });
    expect(out.io.out().trim().split('\n')).toHaveLength(3);
  });

  it('a fatal error stops the run: what was done is printed, the JSON array stays valid, the error is thrown', async () => {
    let n = 0;
    const client = stubClient({
      breachedAccount: async (a) => (++n === 2 ? Promise.reject(denied401()) : lookup(a)),
    });
    const { opts, out } = accountOpts(client, {
      account: undefined,
      file: '-',
      input: 'a@example.com\nb@example.com\nc@example.com\n',
      format: 'json',
      concurrency: 1,
    });
    const err = await runBreachAccount(opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).exitCode).toBe(4);
    expect(JSON.parse(out.io.out())).toEqual([{ account: 'a@example.com', breaches: [{ Name: 'Adobe' }] }]);
  });

  it('Ctrl-C while waiting for the next slot ends with exit 130 and says how far it got', async () => {
    const ctl = new AbortController();
    const client = stubClient({
      breachedAccount: async (a) => {
        const r = await lookup(a);
        ctl.abort(new Error('SIGINT'));
        return r;
      },
    });
    const { opts, out } = accountOpts(client, {
      account: undefined,
      file: '-',
      input: 'a@example.com\nb@example.com\n',
      format: 'ndjson',
      ratePerMinute: 1,
      concurrency: 1,
      signal: ctl.signal,
      clock: blockingClock(),
    });
    const err = await runBreachAccount(opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InterruptedError);
    expect((err as Error).message).toBe('interrupted after 1 of 2 accounts');
    expect(out.io.out()).toBe('{"account":"a@example.com","breaches":[{"Name":"Adobe"}]}\n');
  });

  it('an empty file prints an empty result and sends nothing', async () => {
    const { opts, out } = accountOpts(stubClient({}), {
      account: undefined,
      file: '-',
      input: '\n\n',
      format: 'json',
    });
    await runBreachAccount(opts);
    expect(out.io.out()).toBe('[]\n');
  });
});

describe('breach domain and stealer-logs', () => {
  const map = { test: ['ZuluGames', 'Adobe'], jane: ['Adobe'] };

  it('a table has one row per address; JSON keeps the alias map', async () => {
    const table = output();
    await runBreachDomain({
      printer: table.printer,
      client: async () => stubClient({ breachedDomain: async () => map }),
      domain: 'example.com',
      rows: true,
      exitStatus: false,
    });
    expect(table.io.out()).toBe(
      'EMAIL             COUNT  BREACHES\njane@example.com  1      Adobe\ntest@example.com  2      ZuluGames, Adobe\n',
    );
    const json = output({ format: 'json' });
    await runBreachDomain({
      printer: json.printer,
      client: async () => stubClient({ breachedDomain: async () => map }),
      domain: 'example.com',
      rows: false,
      exitStatus: false,
    });
    expect(JSON.parse(json.io.out())).toEqual(map);
  });

  it('domain --exit-status: 8 when found, 0 with {} when none', async () => {
    const found = output();
    await expect(
      runBreachDomain({
        printer: found.printer,
        client: async () => stubClient({ breachedDomain: async () => map }),
        domain: 'example.com',
        rows: true,
        exitStatus: true,
      }),
    ).rejects.toMatchObject({ exitCode: 8, message: '2 addresses of example.com found in breaches' });
    const none = output({ format: 'json' });
    await runBreachDomain({
      printer: none.printer,
      client: async () => stubClient({ breachedDomain: async () => ({}) }),
      domain: 'example.com',
      rows: false,
      exitStatus: true,
    });
    expect(none.io.out()).toBe('{}\n');
  });

  it('stealer logs by email, by website and by email domain', async () => {
    const client = stubClient({
      stealerLogsByEmail: vi.fn(async () => ['example.org', 'streamflix.example']),
      stealerLogsByWebsiteDomain: vi.fn(async () => ['bob@other.example']),
      stealerLogsByEmailDomain: vi.fn(async () => ({ jane: ['example.org'] })),
    });
    const a = output();
    await runBreachStealerLogs({
      printer: a.printer,
      client: async () => client,
      search: { by: 'email', email: 'jane@example.com' },
      rows: true,
      exitStatus: false,
    });
    expect(a.io.out()).toBe('example.org\nstreamflix.example\n');
    expect(client.stealerLogsByEmail).toHaveBeenCalledWith('jane@example.com');
    const b = output({ format: 'json' });
    await runBreachStealerLogs({
      printer: b.printer,
      client: async () => client,
      search: { by: 'website', domain: 'example.org' },
      rows: false,
      exitStatus: false,
    });
    expect(JSON.parse(b.io.out())).toEqual(['bob@other.example']);
    const c = output();
    await expect(
      runBreachStealerLogs({
        printer: c.printer,
        client: async () => client,
        search: { by: 'email-domain', domain: 'example.com' },
        rows: true,
        exitStatus: true,
      }),
    ).rejects.toMatchObject({ exitCode: 8 });
    expect(c.io.out()).toBe('EMAIL             COUNT  WEBSITES\njane@example.com  1      example.org\n');
  });
});

describe('breach show, list, latest', () => {
  it('show: the table has the description as plain text; JSON keeps the HTML', async () => {
    const b = breachFixture();
    const table = output();
    await runBreachShow({
      printer: table.printer,
      client: async () => stubClient({ breach: async () => b }),
      name: 'Adobe',
    });
    expect(table.io.out()).toContain(
      'description   In October 2013, 153 million accounts & hints were breached.',
    );
    expect(table.io.out()).not.toContain('<em>');
    const json = output({ format: 'json' });
    await runBreachShow({
      printer: json.printer,
      client: async () => stubClient({ breach: async () => b }),
      name: 'Adobe',
    });
    expect(JSON.parse(json.io.out()).Description).toBe(b.Description);
  });

  it('show: an unknown name is exit 3 with a hint', async () => {
    const out = output();
    await expect(
      runBreachShow({
        printer: out.printer,
        client: async () => stubClient({ breach: async () => undefined }),
        name: 'Nope',
      }),
    ).rejects.toMatchObject({
      exitCode: 3,
      message: 'breach Nope not found in the breaches the service lists',
    });
  });

  it('list: passes the filters and cuts at --limit', async () => {
    const breaches = vi.fn(async () => [
      breachFixture(),
      breachFixture({ Name: 'B', Title: 'B' }),
      breachFixture({ Name: 'C', Title: 'C' }),
    ]);
    const out = output({ format: 'json' });
    await runBreachList({
      printer: out.printer,
      feedback: out.feedback,
      client: async () => stubClient({ breaches }),
      domain: 'adobe.com',
      spamList: false,
      limit: 2,
    });
    expect(breaches).toHaveBeenCalledWith({ domain: 'adobe.com', spamList: false });
    expect(JSON.parse(out.io.out()).map((b: { Name: string }) => b.Name)).toEqual(['Adobe', 'B']);
  });

  it('latest --watch prints the first, then each change, and stops after --count changes', async () => {
    const seq = ['Adobe', 'Adobe', 'NewOne', 'NewOne', 'Newer'].map((Name) =>
      breachFixture({ Name, Title: Name }),
    );
    let i = 0;
    const latestBreach = vi.fn(async () => seq[Math.min(i++, seq.length - 1)]!);
    const clock = fakeClock();
    const out = output();
    await runBreachLatest({
      io: out.io,
      printer: out.printer,
      client: async () => stubClient({ latestBreach }),
      watchSeconds: 30,
      count: 2,
      lines: true,
      clock,
    });
    expect(out.io.out()).toBe(
      [
        '2013-12-04T00:00Z  Adobe  Adobe (adobe.com, 152445165 accounts)',
        '2013-12-04T00:00Z  NewOne  NewOne (adobe.com, 152445165 accounts)',
        '2013-12-04T00:00Z  Newer  Newer (adobe.com, 152445165 accounts)',
        '',
      ].join('\n'),
    );
    expect(latestBreach).toHaveBeenCalledTimes(5);
    expect(clock.sleeps).toEqual([30_000, 30_000, 30_000, 30_000]);
  });

  it('latest --watch: Ctrl-C while waiting is exit 130', async () => {
    const ctl = new AbortController();
    const out = output({ format: 'ndjson', signal: ctl.signal });
    const clock = blockingClock();
    const run = runBreachLatest({
      io: out.io,
      printer: out.printer,
      client: async () => stubClient({ latestBreach: async () => breachFixture() }),
      watchSeconds: 60,
      count: undefined,
      lines: false,
      clock,
    });
    await new Promise((r) => setTimeout(r, 5));
    ctl.abort(new Error('SIGINT'));
    await expect(run).rejects.toMatchObject({ exitCode: 130, message: 'stopped watching after 0 changes' });
    expect(JSON.parse(out.io.out()).Name).toBe('Adobe');
  });

  it('latest without --watch shows the breach once', async () => {
    const out = output({ format: 'json' });
    await runBreachLatest({
      io: out.io,
      printer: out.printer,
      client: async () => stubClient({ latestBreach: async () => breachFixture() }),
      watchSeconds: undefined,
      count: undefined,
      lines: true,
    });
    expect(JSON.parse(out.io.out()).Name).toBe('Adobe');
  });
});
