import { Command } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { apiCommand } from '../src/commands/api/request.js';
import { testFactory as createFactory } from './helpers/factory.js';
import { cacheGroup, targetCommand } from '../src/command-word.js';
import { buildProgram, commandNames } from '../src/program.js';
import { SERVICE_NAMES } from '../src/services.js';
import { memoryIo } from './helpers/io.js';
import { runMain } from './helpers/cli.js';

describe('finding the command without loading anything', () => {
  it.each([
    [['hosts', 'list'], 'hosts'],
    [['-o', 'json', '--profile', 'x', 'secrets', 'kv'], 'secrets'],
    [['--base-url=http://x', 'api'], 'api'],
    [['--json', '--debug', 'meter'], 'meter'],
    [['help', 'breach'], 'breach'],
    // --jq's expression is its value, not the command (it was taken for one).
    [['--jq', '.[0]', 'hosts', 'list'], 'hosts'],
    [['--version', '--jq', '.platform'], undefined],
    [['--version'], undefined],
  ])('%j → %s', (args, expected) => {
    expect(targetCommand(args)).toBe(expected);
  });

  it.each([
    [['hosts', 'totals'], 'hosts'],
    [['-o', 'json', '--profile', 'x', 'secrets', 'kv', 'get', 'a'], 'secrets'],
    [['help', 'runs', 'list'], 'runs'],
    [['__complete', 'hosts', 'li'], '__complete'],
    [['mcp'], 'mcp'],
    // An alias, a word that names nothing, a command's name given as a flag's value, the completion
    // protocol's word after `--`, no command at all.
    [['hl', '5'], 'other'],
    [['nosuch'], 'other'],
    [['-p', 'hosts', 'nosuch'], 'other'],
    [['--', '__complete'], 'other'],
    [['--debug'], 'other'],
    [[], 'other'],
  ])('the code caches of %j are the group %s', (args, expected) => {
    expect(cacheGroup(args, (word) => commandNames().includes(word))).toBe(expected);
  });

  it('a word that could not name a help page (a path, say) is never looked for', () => {
    const asked: string[] = [];
    const isCommand = (word: string) => {
      asked.push(word);
      return true;
    };
    expect(cacheGroup(['../../etc/passwd'], isCommand)).toBe('other');
    expect(cacheGroup(['-o', 'json', 'Hosts'], isCommand)).toBe('other');
    expect(asked).toEqual([]);
    expect(cacheGroup(['hosts'], isCommand)).toBe('hosts');
    expect(asked).toEqual(['hosts']);
  });

  it('only the asked-for subtree is built, without the other commands', async () => {
    const program = await buildProgram(createFactory(memoryIo()), ['node', 'ops', 'config', 'path']);
    expect(program.commands.map((c) => c.name())).toEqual(['config']);
    expect(program.commands[0]!.commands.map((c) => c.name())).toContain('path');
  });

  it.each([[['--help']], [['hots', 'list']]])(
    'a command line naming no command (%j) lists every command without loading one',
    async (args) => {
      const program = await buildProgram(createFactory(memoryIo()), ['node', 'ops', ...args]);
      const api = program.commands.find((c) => c.name() === 'api')!;
      expect(api.commands).toHaveLength(0);
      expect(api.description()).toBe('Make a raw request to any service');
      expect(program.commands.map((c) => c.name())).toContain('hosts');
    },
  );
});

