import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import type { Factory } from '../../src/app/types.js';
import { callTool } from '../../src/commands/mcp/call.js';
import { type Allowed, inputSchema, refusal, serviceVerbs, toolOf } from '../../src/commands/mcp/tools.js';
import { addVerbs, buildVerbs, destructive, read, write } from '../../src/commands/shared/verbs.js';

const factory = { io: { stdinIsTty: false }, services: [] } as unknown as Factory;

/** A service like the real ones: a list, a get with choices, a write and a delete in a group. */
function service() {
  const root = new Command('ops');
  const svc = root.command('svc').description('A service');
  addVerbs(
    svc,
    {
      list: read(
        () =>
          new Command('list')
            .description('List things')
            .option('--limit <n>', 'at most n')
            .option('--all', 'every item')
            .option('--token-stdin', 'the token from stdin')
            .option('--api-key <key>', 'the key'),
        { list: true },
      ),
      get: read(() =>
        new Command('get')
          .description('Show a thing')
          .argument('<id>', 'the id')
          .addOption(new Option('--format <f>', 'how').choices(['short', 'long']))
          .requiredOption('--region <r>', 'where')
          .option('--full', 'everything')
          .option('--count <n>', 'how many')
          .option('--interval <seconds>', 'how often')
          .option('--tag <t...>', 'tags')
          .option('--file <path>', 'ids from a file'),
      ),
      fetch: read(() => new Command('fetch').description('Download').option('--dir <d>', 'where'), {
        download: true,
      }),
      show: read(() => new Command('show').description('Reveal').argument('<path>'), { reveals: true }),
    },
    factory,
  );
  const things = svc.command('things');
  addVerbs(
    things,
    {
      create: write(() => new Command('create').description('Make one').argument('<name>', 'its name')),
      delete: destructive(() => new Command('delete').description('Drop one').argument('<id>', 'the id'), {
        idempotent: true,
      }),
    },
    factory,
  );
  buildVerbs(root);
  return serviceVerbs(svc, new Set(['--api-key']));
}

const ALL_VERBS = ['list', 'get', 'fetch', 'show', 'things create', 'things delete'];
const READ_ONLY: Allowed = { writes: false, destructive: false, secrets: false, dryRun: false };

