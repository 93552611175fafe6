import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import type { Factory, VerbCall } from '../../src/app/types.js';
import { callTool } from '../../src/commands/mcp/call.js';
import {
  type Allowed,
  inputSchema,
  type ToolKind,
  refusal,
  serviceVerbs,
  toolsOf,
} from '../../src/commands/mcp/tools.js';
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

const verbsIn = (schema: object) =>
  (schema as { properties: { command: { enum: string[] } } }).properties.command.enum;
type Flat = {
  type: string;
  properties: {
    command: object;
    params: { properties: Record<string, object> };
    limit?: object;
    wait_timeout?: object;
  };
};

describe('tools from the tree', () => {
  it('one flat schema: the verbs an enum, every parameter once, described by the verbs that take it', () => {
    const verbs = service();
    expect(verbs.map((v) => v.path)).toEqual(ALL_VERBS);
    const schema = inputSchema(verbs.slice(0, 2)) as Flat;
    // Credentials, --all and --limit (the tool's own limit) are never parameters.
    expect(schema).toEqual({
      type: 'object',
      properties: {
        command: {
          type: 'string',
          enum: ['list', 'get'],
          description: 'the verb, as the tool description lists them',
        },
        params: {
          type: 'object',
          description: "the verb's arguments and flags; each says which verbs take it",
          properties: {
            id: { type: 'string', description: 'get (required)' },
            format: { type: 'string', enum: ['short', 'long'], description: 'get' },
            region: { type: 'string', description: 'get (required)' },
            full: { type: 'boolean', description: 'get' },
            count: { type: 'integer', description: 'get' },
            interval: { type: 'number', description: 'get' },
            tag: { type: 'array', items: { type: 'string' }, description: 'get' },
            file: { type: 'string', description: 'get' },
          },
          additionalProperties: false,
        },
        query: { type: 'string', description: 'JMESPath applied to the JSON result' },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 1000,
          default: 10,
          description: 'at most this many items: list',
        },
      },
      required: ['command'],
      additionalProperties: false,
    });
  });

  it('a parameter verbs take differently is one schema: a list if any takes a list, their choices joined', () => {
    const [, get] = service();
    const other = {
      ...get!,
      path: 'get2',
      params: [
        { ...get!.params.find((p) => p.name === 'format')!, choices: ['wide'] },
        { ...get!.params.find((p) => p.name === 'region')!, variadic: true, required: false },
      ],
    };
    const schema = inputSchema([get!, other]) as Flat;
    expect(schema.properties.params.properties.format).toEqual({
      type: 'string',
      enum: ['short', 'long', 'wide'],
      description: 'get, get2; get: short, long; get2: wide',
    });
    expect(schema.properties.params.properties.region).toEqual({
      type: 'array',
      items: { type: 'string' },
      description: 'get (required), get2; get: one item',
    });
  });

  it('a tool per effect, each with exact hints; only what the flags allow', () => {
    const verbs = service();
    const tools = (a: Partial<Allowed>) =>
      toolsOf({ service: 'svc', description: 'A service', verbs }, { ...READ_ONLY, ...a });
    const offered = (a: Partial<Allowed>) =>
      Object.fromEntries(tools(a).map((t) => [t.name, verbsIn(t.inputSchema)]));
    expect(offered({})).toEqual({ svc: ['list', 'get'] });
    expect(tools({})[0]!.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    });
    // A download writes files on this machine: in the write tool.
    expect(offered({ writes: true })).toEqual({
      svc: ['list', 'get'],
      svc_write: ['fetch', 'things create'],
    });
    expect(offered({ writes: true, destructive: true, secrets: true })).toEqual({
      svc: ['list', 'get', 'show'],
      svc_write: ['fetch', 'things create'],
      svc_destructive: ['things delete'],
    });
    const [read, w, d] = tools({ writes: true, destructive: true });
    expect(read!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(w!.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(d!.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: true,
    });
    // Under --dry-run nothing is sent: every tool is read-only.
    for (const t of tools({ dryRun: true }))
      expect(t.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(refusal({ effect: 'destructive' }, { ...READ_ONLY, writes: true })).toMatch(/--allow-destructive/);
  });
});

