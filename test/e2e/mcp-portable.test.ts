import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import {
  BIN,
  everyVerbCall,
  installed,
  type McpSession,
  mcpSession,
  NOT_FITTED,
  textOf,
  verbsOf,
} from '../helpers/mcp.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * The tool list as the strictest hosts read it: every schema flat (what the Anthropic API and OpenAI
 * function calling refuse is nowhere at the top), compiled by Ajv in strict mode, and every default
 * verb callable by a client that validates each call against the schema before it sends it (as
 * LangChain's MCP adapter does).
 */
const sb = await useSandbox();
const ALL = ['--allow-writes', '--allow-destructive', '--allow-secrets'];
const sessions: McpSession[] = [];
afterAll(async () => {
  for (const s of sessions) await s.close();
});

type Tool = { name: string; inputSchema: Record<string, unknown> };
async function toolsOf(flags: string[]): Promise<{ s: McpSession; tools: Tool[] }> {
  const s = await mcpSession(flags, sb.env);
  sessions.push(s);
  return { s, tools: (await s.client.listTools()).tools as Tool[] };
}

/** The paths of every `true` or `false` used as a schema below `schema`. */
function bareBooleans(schema: unknown, path = ''): string[] {
  if (typeof schema === 'boolean') return [path];
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const below = (key: string, v: unknown) => bareBooleans(v, `${path}/${key}`);
  return [
    ...Object.entries((s.properties as object | undefined) ?? {}).flatMap(([k, v]) =>
      below(`properties/${k}`, v),
    ),
    ...(s.items === undefined ? [] : below('items', s.items)),
    ...(s.additionalProperties === undefined || s.additionalProperties === false
      ? []
      : below('additionalProperties', s.additionalProperties)),
  ];
}

const REFUSED_AT_TOP = ['oneOf', 'anyOf', 'allOf', 'enum', 'not', 'if', 'then', 'else'];

describe('every tool schema is flat and compiles under Ajv strict', () => {
  it.each([
    ['read-only (the default)', []],
    ['everything allowed', ALL],
  ])(
    '%s',
    async (_, flags) => {
      const { tools } = await toolsOf(flags);
      const ajv = new Ajv({ strict: true });
      for (const t of tools) {
        expect(t.inputSchema.type, t.name).toBe('object');
        for (const k of REFUSED_AT_TOP) expect(Object.keys(t.inputSchema), t.name).not.toContain(k);
        expect(bareBooleans(t.inputSchema), t.name).toEqual([]);
        expect(() => ajv.compile(t.inputSchema), t.name).not.toThrow();
      }
      // The defaults a host shows or fills in, and the bounds it checks before sending.
      const hosts = tools.find((t) => t.name === 'hosts')!.inputSchema.properties as Record<string, object>;
      expect(hosts.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000, default: 10 });
      const runs = tools.find((t) => t.name === 'runs')!.inputSchema.properties as Record<string, object>;
      expect(runs.wait_timeout).toMatchObject({ type: 'integer', default: 50, maximum: 3600 });
      expect((runs.wait_timeout as { description: string }).description).toMatch(
        /above 50 the client must raise its request timeout/,
      );
    },
    60_000,
  );
});