describe('ops api parsing table', () => {
  async function parse(args: string[], env: Record<string, string> = {}) {
    const run = vi.fn(async () => undefined);
    const root = new Command('ops').option('-o, --output <f>').option('--json').exitOverride();
    const io = memoryIo({
      env: { OPS_CONFIG_DIR: '/nonexistent-ops', OPS_TASKS_BASE_URL: 'http://t', ...env },
    });
    root.addCommand(apiCommand(createFactory(io), run).exitOverride());
    await root.parseAsync(['node', 'ops', 'api', ...args]);
    const {
      client: _c,
      pageStyle: _p,
      io: _io,
      printer,
      warn: _w,
      debug: _d,
      ...rest
    } = (run.mock.calls[0] as unknown as [Record<string, unknown>])[0];
    return { ...rest, format: (printer as { format: string }).format };
  }

  it.each([
    [
      ['tasks', 'get', '/items', '-f', 'n=1', '-F', 'ok=false', '-F', 'm=2', '-H', 'X-A: b'],
      {
        method: 'GET',
        path: '/items',
        // -f is a string (gh's), -F typed; -f before -F.
        fields: [
          ['n', '1'],
          ['ok', false],
          ['m', 2],
        ],
        headers: { 'X-A': 'b' },
        input: undefined,
        paginate: false,
        include: false,
        cache: undefined,
        format: 'json',
      },
    ],
    [
      ['tasks', 'POST', '/e', '--input', '-', '--paginate', '-i'],
      {
        method: 'POST',
        path: '/e',
        fields: [],
        headers: {},
        input: '-',
        paginate: true,
        include: true,
        cache: undefined,
        format: 'json',
      },
    ],
  ])('%j', async (args, expected) => {
    expect(await parse(args)).toEqual(expected);
  });

  it('ops api prints JSON by default but -o and OPS_OUTPUT still win', async () => {
    expect((await parse(['tasks', 'GET', '/x', '-o', 'yaml'])).format).toBe('yaml');
    expect((await parse(['tasks', 'GET', '/x'], { OPS_OUTPUT: 'csv' })).format).toBe('csv');
  });

  it('refuses --input together with body fields', async () => {
    await expect(parse(['tasks', 'POST', '/e', '--input', 'f.json', '-f', 'a=1'])).rejects.toThrow(
      '--input and -f both give a body',
    );
  });
});