/** What a fake `callVerb` was given, in plain terms; undefined when nothing was run. */
function plain(call: VerbCall | undefined) {
  return (
    call && {
      verb: call.verb.name(),
      args: call.args,
      options: Object.fromEntries(call.options),
      globals: call.globals,
    }
  );
}

describe('a tool call as a verb with values', () => {
  async function argvOf(input: object, allowed: Partial<Allowed> = {}, kind: ToolKind = 'read') {
    let seen: VerbCall | undefined;
    const r = await callTool(
      {
        service: 'svc',
        kind,
        verbs: service(),
        maxBytes: 1024,
        allowed: { ...READ_ONLY, ...allowed },
        env: {},
        signal: new AbortController().signal,
        secrets: ['sekrit-token'],
        callVerb: async (call, io) => {
          seen = call;
          io.stdout.write('[1,2,3,"sekrit-token"]');
          return 0;
        },
      },
      input,
    );
    return { argv: plain(seen), r };
  }

  it('options by flag with their values, arguments as given (a dash is no flag), -o json', async () => {
    const { argv } = await argvOf({
      command: 'get',
      params: { id: '-x', region: 'eu', full: true, tag: ['a', 'b'] },
    });
    expect(argv).toEqual({
      verb: 'get',
      args: ['-x'],
      options: { '--region': ['eu'], '--full': true, '--tag': ['a', 'b'] },
      globals: { output: 'json' },
    });
  });

  it('a list asks for one more than the limit, cuts, says how to get more, masks secrets', async () => {
    const { argv, r } = await argvOf({ command: 'list', limit: 3 });
    expect(argv).toEqual({
      verb: 'list',
      args: [],
      options: { '--limit': '4' },
      globals: { output: 'json' },
    });
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
      'destructive',
    );
    expect(del.argv).toEqual({
      verb: 'delete',
      args: ['7'],
      options: {},
      globals: { output: 'json', yes: true },
    });
    const dry = await argvOf({ command: 'things create', params: { name: 'n' } }, { dryRun: true }, 'write');
    expect(dry.argv).toEqual({
      verb: 'create',
      args: ['n'],
      options: {},
      globals: { output: 'json', dryRun: true },
    });
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
      [{ command: 'get', params: { id: '1' } }, /ops svc get needs in params: region \(a string\)/],
      [
        { command: 'list', list: 'Work' },
        /a call takes no "list": give command, params \(list takes: nothing\), query, limit/,
      ],
      [
        { command: 'get', params: { id: '1', region: 'x', format: 'wide' } },
        /format must be one of: short, long/,
      ],
      [{ command: 'get', params: { id: '1', region: 'x', count: 'many' } }, /count must be a whole number/],
      [
        { command: 'things create', params: { name: 'n' } },
        /is a write verb: start the server with --allow-writes/,
      ],
      [{ command: 'get', params: { id: '1', region: 'x', full: 'yes' } }, /full must be true or false/],
      [{ command: 'nope' }, /"nope" is not a command of svc; give one of: list, get/],
      [{ command: 'fetch' }, /writes files on this machine: start the server with --allow-writes/],
      [
        { command: 'get', params: { id: '1', region: 'x', file: '/etc/passwd' } },
        /file reads a file of this/,
      ],
      [{ command: 'list', limit: 0 }, /limit must be a whole number/],
      [
        { command: 'list', wait_timeout: 5 },
        /"wait_timeout" bounds a wait or a watch: ops svc list does neither/,
      ],
    ];
    for (const [input, message] of cases) {
      const { argv, r } = await argvOf(input);
      expect(r.text, JSON.stringify(input)).toMatch(message);
      expect(argv).toBeUndefined();
      expect(r.isError).toBe(true);
      expect(r.text).toMatch(/^exit 2 \(usage or input error, nothing was sent\): /);
      expect(r.text).toMatch(message);
    }
  });
});

