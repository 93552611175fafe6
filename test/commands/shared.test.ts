import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { testFactory as createFactory } from '../helpers/factory.js';
import { parseListFlags } from '../../src/commands/shared/list-flags.js';
import { parseInteger, parseTime } from '../../src/commands/shared/parse.js';
import { UsageError } from '../../src/errors.js';
import { runMain } from '../helpers/cli.js';
import { memoryIo } from '../helpers/io.js';
import { startForwardProxy } from '../helpers/proxy.js';
import { useSandbox } from '../helpers/sandbox.js';
import { stubEmulators } from '../helpers/stub-emulators.js';

describe('--limit / --all', () => {
  it.each([
    [{}, { limit: 30, all: false }],
    [{ limit: '5' }, { limit: 5, all: false }],
    [{ all: true }, { limit: undefined, all: true }],
  ])('%j → %j', (flags, expected) => {
    expect(parseListFlags(flags)).toEqual(expected);
  });
  it.each([[{ limit: '0' }], [{ limit: 'x' }], [{ limit: '2', all: true }]])(
    '%j is a usage error',
    (flags) => {
      expect(() => parseListFlags(flags)).toThrow(UsageError);
    },
  );
});

describe('times and numbers', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it.each([
    ['1767225600', 1767225600],
    ['2026-01-01T00:00:00Z', 1767225600],
    ['-3h', now / 1000 - 3 * 3600],
    ['90m', now / 1000 + 90 * 60],
    ['+2d', now / 1000 + 2 * 86400],
  ])('%s → %d', (raw, expected) => {
    expect(parseTime('--from', raw, now)).toBe(expected);
  });
  it.each([
    ['2026-01-01', 1767225600],
    ['2024-02-29', Date.parse('2024-02-29T00:00:00Z') / 1000],
    ['2026-01-01T01:00:00+01:00', 1767225600],
    ['now', now / 1000],
    // The services' own forms, as `-o json` prints them (docs/grammar.md, "Values"):
    ['2026-01-01 00:00:00 +00:00', 1767225600], // dataapi
    ['2025-12-31T17:00:00-07:00', 1767225600], // docgen
    ['2026-01-01T00:00:00.848000000Z', 1767225600], // secrets
    ['2026-01-01T00:00:00.1234567Z', 1767225600], // runs logs, db
    ['2026-01-01T00:00:00.000Z', 1767225600], // tasks, meter
    ['2026-01-01T00:00Z', 1767225600], // breach
    ['2026-01-01T01:00:00+0100', 1767225600],
    ['2026-01-01 00:00:00', 1767225600], // no offset: UTC, as a date is
  ])('%s → %d', (raw, expected) => {
    expect(parseTime('--since', raw, now)).toBe(expected);
  });
  it.each([
    '2025-02-30',
    '2025-13-01',
    '2025-00-10',
    '2025-02-29',
    '2026-01-01T25:00',
    '2026-01-01T12:60:00Z',
    '2026-04-31T00:00:00Z',
  ])('a date or time that does not exist is refused, never rolled over: %s', (raw) => {
    expect(() => parseTime('--since', raw, now)).toThrow(`invalid --since "${raw}": no such date or time`);
  });
  it.each(['1969-12-31', '1969-12-31T23:59:59Z', '-100000w'])(
    'a time before the Unix epoch is refused, never sent as negative seconds: %s',
    (raw) => {
      expect(() => parseTime('--since', raw, now)).toThrow(
        `invalid --since "${raw}": before 1970-01-01T00:00:00Z`,
      );
    },
  );
  it.each(['1e2', '0x10', '1.0', ' 5', '5 ', '+5', '', '٣'])(
    'integers are decimal digits only: %j is refused',
    (raw) => {
      expect(() => parseInteger('--limit', raw)).toThrow(UsageError);
      expect(() => parseListFlags({ limit: raw })).toThrow(`invalid --limit ${JSON.stringify(raw)}`);
    },
  );
  it('an error quotes a short prefix of a long value, never the whole', () => {
    const long = 'x'.repeat(100_000);
    for (const f of [() => parseInteger('--count', long), () => parseTime('--since', long, now)]) {
      const err = (() => {
        try {
          f();
        } catch (e) {
          return e as UsageError;
        }
      })();
      expect(err).toBeInstanceOf(UsageError);
      expect(err!.message).toContain(`"${'x'.repeat(40)}…"`);
      expect(err!.message.length).toBeLessThan(120);
    }
  });
  it('bad values name the flag and the accepted forms', () => {
    expect(() => parseTime('--from', 'yesterday-ish', now)).toThrow('invalid --from "yesterday-ish"');
    expect(() => parseInteger('--count', '1001', { max: 1000 })).toThrow(
      '--count must be at most 1000 (got 1001)',
    );
  });
});

