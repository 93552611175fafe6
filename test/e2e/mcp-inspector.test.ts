import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/mcp.js';
import { tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * `ops mcp` under a second, independent client: the MCP Inspector's command-line mode, one process per
 * method, as a person checking a server would run it.
 */
const sb = await useSandbox();
const INSPECTOR = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/inspector-cli/build/index.js',
);
const CREDENTIALS = Object.entries(sb.env)
  .filter(([k]) => /_(TOKEN|API_KEY|APP_KEY|PASSWORD)$/.test(k))
  .map(([, v]) => v);

/** Runs the inspector against `ops mcp <flags>`; its stdout is the JSON answer. */
function inspect(flags: string[], method: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [INSPECTOR, process.execPath, BIN, 'mcp', ...flags, ...method], {
      // It reads its own package.json relative to the working folder.
      cwd: dirname(INSPECTOR),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: tempConfigDir(),
        OPS_CONFIG_DIR: tempConfigDir(),
        ...sb.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      // No credential in anything the server sent back (the inspector prints all of it).
      for (const c of CREDENTIALS) expect(out + err).not.toContain(c);
      resolve({ code: code ?? -1, out, err });
    });
  });
}

const call = (tool: string, ...args: string[]) => [
  '--method',
  'tools/call',
  '--tool-name',
  tool,
  '--tool-arg',
  ...args,
];
const text = (out: string) => (JSON.parse(out) as { content: Array<{ text: string }> }).content[0]!.text;

describe('ops mcp under the MCP Inspector (--cli mode)', () => {
  it('lists the tools', async () => {
    const r = await inspect([], ['--method', 'tools/list']);
    expect(r.code, r.err).toBe(0);
    const names = (JSON.parse(r.out) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['hosts', 'tasks', 'cloud', 'runs', 'secrets', 'help']));
    expect(names).toHaveLength(12);
  }, 30_000);

  it.each([
    ['hosts', 'command=list'],
    ['tasks', 'command=lists list'],
    ['cloud', 'command=instance list'],
    ['runs', 'command=list'],
  ])(
    'a read of %s',
    async (tool, command) => {
      const r = await inspect([], call(tool, command, 'limit=2'));
      expect(r.code, r.err).toBe(0);
      expect(JSON.parse(r.out).isError).toBeFalsy();
      expect(JSON.parse(text(r.out))).toHaveLength(2);
    },
    30_000,
  );

  it('with --allow-writes, the writes are a tool of their own; the reads stay read-only', async () => {
    const r = await inspect(['--allow-writes', '--services', 'tasks'], ['--method', 'tools/list']);
    const tools = (JSON.parse(r.out) as { tools: Array<{ name: string; annotations: object }> }).tools;
    expect(tools.map((t) => [t.name, t.annotations])).toEqual([
      ['tasks', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }],
      [
        'tasks_write',
        { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      ],
      ['help', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
    ]);
  }, 30_000);

  it('refuses a write without --allow-writes, and a delete without --allow-destructive', async () => {
    const write = await inspect([], call('tasks', 'command=lists create', 'params={"title":"x"}'));
    expect(text(write.out)).toMatch(/is a write verb: start the server with --allow-writes/);
    const del = await inspect(
      ['--allow-writes'],
      call('tasks', 'command=lists delete', 'params={"list":"x"}'),
    );
    expect(text(del.out)).toMatch(/is destructive: start the server with --allow-writes --allow-destructive/);
  }, 30_000);

  it('returns the curl plan of a write under --dry-run, credentials masked', async () => {
    const r = await inspect(
      ['--dry-run'],
      call('tasks_write', 'command=lists create', 'params={"title":"x"}'),
    );
    expect(text(r.out)).toMatch(/^curl /m);
  }, 30_000);
});
