import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { BIN, everyVerbCall, installed, NOT_FITTED, textOf } from '../helpers/mcp.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * `ops mcp` (the default, read-only) under the outside clients that mcp-portable.test.ts does not run:
 * the Vercel AI SDK's MCP client and the official Python SDK. Each lists the tools, and calls every
 * default verb with its required params as a model reads them from the schema the client holds; none
 * may be refused as not fitting the verb. Each is skipped, saying why, where it is not installed.
 */
const sb = await useSandbox();

/** The server's environment: a fresh config, the sandbox's addresses and credentials. */
function serverEnv(): Record<string, string> {
  const dir = tempConfigDir();
  return { PATH: process.env.PATH ?? '', HOME: dir, OPS_CONFIG_DIR: dir, ...sb.env };
}

/** What no host takes at the top of a tool's input schema. */
const REFUSED_AT_TOP = ['oneOf', 'anyOf', 'allOf', 'enum', 'not'];

const AI_SDK = installed('@ai-sdk/mcp') && installed('ai');

describe.skipIf(!AI_SDK)('the Vercel AI SDK (skipped when ai or @ai-sdk/mcp is not installed)', () => {
  it('hands a model flat schemas, and calls every default verb through its tools', async () => {
    const { createMCPClient } = await import('@ai-sdk/mcp');
    const { StdioMCPTransport } = await import('@ai-sdk/mcp/mcp-stdio');
    const { asSchema } = await import('ai');
    const client = await createMCPClient({
      transport: new StdioMCPTransport({ command: process.execPath, args: [BIN, 'mcp'], env: serverEnv() }),
    });
    const refused: string[] = [];
    let called = 0;
    try {
      const tools = await client.tools();
      // The schema as the AI SDK sends it to a model (it adds `additionalProperties: false` at the top).
      const schemas = await Promise.all(
        Object.entries(tools).map(async ([name, t]) => ({
          name,
          inputSchema: (await asSchema(t.inputSchema).jsonSchema) as Record<string, unknown>,
        })),
      );
      expect(schemas.map((s) => s.name)).toEqual(expect.arrayContaining(['hosts', 'runs', 'cloud', 'help']));
      const ajv = new Ajv({ strict: true });
      for (const s of schemas) {
        expect(s.inputSchema.type, s.name).toBe('object');
        for (const k of REFUSED_AT_TOP) expect(Object.keys(s.inputSchema), s.name).not.toContain(k);
        expect(() => ajv.compile(s.inputSchema), s.name).not.toThrow();
      }
      for (const c of everyVerbCall(schemas)) {
        const validate = ajv.compile(schemas.find((s) => s.name === c.tool)!.inputSchema);
        expect(validate(c.arguments), `${c.tool} ${c.verb}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        const result = await tools[c.tool]!.execute!(c.arguments, {
          toolCallId: `${called}`,
          messages: [],
          context: {},
        });
        if (NOT_FITTED.test(textOf(result))) refused.push(`${c.tool} ${c.verb}: ${textOf(result)}`);
        else called++;
      }
    } finally {
      await client.close();
    }
    expect(refused).toEqual([]);
    expect(called).toBeGreaterThan(85);
  }, 300_000);
});

/** The Python that runs the official `mcp` SDK: .ci/run's venv (OPS_TEST_PYTHON), else python3. */
const PYTHON = process.env.OPS_TEST_PYTHON || 'python3';
const PYTHON_MCP = spawnSync(PYTHON, ['-c', 'import mcp'], { stdio: 'ignore' }).status === 0;

describe.skipIf(!PYTHON_MCP)(
  `the Python MCP SDK (skipped when ${PYTHON} cannot import mcp; OPS_TEST_PYTHON names a Python that can, as .ci/run's venv)`,
  () => {
    it('lists the tools and calls every default verb, each valid under the schema', async () => {
      const child = spawn(
        PYTHON,
        [join(import.meta.dirname, 'python', 'mcp_client.py'), process.execPath, BIN, 'mcp'],
        { env: serverEnv(), stdio: ['pipe', 'pipe', 'pipe'] },
      );
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const first = await lines.next();
      expect(first.done, err).toBe(false);
      const { tools } = JSON.parse(first.value as string) as {
        tools: Array<{ name: string; inputSchema: Record<string, unknown> }>;
      };
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['hosts', 'runs', 'cloud', 'help']));
      // The walk over the verbs is the TypeScript one, made from the schemas the Python client received.
      const calls = everyVerbCall(tools);
      child.stdin.end(`${JSON.stringify(calls.map((c) => ({ tool: c.tool, arguments: c.arguments })))}\n`);
      const results: Array<{
        tool: string;
        arguments: { command: string };
        invalid: string | null;
        text: string;
      }> = [];
      for await (const line of { [Symbol.asyncIterator]: () => lines }) results.push(JSON.parse(line));
      expect(await exited, err).toBe(0);
      expect(results.map((r) => `${r.tool} ${r.arguments.command}`)).toEqual(
        calls.map((c) => `${c.tool} ${c.verb}`),
      );
      expect(
        results.filter((r) => r.invalid).map((r) => `${r.tool} ${r.arguments.command}: ${r.invalid}`),
      ).toEqual([]);
      expect(
        results
          .filter((r) => NOT_FITTED.test(r.text))
          .map((r) => `${r.tool} ${r.arguments.command}: ${r.text}`),
      ).toEqual([]);
      expect(calls.length).toBeGreaterThan(85);
    }, 300_000);
  },
);