describe('tools from the tree', () => {
  it('names every verb by its path, with its parameters as JSON Schema', () => {
    const verbs = service();
    expect(verbs.map((v) => v.path)).toEqual(ALL_VERBS);
    const schema = inputSchema(verbs) as {
      properties: { params: { anyOf: Array<{ title: string; properties: object; required: string[] }> } };
    };
    const [list, get] = schema.properties.params.anyOf;
    // Credentials, --all and --limit (the tool's own limit) are never parameters.
    expect(list!.properties).toEqual({});
    expect(get).toMatchObject({
      title: 'get',
      required: ['id', 'region'],
      properties: {
        id: { type: 'string', description: 'argument: the id' },
        format: { type: 'string', enum: ['short', 'long'], description: 'how' },
        region: { type: 'string' },
        full: { type: 'boolean' },
        count: { type: 'integer' },
        interval: { type: 'number' },
        tag: { type: 'array', items: { type: 'string' } },
        file: { type: 'string', description: expect.stringMatching(/with --allow-writes only/) },
      },
    });
  });

  it('offers only what the flags allow, with hints from the effects', () => {
    const verbs = service();
    const tool = (a: Partial<Allowed>) =>
      toolOf({ service: 'svc', description: 'A service', verbs }, { ...READ_ONLY, ...a });
    const offered = (a: Partial<Allowed>) =>
      (tool(a).inputSchema as { properties: { command: { enum: string[] } } }).properties.command.enum;
    expect(offered({})).toEqual(['list', 'get']);
    expect(tool({}).annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(offered({ writes: true })).toEqual(['list', 'get', 'fetch', 'things create']);
    expect(tool({ writes: true }).annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    expect(offered({ writes: true, destructive: true, secrets: true })).toEqual(ALL_VERBS);
    expect(tool({ writes: true, destructive: true }).annotations).toMatchObject({ destructiveHint: true });
    expect(offered({ dryRun: true })).toEqual(['list', 'get', 'fetch', 'things create', 'things delete']);
    expect(refusal({ effect: 'destructive' }, { ...READ_ONLY, writes: true })).toMatch(/--allow-destructive/);
  });
});

describe('a tool call as a command line', () => {
  async function argvOf(input: object, allowed: Partial<Allowed> = {}) {
    let seen: string[] = [];
    const r = await callTool(
      {
        service: 'svc',
        verbs: service(),
        allowed: { ...READ_ONLY, ...allowed },
        env: {},
        signal: new AbortController().signal,
        secrets: ['sekrit-token'],
        runArgv: async (argv, io) => {
          seen = argv;
          io.stdout.write('[1,2,3,"sekrit-token"]');
          return 0;
        },
      },
      input,
    );
    return { argv: seen.slice(2), r };
  }

  it('flags as --name=value, arguments after -- when one starts with a dash, -o json', async () => {
    const { argv } = await argvOf({
      command: 'get',
      params: { id: '-x', region: 'eu', full: true, tag: ['a', 'b'] },
    });
    expect(argv).toEqual([
      'svc',
      'get',
      '--region=eu',
      '--full',
      '--tag=a',
      '--tag=b',
      '-o',
      'json',
      '--',
      '-x',
    ]);
  });

  it('a list asks for one more than the limit, cuts, says how to get more, masks secrets', async () => {
    const { argv, r } = await argvOf({ command: 'list', limit: 3 });
    expect(argv).toEqual(['svc', 'list', '--limit=4', '-o', 'json']);
    expect(r).toMatchObject({
      text: '[1,2,3]',
      isError: false,
      note: expect.stringMatching(/larger "limit"/),
    });
    const all = await argvOf({ command: 'list', limit: 5 });
    expect(all.r.text).toBe('[1,2,3,"***"]');
  });

  it('a destructive verb gets --yes; under --dry-run, writes get --dry-run', async () => {
    const del = await argvOf(
      { command: 'things delete', params: { id: '7' } },
      { writes: true, destructive: true },
    );
    expect(del.argv).toEqual(['svc', 'things', 'delete', '--yes', '-o', 'json', '7']);
    const dry = await argvOf({ command: 'things create', params: { name: 'n' } }, { dryRun: true });
    expect(dry.argv).toEqual(['svc', 'things', 'create', '--dry-run', '-o', 'json', 'n']);
  });

  it('refuses, with exit 2 and nothing run, what the server does not allow or the verb does not take', async () => {
    const cases: Array<[object, RegExp]> = [
      [
        { command: 'things create', params: { name: 'n' } },
        /is a write verb: start the server with --allow-writes/,
      ],
      [
        { command: 'show', params: { path: 'p' } },
        /reveals a secret value: start the server with --allow-secrets/,
      ],
      [{ command: 'list', params: { 'api-key': 'k' } }, /takes no "api-key"/],
      [{ command: 'get', params: { id: '1' } }, /missing region/],
      [{ command: 'get', params: { id: '1', region: 'x', full: 'yes' } }, /full must be true or false/],
      [{ command: 'nope' }, /"nope" is not a command of svc; give one of: list, get/],
      [{ command: 'fetch' }, /writes files on this machine: start the server with --allow-writes/],
      [
        { command: 'get', params: { id: '1', region: 'x', file: '/etc/passwd' } },
        /file reads a file of this/,
      ],
      [{ command: 'list', limit: 0 }, /limit must be a whole number/],
    ];
    for (const [input, message] of cases) {
      const { argv, r } = await argvOf(input);
      expect(argv).toEqual([]);
      expect(r.isError).toBe(true);
      expect(r.text).toMatch(/^exit 2 \(usage or input error, nothing was sent\): /);
      expect(r.text).toMatch(message);
    }
  });
});
