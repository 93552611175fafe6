import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, sep } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verbMeta } from '../src/commands/shared/verbs.js';
import { main } from '../src/main.js';
import { TOPIC_NAMES as TOPICS } from '../src/commands/help/index.js';
import { GLOBAL_FLAGS_LINE } from '../src/output/help-text.js';
import { createRoot } from '../src/program.js';
import { SERVICES } from '../src/services.js';
import { testFactory } from './helpers/factory.js';
import { memoryIo } from './helpers/io.js';
import { countingServer, everyServiceAt } from './helpers/tree-walk.js';

/**
 * docs/grammar.md, held over the whole built tree: every command, not a sample. A new verb that
 * breaks a rule fails here with its path.
 */

const tree = await testFactory(memoryIo()).tree();

function walk(cmd: Command, path: string[] = [], out = new Map<string, Command>()): Map<string, Command> {
  for (const sub of cmd.commands) {
    const p = [...path, sub.name()];
    out.set(p.join(' '), sub);
    walk(sub, p, out);
  }
  return out;
}

const all = walk(tree);
const leaves = [...all].filter(([, c]) => c.commands.length === 0);
const groups = [...all].filter(([, c]) => c.commands.length > 0);
const longs = (c: Command) => c.options.map((o) => o.long).filter((l): l is string => l !== undefined);

describe('every verb declares its effect', () => {
  it('read, write or destructive, on all of the more than 200 leaves', () => {
    expect(leaves.length).toBeGreaterThan(200);
    const undeclared = leaves.filter(([, c]) => verbMeta(c) === undefined).map(([p]) => p);
    expect(undeclared).toEqual([]);
  });

  it('deletes, destroys and terminations are destructive; gets and lists are reads', () => {
    for (const [path, cmd] of leaves) {
      const verb = cmd.name();
      const effect = verbMeta(cmd)?.effect;
      if (/^(delete|destroy|terminate|delete-logs|remove-all)$/.test(verb))
        expect(effect, path).toBe('destructive');
      if (/^(get|list|view|show)$/.test(verb)) expect(effect, path).toBe('read');
    }
  });
});

/** A value for each argument and required option of a verb (its first choice, where it has choices). */
function argsOf(cmd: Command): string[] {
  const args = cmd.registeredArguments.map(() => '1');
  for (const o of cmd.options) if (o.mandatory) args.push(o.long!, o.argChoices?.[0] ?? '1');
  return args;
}

/** The verb files under src/commands that ask (`ctx.confirm(…)`, `o.confirm(…)`), by command path. */
function askingFiles(): string[] {
  const root = join(import.meta.dirname, '..', 'src', 'commands');
  // A verb's file path is its command path (docs/style.md), but for these.
  const renamed: Record<string, string> = { 'runs logs-delete': 'runs delete-logs' };
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && /\.confirm\(/.test(readFileSync(join(root, f), 'utf8')))
    .map((f) => f.replace(/\.ts$/, '').split(sep).join(' '))
    .map((p) => renamed[p] ?? p)
    .sort();
}

