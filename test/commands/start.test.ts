import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { serviceStart, startService } from '../../src/commands/shared/start.js';
import { UsageError } from '../../src/errors.js';
import { SERVICES } from '../../src/services.js';
import { tempConfigDir } from '../helpers/cli.js';
import { testFactory } from '../helpers/factory.js';
import { memoryIo } from '../helpers/io.js';

/** The setting each service's `--token-stdin` fills: its descriptor's `stdinCredential`. */
const FILLS: Record<string, string> = Object.fromEntries(
  await Promise.all(SERVICES.map(async (s) => [s.name, (await s.descriptor()).stdinCredential])),
);

/** A parsed verb with `--token-stdin`, its context started with this stdin and environment. */
async function start(service: string, input: string, o: { stdinUsed?: string; tokenStdin?: boolean } = {}) {
  const env = {
    OPS_CONFIG_DIR: tempConfigDir(),
    [`OPS_${service.toUpperCase()}_BASE_URL`]: 'http://127.0.0.1:9/x',
  };
  const factory = testFactory(
    memoryIo({
      env: { ...env, [`OPS_${service.toUpperCase()}_${FILLS[service]!.toUpperCase()}`]: 'from-env' },
      input,
    }),
  );
  const cmd = new Command('verb').option('--token-stdin').exitOverride();
  await cmd.parseAsync(o.tokenStdin === false ? [] : ['--token-stdin'], { from: 'user' });
  const { ctx } = await startService(factory, cmd, service, { stdinUsed: o.stdinUsed });
  return (await ctx.service(service)).settings.get(FILLS[service]!);
}

describe('startService and --token-stdin', () => {
  it('every service names the setting --token-stdin fills: one of its secret settings', async () => {
    for (const s of SERVICES) {
      const d = await s.descriptor();
      const secret = d.settings.filter((k) => k.secret && !k.signInOnly).map((k) => k.key);
      expect([s.name, secret]).toEqual([s.name, expect.arrayContaining([d.stdinCredential])]);
    }
  });

  it.each(Object.keys(FILLS))(
    '%s: the credential from stdin wins over the environment; one trailing newline dropped',
    async (service) => {
      expect(await start(service, 'a\n')).toBe('a');
      expect(await start(service, 'a\r\n')).toBe('a');
      expect(await start(service, 'a\n\n')).toBe('a\n');
      expect(await start(service, 'ignored', { tokenStdin: false })).toBe('from-env');
    },
  );

  it('an empty credential is exit 2', async () => {
    const err = await start('runs', '\n').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe('--token-stdin is empty');
  });

  it('refuses when another input of the command reads stdin, naming where else to set it', async () => {
    const err = (await start('tasks', 'tok', { stdinUsed: '--file -' }).catch(
      (e: unknown) => e,
    )) as UsageError;
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe('--token-stdin and --file - cannot both read stdin');
    expect(err.hint).toContain('OPS_TASKS_TOKEN');
  });
});

describe('serviceStart: one start per service', () => {
  const factoryWith = (env: Record<string, string>) =>
    testFactory(memoryIo({ env: { OPS_CONFIG_DIR: tempConfigDir(), ...env } }));
  const verb = async () => {
    const cmd = new Command('verb').option('--token-stdin').exitOverride();
    await cmd.parseAsync([], { from: 'user' });
    return cmd;
  };
  const made: string[] = [];
  const start = serviceStart<string, { list?: string }, { list: string }>('tasks', {
    check: (f) => {
      if (f.list === '') throw new UsageError('--list is empty');
    },
    settings: (f) => ({ 'tasks.list': f.list }),
    scope: async (ctx) => ({ list: (await ctx.service('tasks')).settings.get('list') ?? '@default' }),
    create: (_http, s) => {
      made.push(String(s.list));
      return `client of ${s.list}`;
    },
  });
  const ADDRESS = { OPS_TASKS_BASE_URL: 'http://127.0.0.1:9/tasks' };

  it("a format the verb prints itself is the verb's to read: commander's value stays, the printer's comes from the settings", async () => {
    const factory = factoryWith({ ...ADDRESS, OPS_TASKS_TOKEN: 't', OPS_OUTPUT: 'yaml' });
    const cmd = new Command('verb').option('-o, --output <format>').exitOverride();
    await cmd.parseAsync(['-o', 'ENV'], { from: 'user' });
    const r = await start(factory, cmd, {}, { ownOutput: ['env'] });
    expect([cmd.opts().output, r.ctx.printer.format, r.ctx.flags.output]).toEqual(['ENV', 'yaml', undefined]);
    const other = new Command('verb').option('-o, --output <format>').exitOverride();
    await other.parseAsync(['-o', 'env'], { from: 'user' });
    await expect(start(factory, other)).rejects.toThrow('invalid');
  });

  it('lays the flags over the settings and hands the scope, the verb scope and a client', async () => {
    const factory = factoryWith({ ...ADDRESS, OPS_TASKS_TOKEN: 't', OPS_TASKS_LIST: 'from-env' });
    const r = await start(factory, await verb(), { list: 'L1' }, { scope: async () => ({ extra: 1 }) });
    expect([r.list, r.extra]).toEqual(['L1', 1]);
    expect(await r.base.client()).toBe('client of L1');
    expect(r.base.printer).toBe(r.ctx.printer);
  });

  it("checks the verb's flags before anything, and its scope before the credential", async () => {
    const factory = factoryWith(ADDRESS);
    await expect(start(factory, await verb(), { list: '' })).rejects.toThrow('--list is empty');
    const order: string[] = [];
    const err = await start(
      factory,
      await verb(),
      {},
      {
        scope: () => {
          order.push('scope');
          throw new UsageError('no repository given');
        },
      },
    ).catch((e: unknown) => e);
    expect([order, (err as Error).message]).toEqual([['scope'], 'no repository given']);
    // Without the scope's error, the missing token is the error, before any client is made.
    const missing = await start(factory, await verb()).catch((e: unknown) => e);
    expect((missing as Error).message).toContain('no token');
    expect(made).not.toContain('@default');
  });

  it('`client: false` prepares no client and checks no credential', async () => {
    const r = await start(factoryWith({}), await verb(), {}, { client: false });
    await expect(r.base.client()).rejects.toThrow('no client prepared');
  });
});