describe('a tool call: its tool, its bounds, its secrets', () => {
  const run = async (
    input: object,
    o: { allowed?: Partial<Allowed>; kind?: ToolKind; out?: string; maxBytes?: number } = {},
  ) => {
    let seen: VerbCall | undefined;
    const r = await callTool(
      {
        service: 'svc',
        kind: o.kind ?? 'read',
        verbs: service(),
        allowed: { ...READ_ONLY, ...o.allowed },
        env: {},
        signal: new AbortController().signal,
        secrets: ['sekrit-token'],
        maxBytes: o.maxBytes ?? 65536,
        callVerb: async (call, io) => {
          seen = call;
          io.stdout.write(o.out ?? '{"token":"sekrit-token"}');
          return 0;
        },
      },
      input,
    );
    return { argv: plain(seen), r };
  };

  it('a verb of another tool is refused, naming the tool that has it', async () => {
    const { argv, r } = await run(
      { command: 'things create', params: { name: 'n' } },
      { allowed: { writes: true } },
    );
    expect(argv).toBeUndefined();
    expect(r.text).toMatch(/ops svc things create is a write verb: call the tool svc_write/);
  });

  it("the server's own credential is masked even in a verb that reveals, with --allow-secrets", async () => {
    const { r } = await run({ command: 'show', params: { path: 'p' } }, { allowed: { secrets: true } });
    expect(r).toEqual({ text: '{"token":"***"}', isError: false });
  });

  it("the server's credentials are masked before the query: no expression rebuilds them", async () => {
    const out = JSON.stringify({ data: { id: 'sekrit-token', parts: ['sekrit', '-token'] } });
    const queries = [
      'reverse(data.id)',
      "join('', [data.id, data.id])",
      'data.id[::-1]',
      'data.id[2:]',
      'to_string(@)',
      "join('', data.parts)",
      'split(data.id, `""`)',
    ];
    for (const query of queries) {
      const { r } = await run(
        { command: 'show', params: { path: 'p' }, query },
        { allowed: { secrets: true }, out },
      );
      expect(r.isError, `${query}: ${r.text}`).toBe(false);
      for (const form of ['sekrit-token', 'nekot-tirkes', 'krit-token'])
        expect(r.text, query).not.toContain(form);
    }
    const { r } = await run(
      { command: 'show', params: { path: 'p' }, query: 'reverse(data.id)' },
      { allowed: { secrets: true }, out },
    );
    expect(r.text).toBe('"***"');
  });

  it('a bad query is refused before anything runs, as the command line refuses it', async () => {
    const { argv, r } = await run({ command: 'list', query: 'nope(@)' });
    expect(argv).toBeUndefined();
    expect(r.text).toMatch(/^exit 2 .*: invalid query "nope\(@\)": unknown function nope\(\)/);
  });

  it('a list of one is the one value of a verb that takes one (a name another verb takes as a list)', async () => {
    const { argv } = await run({ command: 'get', params: { id: ['7'], region: ['eu'] } });
    expect(argv).toMatchObject({ args: ['7'], options: { '--region': ['eu'] } });
    const two = await run({ command: 'get', params: { id: ['7', '8'], region: 'eu' } });
    expect(two.r.text).toMatch(/id must be a string/);
  });

  it('a result over the byte cap keeps whole items and says how to narrow it', async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ id: i, name: 'x'.repeat(40) }));
    const { r } = await run({ command: 'list', limit: 50 }, { out: JSON.stringify(items), maxBytes: 1024 });
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(1024);
    expect(JSON.parse(r.text)).toEqual(items.slice(0, JSON.parse(r.text).length));
    expect(r.note).toMatch(/capped at 1024 bytes; narrow it: a smaller "limit", a "query"/);
    const text = await run({ command: 'list' }, { out: 'y'.repeat(5000), maxBytes: 1024 });
    expect(text.r.text).toHaveLength(1024);
    expect(text.r.note).toMatch(/cut at 1024 of 5000 bytes/);
    const failed = await callTool(
      {
        service: 'svc',
        kind: 'read',
        verbs: service(),
        allowed: READ_ONLY,
        env: {},
        signal: new AbortController().signal,
        secrets: [],
        maxBytes: 1024,
        callVerb: async (_call, io) => {
          io.stderr.write(`<html>${'z'.repeat(5000)}</html>`);
          return 1;
        },
      },
      { command: 'list' },
    );
    expect(failed.isError).toBe(true);
    expect(Buffer.byteLength(failed.text)).toBe(1024);
  });
});