describe('confirmation of destructive actions', () => {
  async function context(args: string[], o: { tty?: boolean; answer?: string } = {}) {
    const io = memoryIo({ env: { OPS_CONFIG_DIR: '/nonexistent-ops' } });
    io.stdinIsTty = Boolean(o.tty);
    io.prompt = async () => o.answer ?? '';
    const root = new Command('ops').option('-y, --yes').option('--dry-run').exitOverride();
    let ctx: Awaited<ReturnType<ReturnType<typeof createFactory>['context']>> | undefined;
    root
      .command('x')
      .argument('[id]')
      .action(async (_id, _o, cmd: Command) => {
        ctx = await createFactory(io).context(cmd);
      });
    await root.parseAsync(['node', 'ops', 'x', ...args]);
    return ctx!;
  }
  it("without a terminal and without --yes: exit 2 in the verb's own refusal, naming --yes", async () => {
    const err = await (await context(['web-1'])).confirm('delete host web-1').catch((e) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect([err.message, err.hint]).toEqual([
      'x web-1: needs confirmation',
      'pass --yes to confirm when not at a terminal (or --dry-run to see what it would do)',
    ]);
  });
  it('--yes passes; a terminal asks and accepts only yes', async () => {
    await expect((await context(['--yes'])).confirm('delete')).resolves.toBeUndefined();
    await expect((await context([], { tty: true, answer: 'y' })).confirm('delete')).resolves.toBeUndefined();
    await expect((await context([], { tty: true, answer: 'n' })).confirm('delete')).rejects.toThrow(
      'not confirmed',
    );
  });
  // It was `Delete host web-1: not confirmed`, the question's words rather than the refusal's.
  it('a "no" at the terminal: exit 2 worded as the refusal off one, the command line and its arguments', async () => {
    const err = await (await context(['web-1'], { tty: true, answer: 'n' }))
      .confirm('Delete host web-1')
      .catch((e) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect([err.message, err.exitCode]).toEqual(['x web-1: not confirmed', 2]);
  });
});

describe('feedback goes to stderr only on a terminal, outside CI, without --quiet or --json', () => {
  async function feedbackEnabled(args: string[], env: Record<string, string>, tty: boolean) {
    const io = memoryIo({ env: { OPS_CONFIG_DIR: '/nonexistent-ops', ...env }, tty });
    const root = new Command('ops')
      .option('-q, --quiet')
      .option('--json')
      .option('-o, --output <f>')
      .exitOverride();
    let enabled = false;
    root.command('x').action(async (_o, cmd: Command) => {
      enabled = (await createFactory(io).context(cmd)).feedback.enabled;
    });
    await root.parseAsync(['node', 'ops', 'x', ...args]);
    return enabled;
  }
  it.each([
    [[], {}, true, true],
    [[], {}, false, false],
    [[], { CI: 'true' }, true, false],
    [['--quiet'], {}, true, false],
    [[], { OPS_QUIET: '1' }, true, false],
    [['--json'], {}, true, false],
  ])('%j %j tty=%s → %s', async (args, env, tty, expected) => {
    expect(await feedbackEnabled(args, env as Record<string, string>, tty)).toBe(expected);
  });
});

describe('proxies from HTTP_PROXY / NO_PROXY', async () => {
  const sb = await useSandbox({ services: ['tasks'], emulators: { tasks: stubEmulators.tasks! } });
  const proxy = await startForwardProxy();
  afterAll(() => proxy.close());
  const proxyUrl = proxy.url;

  it('goes through HTTP_PROXY', async () => {
    const r = await runMain(['api', 'tasks', 'GET', '/item/1'], { env: { ...sb.env, HTTP_PROXY: proxyUrl } });
    expect(r.code).toBe(0);
    expect(proxy.count()).toBe(1);
  });
  it('skips it for hosts in NO_PROXY', async () => {
    const before = proxy.count();
    const r = await runMain(['api', 'tasks', 'GET', '/item/1'], {
      env: { ...sb.env, HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' },
    });
    expect(r.code).toBe(0);
    expect(proxy.count()).toBe(before);
  });
});

describe('command lines running side by side in one process', async () => {
  const sb = await useSandbox({ services: ['hosts'] });

  it('the one that ends first leaves the other’s connection open (no request is sent twice)', async () => {
    await sb.fault({ service: 'hosts', kind: 'delay', delayMs: 400 });
    const slow = runMain(['hosts', 'totals', '--json'], { env: sb.env });
    await new Promise((r) => setTimeout(r, 100));
    const fast = await runMain(['hosts', 'totals', '--json'], { env: sb.env });
    expect(fast.code).toBe(0);
    const r = await slow;
    expect([r.code, r.stderr]).toEqual([0, '']);
    const counts = (await sb.counters()).requests.hosts ?? {};
    expect(counts['GET /api/v1/hosts/totals']).toBe(2);
  });
});