describe('a mistyped command or flag is one ops: line, the suggestion on the hint line, exit 2', () => {
  it.each([
    [['hots'], "ops: unknown command 'hots'\nhint: did you mean 'hosts'?\n"],
    [['hosts', 'lsit'], "ops: unknown command 'lsit' for 'ops hosts'\nhint: did you mean 'list'?\n"],
    [
      ['secrets', 'kv', 'gte'],
      "ops: unknown command 'gte' for 'ops secrets kv'\nhint: did you mean 'get'?\n",
    ],
    [
      ['secrets', 'kv', 'metadata', 'gte'],
      "ops: unknown command 'gte' for 'ops secrets kv metadata'\nhint: did you mean 'get'?\n",
    ],
    [['config', 'lst'], "ops: unknown command 'lst' for 'ops config'\nhint: did you mean 'list'?\n"],
    [
      ['xyzzy'],
      // The services first, in the table's order (src/services.ts), then the built-in commands.
      `ops: unknown command 'xyzzy'\nhint: 'ops' has: ${[...SERVICE_NAMES, 'config', 'auth', 'api', 'sandbox', 'mcp', 'completion', 'upgrade', 'alias', 'plugin'].join(', ')}\n`,
    ],
    [
      ['hosts', 'xyzzy'],
      "ops: unknown command 'xyzzy' for 'ops hosts'\nhint: 'ops hosts' has: list, totals, mute, unmute\n",
    ],
    [
      ['hosts', 'list', '--sort-fild', 'cpu'],
      "ops: unknown option '--sort-fild'\nhint: did you mean '--sort-field'?\n",
    ],
    [['hosts', 'list', '--quary', 'x'], "ops: unknown option '--quary'\nhint: did you mean '--query'?\n"],
    [
      ['hosts', 'list', 'extra'],
      "ops: too many arguments for 'ops hosts list': it takes 0, got 1\nhint: run 'ops hosts list --help' for its usage\n",
    ],
    [
      ['meter', 'send', '--format', 'xml', 'f'],
      'ops: invalid --format "xml"\nhint: give one of: ndjson, csv\n',
    ],
    [
      ['secrets', 'kv', 'get'],
      "ops: missing required argument 'path'\nhint: run 'ops secrets kv get --help' for its usage\n",
    ],
  ])('%j', async (args, stderr) => {
    const r = await runMain(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(stderr);
    expect(r.stdout).toBe('');
  });

  it.each([
    [['help', 'hosts', 'lsit'], "ops: unknown command 'lsit' for 'ops hosts'\nhint: did you mean 'list'?\n"],
    [
      ['hosts', 'lsit', '--help'],
      "ops: unknown command 'lsit' for 'ops hosts'\nhint: did you mean 'list'?\n",
    ],
    [
      ['help', 'hots'],
      "ops: unknown command or help topic 'hots'\nhint: did you mean 'hosts'? help topics: environment, exit-codes, flags, formatting; commands: ops --help\n",
    ],
    [
      // `help` is a word `ops help` knows too (`ops help help`): it was no suggestion.
      ['help', 'helpp'],
      "ops: unknown command or help topic 'helpp'\nhint: did you mean 'help'? help topics: environment, exit-codes, flags, formatting; commands: ops --help\n",
    ],
    [
      ['help', 'secrets', 'kv', 'gte'],
      "ops: unknown command 'gte' for 'ops secrets kv'\nhint: did you mean 'get'?\n",
    ],
  ])('help for a mistyped command is the same error, not the parent page: %j', async (args, stderr) => {
    const r = await runMain(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(stderr);
    expect(r.stdout).toBe('');
  });

  it.each([[['help', 'hosts']], [['hosts', '--help']], [['help', 'secrets', 'kv']], [['--help']]])(
    'help for a real command is still its page: %j',
    async (args) => {
      const r = await runMain(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: ops/);
    },
  );

  it("ops help help is the help command's own page, exit 0 (git and gh print theirs); it was refused", async () => {
    for (const args of [
      ['help', 'help'],
      ['help', 'help', '--no-pager'],
    ]) {
      const r = await runMain(args);
      expect([args, r.code, r.stderr]).toEqual([args, 0, '']);
      expect(r.stdout).toMatch(/^Usage: ops help \[command\.\.\.\]\n {7}ops help <topic>\n/);
      expect(r.stdout).toContain('\nHelp topics: environment, exit-codes, flags, formatting\n');
      expect(r.stdout.endsWith('\nExamples:\n  ops help hosts list\n  ops help exit-codes\n')).toBe(true);
    }
  });

  it("with --json the suggestion is the envelope's hint", async () => {
    const r = await runMain(['hosts', 'lsit', '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr).error).toMatchObject({
      code: 'usage',
      message: "unknown command 'lsit' for 'ops hosts'",
      hint: "did you mean 'list'?",
    });
  });
});

describe("a group's help takes the words below it, and a word the group lacks is exit 2 (issue 37, item 6)", () => {
  const cloud = "'ops cloud' has: regions, instance-types, images, instance, lb, asg";
  const instance = /^hint: 'ops cloud instance' has: launch, list, get, .*snapshot$/m;

  it.each([
    [['cloud', 'help', 'list'], "ops: unknown command 'list' for 'ops cloud'", cloud],
    [['cloud', 'help', 'nosuch'], "ops: unknown command 'nosuch' for 'ops cloud'", cloud],
    [
      ['cloud', 'help', 'instance', 'nosuch'],
      "ops: unknown command 'nosuch' for 'ops cloud instance'",
      instance,
    ],
    [
      ['help', 'cloud', 'instance', 'nosuch'],
      "ops: unknown command 'nosuch' for 'ops cloud instance'",
      instance,
    ],
    [
      ['cloud', 'instance', 'nosuch', '--help'],
      "ops: unknown command 'nosuch' for 'ops cloud instance'",
      instance,
    ],
  ])('%j names the word and what the group has', async (args, line, hint) => {
    const r = await runMain(args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(line);
    if (typeof hint === 'string') expect(r.stderr).toContain(`\nhint: ${hint}\n`);
    else expect(r.stderr).toMatch(hint);
    expect(r.stderr).not.toContain("'help'");
    expect(r.stdout).toBe('');
  });

  it.each([
    [
      ['cloud', 'help'],
      ['cloud', '--help'],
    ],
    [
      ['runs', 'help'],
      ['runs', '--help'],
    ],
    [
      ['cloud', 'help', 'instance'],
      ['cloud', 'instance', '--help'],
    ],
    [
      ['cloud', 'help', 'instance', 'list'],
      ['cloud', 'instance', 'list', '--help'],
    ],
    [
      ['secrets', 'kv', 'help', 'metadata', 'get'],
      ['secrets', 'kv', 'metadata', 'get', '--help'],
    ],
    [
      ['--json', 'runs', 'help', 'list'],
      ['runs', 'list', '--help'],
    ],
  ])('%j is the page of %j, at any depth', async (args, same) => {
    const [r, page] = [await runMain(args), await runMain(same)];
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: ops ${same.slice(0, -1).join(' ')} `));
    expect(r.stdout).toBe(page.stdout);
  });
});