describe('a client that validates each call against the schema calls every default verb', () => {
  let s: McpSession;
  let tools: Tool[];
  beforeAll(async () => {
    ({ s, tools } = await toolsOf([]));
  });

  it('each verb with its required params: valid under the schema, run by the server', async () => {
    const ajv = new Ajv({ strict: true });
    const refused: string[] = [];
    const calls = everyVerbCall(tools);
    for (const c of calls) {
      const validate = ajv.compile(tools.find((t) => t.name === c.tool)!.inputSchema);
      expect(validate(c.arguments), `${c.tool} ${c.verb}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      const r = await s.client.callTool({ name: c.tool, arguments: c.arguments }, undefined, {
        timeout: 20_000,
      });
      if (NOT_FITTED.test(textOf(r))) refused.push(`${c.tool} ${c.verb}: ${textOf(r)}`);
    }
    expect(refused).toEqual([]);
    expect(calls.length).toBeGreaterThan(85);
  }, 300_000);

  it('a value the schema allows but the verb does not is refused by the server, precisely', async () => {
    // `state` is a list for `instance list` and one value for `asg list`: the schema's list takes one.
    const cloud = tools.find((t) => t.name === 'cloud')!;
    expect(verbsOf(cloud)).toEqual(expect.arrayContaining(['instance list', 'asg list']));
    const one = await s.client.callTool({
      name: 'cloud',
      arguments: { command: 'asg list', params: { state: ['ACTIVE'] } },
    });
    expect(one.isError, textOf(one)).toBeFalsy();
    const wrong = await s.client.callTool({
      name: 'cloud',
      arguments: { command: 'asg list', params: { state: ['RUNNING'] } },
    });
    expect(textOf(wrong)).toMatch(/^exit 2 .*: state must be one of: ACTIVE, /);
    const other = await s.client.callTool({
      name: 'cloud',
      arguments: { command: 'instance-types', params: { state: ['RUNNING'] } },
    });
    expect(textOf(other)).toMatch(/ops cloud instance-types takes no "state"; it takes: /);
  });
});

/** The MCP Inspector v2's command line, if installed: its `--strict` lints every tool schema. */
const INSPECTOR = installed('@modelcontextprotocol/inspector/package.json');

describe.skipIf(!INSPECTOR)('the MCP Inspector v2 --strict (skipped when not installed)', () => {
  it.each([
    ['read-only', []],
    ['everything allowed', ALL],
  ])(
    '%s: no portability problem',
    async (_, flags) => {
      const bin = `${dirname(INSPECTOR!)}/clients/launcher/build/index.js`;
      const r = await new Promise<{ code: number; err: string }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [bin, '--cli', process.execPath, BIN, 'mcp', ...flags, '--method', 'tools/list', '--strict'],
          {
            env: { PATH: process.env.PATH ?? '', HOME: tempConfigDir(), OPS_CONFIG_DIR: tempConfigDir() },
            stdio: ['ignore', 'ignore', 'pipe'],
          },
        );
        let err = '';
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code: code ?? -1, err }));
      });
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
    },
    60_000,
  );
});

/** LangChain's MCP adapter, if installed: it turns each schema into its own validator and checks every call. */
const LANGCHAIN = installed('@langchain/mcp-adapters');

describe.skipIf(!LANGCHAIN)('LangChain MCP adapters (skipped when not installed)', () => {
  it('calls every default verb: none is refused by the adapter or as not fitting the verb', async () => {
    const { MultiServerMCPClient } = (await import(LANGCHAIN!)) as {
      MultiServerMCPClient: new (
        o: object,
      ) => {
        getTools(): Promise<Array<{ name: string; invoke(a: object): Promise<unknown> }>>;
        close(): Promise<void>;
      };
    };
    const dir = tempConfigDir();
    const client = new MultiServerMCPClient({
      mcpServers: {
        ops: {
          transport: 'stdio',
          command: process.execPath,
          args: [BIN, 'mcp'],
          env: { PATH: process.env.PATH ?? '', HOME: dir, OPS_CONFIG_DIR: dir, ...sb.env },
        },
      },
    });
    const { tools: listed } = await toolsOf([]);
    const refused: string[] = [];
    let called = 0;
    try {
      const adapted = await client.getTools();
      for (const c of everyVerbCall(listed)) {
        const tool = adapted.find((x) => x.name === c.tool || x.name.endsWith(`__${c.tool}`));
        if (!tool) {
          refused.push(`${c.tool}: not among the adapter's tools`);
          continue;
        }
        try {
          await tool.invoke(c.arguments);
          called++;
        } catch (err) {
          // The adapter throws a tool error; one from the verb itself (an id it does not know) went through.
          const m = String((err as Error).message);
          if (/returned an error/.test(m) && !NOT_FITTED.test(m.replace(/^.*returned an error: /s, '')))
            called++;
          else refused.push(`${c.tool} ${c.verb}: ${m.slice(0, 200)}`);
        }
      }
    } finally {
      await client.close();
    }
    expect(refused).toEqual([]);
    expect(called).toBeGreaterThan(85);
  }, 300_000);
});