describe('confirmation', () => {
  let requests = 0;
  let url = '';
  const server = createServer((req, res) => {
    requests++;
    res.writeHead(500).end();
    req.resume();
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const destructive = leaves.filter(([, c]) => verbMeta(c)?.effect === 'destructive');
  // Every verb that asks first: the destructive ones, and the writes declared to ask.
  const asking = leaves.filter(([, c]) => verbMeta(c)?.effect === 'destructive' || verbMeta(c)?.asks);

  it('there are destructive verbs in most services', () => {
    const services = new Set(destructive.map(([p]) => p.split(' ')[0]));
    expect(services.size).toBeGreaterThanOrEqual(6);
  });

  it('a verb that asks in its code is destructive or declared to ask', () => {
    const files = askingFiles();
    expect(files).toEqual(expect.arrayContaining(['tasks clear', 'secrets operator seal', 'tasks delete']));
    const undeclared = files.filter((p) => !asking.some(([q]) => q === p));
    expect(undeclared).toEqual([]);
  });

  it.each(asking.map(([p, c]) => [p, c] as const))(
    '%s refuses off a terminal without --yes, before any request, in the one shape',
    async (path, cmd) => {
      // An id left out is asked for on a terminal ([run-id], [list]…): off one it is given too.
      const io = memoryIo({ env: everyServiceAt(url) });
      const before = requests;
      const args = argsOf(cmd);
      const code = await main(['node', 'ops', ...path.split(' '), ...args], io);
      // The command path and its arguments (not its options), as every verb that asks says it.
      const operands = args.slice(0, cmd.registeredArguments.length);
      expect(io.err(), path).toBe(
        `ops: ${[path, ...operands].join(' ')}: needs confirmation\n` +
          'hint: pass --yes to confirm when not at a terminal (or --dry-run to see what it would do)\n',
      );
      expect(code, path).toBe(2);
      expect(requests - before, path).toBe(0);
    },
  );
});

describe('flags', () => {
  it('no flag is declared on both a group and one of its verbs', () => {
    const clashes: string[] = [];
    for (const [path, cmd] of leaves) {
      const mine = new Set(longs(cmd));
      for (let g = cmd.parent; g?.parent; g = g.parent)
        for (const l of longs(g)) if (mine.has(l)) clashes.push(`${path} ${l} (also on ${g.name()})`);
    }
    expect(clashes).toEqual([]);
  });

  it('every list has --limit and --all, with one default', () => {
    const lists = leaves.filter(([, c]) => verbMeta(c)?.list);
    expect(lists.length).toBeGreaterThan(30);
    const limits = new Set<string>();
    for (const [path, cmd] of lists) {
      expect(longs(cmd), path).toEqual(expect.arrayContaining(['--limit', '--all']));
      limits.add(cmd.options.find((o) => o.long === '--limit')!.description);
    }
    expect([...limits]).toHaveLength(1);
  });

  it('a verb that lists (named list, or described "List …") is declared a list, so has --limit and --all', () => {
    // ops's own state, shown whole as gh shows its aliases and config: a cut at 30 would hide what
    // the user set, and `config list --all` means every key there is (docs/grammar.md, "Shared flags").
    const local = ['config list', 'config profiles', 'alias list', 'plugin list'];
    const lists = leaves.filter(([, c]) => c.name() === 'list' || /^List /.test(c.description()));
    expect(lists.map(([p]) => p)).toEqual(
      expect.arrayContaining(['secrets kv list', 'meter catalogue', ...local]),
    );
    const undeclared = lists.filter(([p, c]) => !verbMeta(c)?.list && !local.includes(p)).map(([p]) => p);
    expect(undeclared).toEqual([]);
  });

  it('a verb with --limit is declared a list', () => {
    const undeclared = leaves
      .filter(([, c]) => longs(c).includes('--limit') && !verbMeta(c)?.list)
      .map(([p]) => p);
    expect(undeclared).toEqual([]);
  });

  it('every download has --dir, --clobber and --skip-existing', () => {
    const downloads = leaves.filter(([, c]) => verbMeta(c)?.download);
    expect(downloads.length).toBeGreaterThanOrEqual(2);
    for (const [path, cmd] of downloads)
      expect(longs(cmd), path).toEqual(expect.arrayContaining(['--dir', '--clobber', '--skip-existing']));
  });

  it('asynchronous actions take --no-wait and --wait-timeout together', () => {
    for (const [path, cmd] of leaves) {
      const l = longs(cmd);
      if (l.includes('--wait') || l.includes('--wait-timeout'))
        expect(l, path).toEqual(expect.arrayContaining(['--wait-timeout']));
    }
  });
});

describe('a verb that prints text refuses the flags that shape data (gh, kubectl: not a flag it has)', () => {
  const text = leaves.filter(([, c]) => verbMeta(c)?.text !== undefined);

  it('the verbs whose stdout is a script, a path, a tour or a protocol say so', () => {
    expect(text.map(([p]) => p).sort()).toEqual([
      'completion',
      'config path',
      'mcp serve',
      'sandbox demo',
      'sandbox env',
      'sandbox start',
    ]);
  });

  /** Each form of a data flag, and the flag as the refusal names it (as typed). */
  const flags: Array<[string[], string]> = [
    [['-o', 'json'], '-o json'],
    [['--output=YAML'], '-o YAML'],
    [['--json'], '--json'],
    [['--json', 'name'], '--json'],
    [['--query', 'a'], '--query'],
    [['--field', 'a'], '--field'],
    [['--jq', '.'], '--jq'],
  ];
  it.each(text.flatMap(([p]) => flags.map(([f, named]) => [p, f.join(' '), named] as const)))(
    '%s %s: exit 2 naming the flag, before it runs',
    async (path, flag, named) => {
      const cmd = all.get(path)!;
      const args = path === 'completion' ? ['bash'] : cmd.registeredArguments.map(() => '1');
      const io = memoryIo({ env: { OPS_CONFIG_DIR: '/nonexistent' } });
      const code = await main(['node', 'ops', ...path.split(' '), ...args, ...flag.split(' ')], io);
      const said = flag.startsWith('--json') ? JSON.parse(io.err()).error.message : io.err();
      expect(said).toContain(`${path} prints ${verbMeta(cmd)!.text}: ${named} does not apply`);
      expect(code).toBe(2);
      expect(io.out()).toBe('');
    },
  );

  it('--web with one of them is exit 2 before any request (gh: one or the other), on every verb with --web', async () => {
    const server = await countingServer((_req, res) => res.writeHead(500).end());
    const web = leaves.filter(([, c]) => longs(c).includes('--web'));
    expect(web.length).toBeGreaterThanOrEqual(3);
    try {
      for (const [path, cmd] of web)
        for (const [flag, named] of [
          [['--json'], '--json'],
          [['-o', 'yaml'], '-o yaml'],
          [['--jq', '.id'], '--jq'],
        ] as const) {
          const io = memoryIo({ env: { ...everyServiceAt(server.url), BROWSER: 'false' } });
          const args = [...path.split(' '), ...argsOf(cmd), '--web', ...flag];
          const code = await main(['node', 'ops', ...args], io);
          const said = flag[0] === '--json' ? JSON.parse(io.err()).error.message : io.err().split('\n')[0];
          expect([args, code, said]).toEqual([
            args,
            2,
            expect.stringContaining(`--web conflicts with ${named}`),
          ]);
        }
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('-o table, and OPS_OUTPUT or a profile set to json, are no flag of that kind: it prints its text', async () => {
    for (const [env, extra] of [
      [{}, ['-o', 'table']],
      [{ OPS_OUTPUT: 'json' }, []],
    ] as const) {
      const io = memoryIo({ env: { OPS_CONFIG_DIR: '/tmp/ops-text-verb', ...env } });
      expect(await main(['node', 'ops', 'config', 'path', ...extra], io)).toBe(0);
      expect(io.out()).toBe('/tmp/ops-text-verb/config.json\n');
    }
  });
});

describe('help', () => {
  it.each(groups.filter(([p]) => p !== 'secrets').map(([p, c]) => [p, c] as const))(
    '%s has help: `help <verb>` is the verb’s --help',
    async (path, cmd) => {
      const first = cmd.commands[0]!.name();
      const io = memoryIo();
      const code = await main(['node', 'ops', ...path.split(' '), 'help', first], io);
      expect(code, io.err()).toBe(0);
      expect(io.out()).toMatch(new RegExp(`^Usage: ops ${path} ${first}`));
    },
  );

  it('every help page fits 80 columns and shows an example', async () => {
    const wide: string[] = [];
    const bare: string[] = [];
    for (const [path] of [['', tree] as const, ...all]) {
      const io = memoryIo({ columns: 80 });
      await main(['node', 'ops', ...path.split(' ').filter(Boolean), '--help'], io);
      for (const line of io.out().split('\n')) if ([...line].length > 80) wide.push(`${path}: ${line}`);
      if (!/Examples?:/.test(io.out())) bare.push(path);
    }
    expect(wide).toEqual([]);
    expect(bare).toEqual([]);
  });

  // docs/grammar.md, "Help pages": what a newcomer reads first.
  const pageOf = async (path: string, columns = 80) => {
    const io = memoryIo({ columns });
    await main(['node', 'ops', ...path.split(' ').filter(Boolean), '--help'], io);
    return io.out();
  };
  const blockAfter = (page: string, heading: string) => {
    const lines = page.split('\n');
    const at = lines.indexOf(heading);
    if (at < 0) return [];
    const end = lines.findIndex((l, i) => i > at && !l.startsWith(' '));
    return lines.slice(at + 1, end < 0 ? undefined : end);
  };
  const pages = ['', ...all.keys()];
  const globalFlags = longs(createRoot());
  /** A flag's own line in a list of flags: `  -o, --output <format>  …`. */
  const flagLine = (flag: string, mode: string) => new RegExp(`^ {2}(-\\w, )?${flag}(?![\\w-])`, mode);

  it('every page shows its commands first and points at the global flags in one line', async () => {
    const wrong: string[] = [];
    for (const path of pages) {
      const page = await pageOf(path);
      const lines = page.split('\n');
      const commands = lines.findIndex((l) => /^(Commands|Services):$/.test(l));
      const options = lines.indexOf('Options:');
      if (commands >= 0 && options >= 0 && options < commands) wrong.push(`${path}: options before commands`);
      if (lines.filter((l) => l === GLOBAL_FLAGS_LINE).length !== 1)
        wrong.push(`${path}: no one pointer line`);
      const own = new Set(longs(all.get(path) ?? tree));
      const listed = globalFlags.filter((f) => !own.has(f) && flagLine(f, 'm').test(page));
      if (listed.length > 0) wrong.push(`${path}: lists global flags ${listed.join(' ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the root page groups the commands: the services, then the tools', async () => {
    const page = await pageOf('');
    const names = (heading: string) =>
      blockAfter(page, heading).flatMap((l) => /^ {2}(\S+)/.exec(l)?.[1] ?? []);
    expect(names('Services:')).toEqual(SERVICES.filter((s) => s.commands).map((s) => s.name));
    expect(names('Tools:')).toEqual([
      'config',
      'auth',
      'api',
      'sandbox',
      'mcp',
      'completion',
      'upgrade',
      'alias',
      'plugin',
    ]);
  });

  it('`ops help flags` lists every global flag once', async () => {
    const io = memoryIo();
    expect(await main(['node', 'ops', 'help', 'flags'], io)).toBe(0);
    expect(globalFlags.length).toBeGreaterThanOrEqual(16);
    for (const f of globalFlags) expect(io.out().match(flagLine(f, 'gm')), f).toHaveLength(1);
  });

  it('`ops help environment|exit-codes|formatting` are topics; another word is exit 2 naming them', async () => {
    const topic = async (name: string, ...flags: string[]) => {
      const io = memoryIo();
      return { code: await main(['node', 'ops', 'help', name, ...flags], io), out: io.out(), err: io.err() };
    };
    const env = await topic('environment');
    expect(env.code).toBe(0);
    for (const s of SERVICES) expect(env.out, s.name).toContain(`OPS_${s.name.toUpperCase()}_BASE_URL`);
    expect(env.out).toMatch(/OPS_CONFIG_DIR|NO_COLOR/);
    const exits = await topic('exit-codes');
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 8, 130])
      expect(exits.out).toMatch(new RegExp(`^ {2}${code} +\\S`, 'm'));
    expect((await topic('formatting')).out).toMatch(/ndjson +one item a line/);
    // A flag after the topic changes nothing (was "unknown command 'flags'"), as after a command's name.
    const flags = await topic('flags');
    expect(await topic('flags', '-o', 'json', '--no-pager')).toEqual(flags);
    expect(flags.out).toMatch(/^ {2}-o, --output <format>/m);
    const unknown = await topic('nosuch');
    expect(unknown).toMatchObject({ code: 2, out: '' });
    expect(unknown.err).toBe(
      "ops: unknown command or help topic 'nosuch'\nhint: help topics: environment, exit-codes, flags, formatting; commands: ops --help\n",
    );
  });

  it('a group named without its verb prints its page on stderr, exit 2 (kubectl); --help prints it on stdout, exit 0', async () => {
    const wrong: string[] = [];
    // `ops mcp` alone is `ops mcp serve`, as an agent host starts it.
    for (const [path] of groups.filter(([p]) => p !== 'mcp')) {
      const bare = memoryIo({ env: { OPS_CONFIG_DIR: '/nonexistent' } });
      const code = await main(['node', 'ops', ...path.split(' ')], bare);
      const page = await pageOf(path);
      if (code !== 2 || bare.out() !== '' || bare.err() !== page) wrong.push(`${path}: exit ${code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a group page fits one 80x24 screen where its verbs do (at most 12 lines of them)', async () => {
    const tall: string[] = [];
    for (const [path] of groups) {
      const page = await pageOf(path);
      const verbs = blockAfter(page, 'Commands:').length;
      const height = page.trimEnd().split('\n').length;
      if (verbs <= 12 && height > 24) tall.push(`${path}: ${height} lines`);
    }
    expect(tall).toEqual([]);
  });

  it('examples never wrap at 80 columns: each is written within them', async () => {
    const wrapped = new Set<string>();
    for (const path of [...pages, ...TOPICS.map((t) => `help ${t}`)]) {
      const words = path.split(' ').filter(Boolean);
      const args = words[0] === 'help' ? words : [...words, '--help'];
      const render = async (columns: number) => {
        const io = memoryIo({ columns });
        await main(['node', 'ops', ...args], io);
        return blockAfter(io.out(), 'Examples:');
      };
      const narrow = await render(80);
      if ((await render(1000)).some((line) => !narrow.includes(line))) wrapped.add(path);
    }
    // Every page holds it: the root, every group, every verb and every topic.
    expect([...wrapped]).toEqual([]);
  });
});

describe('every group has help, and help of a word it lacks is exit 2 (issue 37, item 6)', () => {
  it.each(groups.filter(([p]) => p !== 'secrets').map(([p, c]) => [p, c] as const))(
    '%s: `help` is its page; `help nosuch` names the word and its commands',
    async (path, cmd) => {
      const words = path.split(' ');
      const [bare, page, unknown] = [memoryIo(), memoryIo(), memoryIo()];
      await main(['node', 'ops', ...words, '--help'], page);
      expect(await main(['node', 'ops', ...words, 'help'], bare), bare.err()).toBe(0);
      expect(bare.out()).toBe(page.out());
      expect(await main(['node', 'ops', ...words, 'help', 'nosuch'], unknown)).toBe(2);
      const names = cmd.commands.filter((c) => !(c as unknown as { _hidden: boolean })._hidden);
      expect(unknown.err()).toBe(
        `ops: unknown command 'nosuch' for 'ops ${path}'\nhint: 'ops ${path}' has: ${names.map((c) => c.name()).join(', ')}\n`,
      );
      expect(unknown.out()).toBe('');
    },
  );

  // It was `unknown command 'help' for 'ops hosts'`, hinting `did you mean 'help'?`.
  it.each(groups.filter(([p]) => p !== 'secrets').map(([p]) => [p] as const))(
    "%s: `help help` is the help command's own page, as `ops help help` prints it, exit 0",
    async (path) => {
      const [group, root] = [memoryIo(), memoryIo()];
      expect(await main(['node', 'ops', 'help', 'help'], root), root.err()).toBe(0);
      expect(root.out()).toMatch(/^Usage: ops help \[command\.\.\.\]\n/);
      expect(await main(['node', 'ops', ...path.split(' '), 'help', 'help'], group), group.err()).toBe(0);
      expect([group.out(), group.err()]).toEqual([root.out(), '']);
    },
  );
});
