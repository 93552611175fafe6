import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '../../src/services.js';
import { SANDBOX_CREDENTIALS } from '../helpers/sandbox-tables.js';
import { builtRuntime, runCli, tempConfigDir } from '../helpers/cli.js';
import { BIN, type McpSession, mcpSession, paramsOf, textOf, verbsOf } from '../helpers/mcp.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * `ops mcp` (the built CLI) under the MCP SDK's own client over stdio, against the sandbox: the tools
 * generated from the command tree, the safety flags, results, errors, a cancelled wait, and no
 * credential in any byte the server writes.
 */
const sb = await useSandbox();
/** The sandbox's credentials: the values of its secret settings (tokens, keys, passwords). */
const CREDENTIALS = Object.values(SANDBOX_CREDENTIALS).flatMap((keys) =>
  Object.entries(keys)
    .filter(([k]) => /token|key|password/.test(k))
    .map(([, v]) => v),
);

const sessions: McpSession[] = [];
async function session(flags: string[] = [], env: Record<string, string> = {}): Promise<McpSession> {
  const s = await mcpSession(flags, { ...sb.env, ...env });
  sessions.push(s);
  return s;
}
afterAll(async () => {
  for (const s of sessions) await s.close();
  for (const s of sessions) for (const c of CREDENTIALS) expect(s.bytes()).not.toContain(c);
});

describe('ops mcp: read-only by default', () => {
  let s: McpSession;
  beforeAll(async () => {
    s = await session();
  });

  it('lists a tool per service and a help tool, with the read verbs only', async () => {
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...SERVICE_NAMES, 'help'].sort());
    const tasks = tools.find((t) => t.name === 'tasks')!;
    const verbs = verbsOf(tasks);
    expect(verbs).toEqual(expect.arrayContaining(['lists list', 'list']));
    expect(verbs).not.toContain('lists delete');
    expect(verbs).not.toContain('add');
    expect(tasks.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      openWorldHint: true,
    });
    const secrets = tools.find((t) => t.name === 'secrets')!;
    expect(verbsOf(secrets)).not.toContain('kv get');
  });

  it.each(SERVICE_NAMES)('a read of %s returns its JSON', async (name) => {
    // The tool's first list that needs no argument, else its first read that needs none.
    const { tools } = await s.client.listTools();
    const tool = tools.find((t) => t.name === name)!;
    const free = verbsOf(tool).filter((v) => !paramsOf(tool, v).some((p) => p.required));
    const verb = { title: free.find((c) => /(^| )list$/.test(c)) ?? free[0]! };
    const r = await s.client.callTool({ name, arguments: { command: verb.title } });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(() => JSON.parse(textOf(r))).not.toThrow();
  });

  it('a list is bounded by limit, with a note saying how to get more', async () => {
    const r = await s.client.callTool({ name: 'hosts', arguments: { command: 'list', limit: 2 } });
    const [json, note] = (r.content as Array<{ text: string }>).map((c) => c.text);
    expect(JSON.parse(json!)).toHaveLength(2);
    expect(note).toMatch(/there are more: call again with a larger "limit"/);
    const all = await s.client.callTool({ name: 'breach', arguments: { command: 'dataclasses', limit: 3 } });
    expect(JSON.parse(textOf(all))).toHaveLength(3);
  });

  it('a list whose first page fills the byte cap ends there: no second page is fetched', async () => {
    const count = async () =>
      Object.values((await sb.counters()).requests.runs ?? {}).reduce((a, b) => a + b, 0);
    // A session of its own: no connection is idle when the first page arrives, so the request the
    // paginator starts for the next page waits for a connection (one event-loop turn at least), and the
    // list, ended within the first page's own work, cancels it before it is written.
    const fresh = await session();
    const before = await count();
    // 150 of the seed's 127 runs would be two pages of 100; the first four runs fill 64 KiB.
    const r = await fresh.client.callTool({ name: 'runs', arguments: { command: 'list', limit: 150 } });
    const [json, note] = (r.content as Array<{ text: string }>).map((c) => c.text);
    expect(r.isError, json).toBeFalsy();
    const shown = JSON.parse(json!) as unknown[];
    expect(shown.length).toBeGreaterThan(0);
    expect(note).toBe(
      `the first ${shown.length} items, and the list goes on: the result is capped at 65536 bytes; narrow it: a smaller "limit", a "query" (JMESPath) that keeps the fields you need, e.g. "[].{id:id,name:name}", or the command's filters`,
    );
    expect((await count()) - before).toBe(1);
  });

  it('query is the command line --query', async () => {
    const r = await s.client.callTool({
      name: 'tasks',
      arguments: { command: 'lists list', query: '[].title' },
    });
    expect(JSON.parse(textOf(r))).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it('a write is refused without --allow-writes, and nothing is sent', async () => {
    const before = JSON.stringify((await sb.counters()).requests.tasks ?? {});
    const r = await s.client.callTool({
      name: 'tasks',
      arguments: { command: 'lists create', params: { title: 'From an agent' } },
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(
      /^exit 2 .*tasks lists create is a write verb: start the server with --allow-writes/,
    );
    expect(JSON.stringify((await sb.counters()).requests.tasks ?? {})).toBe(before);
  });

  it('a secret is never revealed without --allow-secrets', async () => {
    const r = await s.client.callTool({
      name: 'secrets',
      arguments: { command: 'kv get', params: { path: 'secret/app/db' } },
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/reveals a secret value: start the server with --allow-secrets/);
  });

  it('an error carries the exit code, its meaning and the hint', async () => {
    const r = await s.client.callTool({
      name: 'tasks',
      // A list id the account lacks (a title no list has is exit 2, as every unknown name).
      arguments: { command: 'lists get', params: { list: 'MDAwMDAwMDAwOTk6MDow' } },
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^exit 3 \(not found\): ops tasks lists get: /);
    expect(textOf(r)).toMatch(/MDAwMDAwMDAwOTk6MDow[^\n]*\nhint: \S/);
  });

  it('a page with an item JSON refuses is exit 7, with a query or without: never that text as a result', async () => {
    const body = '{"host_list":[{"id":1,"name":"a"},{"id":2,"name":tru}],"total_matching":2}';
    for (const args of [{ command: 'list' }, { command: 'list', query: '[].name' }]) {
      await sb.fault({
        service: 'hosts',
        method: 'GET',
        kind: 'status',
        status: 200,
        body,
        headers: { 'content-type': 'application/json' },
      });
      const r = await s.client.callTool({ name: 'hosts', arguments: args });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(
        /^exit 7 \(server or network failure\): ops hosts list: hosts answered 200 with a body that is not valid JSON/,
      );
    }
  });

  it('an unknown parameter is refused before anything runs', async () => {
    const r = await s.client.callTool({
      name: 'hosts',
      arguments: { command: 'list', params: { 'token-stdin': true } },
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/takes no "token-stdin"/);
  });

  it('the help tool gives a verb its parameters by their names in a call, and its examples', async () => {
    const r = await s.client.callTool({ name: 'help', arguments: { command: 'cloud instance-types' } });
    const text = textOf(r);
    expect(text).toMatch(/^cloud instance-types \(tool cloud\): List the instance types/);
    expect(text).toMatch(/^ {2}region \(required\): one of: eu-west-3, us-east-1/m);
    expect(text).not.toMatch(/^ {2}--region/m);
    expect(text).toMatch(/^limit: at most this many items/m);
    expect(text).toMatch(/Examples, as command lines[^\n]*\n\s+ops cloud instance-types --region eu-west-3/);
    const group = await s.client.callTool({ name: 'help', arguments: { command: 'tasks lists' } });
    expect(textOf(group)).toMatch(/^tasks lists list: .*\(tasks\)$/m);
    expect(textOf(group)).toMatch(/^tasks lists create: .*\(not offered\)$/m);
  });

  it('a cancelled wait aborts its requests; the server goes on', async () => {
    const controller = new AbortController();
    let progressed = 0;
    const call = s.client.callTool(
      { name: 'runs', arguments: { command: 'watch', params: { 'run-id': '30433648', interval: '1' } } },
      undefined,
      {
        signal: controller.signal,
        onprogress: () => {
          if (++progressed === 2) controller.abort();
        },
      },
    );
    await expect(call).rejects.toThrow(/abort/i);
    expect(progressed).toBeGreaterThanOrEqual(2);
    const count = async () =>
      Object.values((await sb.counters()).requests.runs ?? {}).reduce((a, b) => a + b, 0);
    // The client rejects at once; the server takes the cancellation when it reads it. A ping answered
    // says it has (messages are read in order): from then on it sends nothing more for the call, however
    // slowly a loaded machine let it get there (a poll due meanwhile had gone out, and failed the count).
    await s.client.ping();
    const after = await count();
    await new Promise((r) => setTimeout(r, 2500));
    expect(await count()).toBe(after);
    const r = await s.client.callTool({ name: 'hosts', arguments: { command: 'totals' } });
    expect(r.isError).toBeFalsy();
  }, 30_000);
});

describe('ops mcp --allow-writes', () => {
  it('runs a write; a destructive verb still needs --allow-destructive', async () => {
    const s = await session(['--allow-writes', '--services', 'tasks']);
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['tasks', 'tasks_write', 'help']);
    // The reads stay read-only: a host approves them once, whatever else the server allows.
    expect(tools[0]!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tools[1]!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(verbsOf(tools[1]!)).toContain('lists create');
    expect(verbsOf(tools[1]!)).not.toContain('lists list');
    const made = await s.client.callTool({
      name: 'tasks_write',
      arguments: { command: 'lists create', params: { title: 'From an agent' } },
    });
    expect(made.isError, textOf(made)).toBeFalsy();
    const id = (JSON.parse(textOf(made)) as { id: string }).id;
    const r = await s.client.callTool({
      name: 'tasks_write',
      arguments: { command: 'lists delete', params: { list: id } },
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/is destructive: start the server with --allow-writes --allow-destructive/);
  });

  it('a write that asks first at a terminal (tasks clear) runs: the host approving the call is the answer', async () => {
    const s = await session(['--allow-writes', '--services', 'tasks']);
    const r = await s.client.callTool({ name: 'tasks_write', arguments: { command: 'clear', params: {} } });
    expect(r.isError, textOf(r)).toBeFalsy();
  });

  it('with --allow-destructive, a delete runs without a question', async () => {
    const s = await session(['--allow-writes', '--allow-destructive', '--services', 'tasks']);
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => [t.name, t.annotations?.destructiveHint])).toEqual([
      ['tasks', false],
      ['tasks_write', false],
      ['tasks_destructive', true],
      ['help', false],
    ]);
    const made = await s.client.callTool({
      name: 'tasks_write',
      arguments: { command: 'lists create', params: { title: 'Doomed' } },
    });
    const id = (JSON.parse(textOf(made)) as { id: string }).id;
    const r = await s.client.callTool({
      name: 'tasks_destructive',
      arguments: { command: 'lists delete', params: { list: id } },
    });
    expect(r.isError, textOf(r)).toBeFalsy();
    const gone = await s.client.callTool({
      name: 'tasks',
      arguments: { command: 'lists get', params: { list: id } },
    });
    expect(textOf(gone)).toMatch(/^exit 3 \(not found\)/);
  });
});

describe('ops mcp --dry-run', () => {
  it('a write returns its curl plan and sends nothing, credentials masked', async () => {
    const s = await session(['--dry-run', '--services', 'tasks']);
    const before = JSON.stringify((await sb.counters()).requests.tasks ?? {});
    const r = await s.client.callTool({
      name: 'tasks_write',
      arguments: { command: 'lists create', params: { title: 'Planned' } },
    });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toMatch(/^curl .*-X POST/m);
    expect(JSON.stringify((await sb.counters()).requests.tasks ?? {})).toBe(before);
  });
});

describe('ops mcp: secrets', () => {
  it('a configured credential is masked in any result, whatever prints it', async () => {
    // The meter key (not used by breach) set to a value that breach prints.
    const s = await session(['--services', 'breach'], { OPS_METER_API_KEY: 'Credit cards' });
    const r = await s.client.callTool({ name: 'breach', arguments: { command: 'dataclasses', limit: 100 } });
    const classes = JSON.parse(textOf(r)) as string[];
    expect(classes).toContain('***');
    expect(classes).not.toContain('Credit cards');
    expect(s.bytes()).not.toContain('Credit cards');
  });

  it('a credential kept in the profile is masked too', async () => {
    const dir = tempConfigDir();
    const set = await runCli(['config', 'set', 'meter.api_key', '-'], {
      env: { OPS_CONFIG_DIR: dir },
      input: 'Credit cards',
    });
    expect(set.code, set.stderr).toBe(0);
    const env = { ...sb.env, OPS_CONFIG_DIR: dir };
    delete (env as Record<string, string | undefined>).OPS_METER_API_KEY;
    const s = await mcpSession(['--services', 'breach'], env);
    sessions.push(s);
    const r = await s.client.callTool({ name: 'breach', arguments: { command: 'dataclasses', limit: 100 } });
    expect(JSON.parse(textOf(r))).toContain('***');
    expect(s.bytes()).not.toContain('Credit cards');
  });

  it("the server's own token is masked before the query: reverse, join, slice and string functions rebuild nothing", async () => {
    const s = await session(['--allow-secrets', '--services', 'secrets']);
    const token = sb.env.OPS_SECRETS_TOKEN!;
    const reversed = [...token].reverse().join('');
    const read = (query: string) =>
      s.client.callTool({
        name: 'secrets',
        arguments: { command: 'read', params: { path: 'auth/token/lookup-self' }, query },
      });
    expect(JSON.parse(textOf(await read('data.id')))).toBe('***');
    for (const query of [
      'reverse(data.id)',
      "join('', [data.id])",
      "join('', reverse(split(data.id, '')))",
      'data.id[::-1]',
      'data.id[1:]',
      'to_string(data)',
      "[data.id, 'x'] | join('', @)",
      'upper(data.id)',
    ]) {
      const r = await read(query);
      expect(r.isError, `${query}: ${textOf(r)}`).toBeFalsy();
      for (const form of [token, reversed, token.slice(1), reversed.slice(1), token.toUpperCase()])
        expect(textOf(r), query).not.toContain(form);
    }
  });

  it('with --allow-secrets, a verb whose purpose is to reveal a secret returns it', async () => {
    const s = await session(['--allow-secrets', '--services', 'secrets']);
    const { tools } = await s.client.listTools();
    expect(verbsOf(tools[0]!)).toContain('kv get');
    const r = await s.client.callTool({
      name: 'secrets',
      arguments: { command: 'kv get', params: { path: 'secret/app/db' }, query: 'data.data.password' },
    });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(JSON.parse(textOf(r))).toBe('s3cr3t-v2');
  });
});

describe('ops mcp: stdin', () => {
  it('answers every call sent before stdin ended, then exits 0', async () => {
    const line = (id: number, method: string, params: unknown) =>
      JSON.stringify({ jsonrpc: '2.0', id, method, params });
    const input = [
      line(1, 'initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'sh', version: '1' },
      }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      line(2, 'tools/call', { name: 'hosts', arguments: { command: 'totals' } }),
      line(3, 'tools/call', {
        name: 'tasks',
        arguments: { command: 'lists list', query: '[].title', limit: 2 },
      }),
    ].join('\n');
    const r = await runCli(['mcp', '--services', 'hosts,tasks'], { env: sb.env, input: `${input}\n` });
    expect(r.code, r.stderr).toBe(0);
    const answers = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; result: { content: Array<{ text: string }> } });
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2, 3]);
    expect(JSON.parse(answers.find((a) => a.id === 3)!.result.content[0]!.text)).toEqual([
      'My Tasks',
      'Groceries',
    ]);
    for (const c of CREDENTIALS) expect(r.stdout + r.stderr).not.toContain(c);
  });
});

describe('ops mcp: bounded calls', () => {
  it('a watch of a queued run stops at wait_timeout, says where, and its progress carries the state', async () => {
    const s = await session(['--services', 'runs,breach']);
    const messages: string[] = [];
    const started = Date.now();
    const r = await s.client.callTool(
      {
        name: 'runs',
        arguments: { command: 'watch', params: { 'run-id': '30433648', interval: 1 }, wait_timeout: 2 },
      },
      undefined,
      { onprogress: (p) => void messages.push(String(p.message)) },
    );
    expect(Date.now() - started).toBeLessThan(8000);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^exit 6 \(timed out\)/);
    expect((r.content as Array<{ text: string }>)[1]!.text).toMatch(
      /stopped after wait_timeout 2 s: the state above is where it was; call again to keep waiting/,
    );
    expect(messages.join('\n')).toMatch(/queued/);
  }, 30_000);

  it('a watch with no timeout of its own (breach latest --watch) is stopped by the server at wait_timeout', async () => {
    const s = await session(['--services', 'breach']);
    const started = Date.now();
    const r = await s.client.callTool({
      name: 'breach',
      arguments: { command: 'latest', params: { watch: '1s' }, wait_timeout: 2 },
    });
    expect(Date.now() - started).toBeLessThan(8000);
    expect((r.content as Array<{ text: string }>).at(-1)!.text).toMatch(
      /^stopped after wait_timeout 2 s.*call again to keep watching, or give a larger wait_timeout/,
    );
  }, 30_000);

  it('a closed stdin cancels the watch in flight: the server exits within 2 s', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp', '--services', 'runs'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: tempConfigDir(),
        OPS_CONFIG_DIR: tempConfigDir(),
        ...sb.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const send = (m: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    send({ method: 'notifications/initialized' });
    send({
      id: 2,
      method: 'tools/call',
      params: { name: 'runs', arguments: { command: 'watch', params: { 'run-id': '30433648' } } },
    });
    await new Promise((r) => setTimeout(r, 1500));
    const ended = Date.now();
    child.stdin.end();
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(Date.now() - ended).toBeLessThan(2000);
    expect(code).toBe(0);
    const answer = out.split('\n').find((l) => l.includes('"id":2'));
    expect(answer).toMatch(/interrupted/);
  }, 30_000);
});

describe('ops mcp: its own credentials', () => {
  it('never come back, even from a verb that reveals under --allow-secrets', async () => {
    const s = await session(['--allow-secrets', '--services', 'secrets']);
    const r = await s.client.callTool({
      name: 'secrets',
      arguments: { command: 'read', params: { path: 'auth/token/lookup-self' } },
    });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toContain('"***"');
    expect(textOf(r)).not.toContain(sb.env.OPS_SECRETS_TOKEN);
  });

  it('the console link of an instance carries a fresh token: a reveal, and a write (the service keeps the token)', async () => {
    const s = await session(['--services', 'cloud']);
    const { tools } = await s.client.listTools();
    expect(verbsOf(tools[0]!)).not.toContain('instance console');
    const call = (client: typeof s.client, name: string) =>
      client.callTool({
        name,
        arguments: { command: 'instance console', params: { id: '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01' } },
      });
    expect(textOf(await call(s.client, 'cloud'))).toMatch(
      /reveals a secret value: start the server with --allow-secrets/,
    );
    // Secrets alone do not put it in the read tool, which a host may approve once for every call.
    const secrets = await session(['--services', 'cloud', '--allow-secrets']);
    const listed = (await secrets.client.listTools()).tools;
    expect(listed.map((t) => t.name)).toEqual(['cloud', 'help']);
    expect(verbsOf(listed[0]!)).toContain('instance credentials get');
    expect(verbsOf(listed[0]!)).not.toContain('instance console');
    expect(textOf(await call(secrets.client, 'cloud'))).toMatch(
      /is a write verb: start the server with --allow-writes/,
    );
    const both = await session(['--services', 'cloud', '--allow-secrets', '--allow-writes']);
    const write = (await both.client.listTools()).tools.find((t) => t.name === 'cloud_write')!;
    expect(verbsOf(write)).toContain('instance console');
    const r = await call(both.client, 'cloud_write');
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(JSON.parse(textOf(r)).url).toMatch(
      /^https:\/\/console\.cloud\.sandbox\.example\/vnc\.html\?.*token=/,
    );
  });
});

describe('ops mcp: calls the schema refuses', () => {
  it('an argument the schema does not declare is an error naming it, never dropped', async () => {
    const s = await session(['--services', 'tasks']);
    const r = await s.client.callTool({ name: 'tasks', arguments: { command: 'list', list: 'Work' } });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/a call takes no "list": give command, params \(list takes: list, /);
  });

  it('a missing required flag is named before anything is sent', async () => {
    const s = await session(['--services', 'cloud']);
    const r = await s.client.callTool({ name: 'cloud', arguments: { command: 'instance-types' } });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(
      'exit 2 (usage or input error, nothing was sent): ops cloud instance-types needs in params: region (one of: eu-west-3, us-east-1, eu-central-1, ap-southeast-1, us-west-1, eu-west-2, ca-central-1, ap-northeast-1)',
    );
    const { tools } = await s.client.listTools();
    expect(paramsOf(tools[0]!, 'instance-types').filter((p) => p.required)).toEqual([
      { name: 'region', required: true },
    ]);
  });

  it('an unknown tool or params that are not an object are invalid params (-32602)', async () => {
    const s = await session(['--services', 'hosts']);
    await expect(s.client.callTool({ name: 'nope', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    await expect(
      s.client.request(
        { method: 'tools/call', params: { name: 'hosts', arguments: 'list' } } as never,
        (await import('@modelcontextprotocol/sdk/types.js')).CallToolResultSchema,
      ),
    ).rejects.toMatchObject({ code: -32602 });
  });
});

describe('ops mcp: flags', () => {
  it('--tools and --exclude-tools choose verbs by path (a service or group too); exclusion wins', async () => {
    const r = await runCli(
      [
        'mcp',
        'tools',
        '--tools',
        'hosts list, hosts totals,tasks lists',
        '--exclude-tools',
        'tasks lists get',
        '--query',
        'tools[].[name, inputSchema.properties.command.enum]',
      ],
      { env: sb.env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      ['hosts', ['list', 'totals']],
      ['tasks', ['lists list']],
      ['help', null],
    ]);
    const s = await session(['--tools', 'hosts', '--exclude-tools', 'hosts totals']);
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['hosts', 'help']);
    expect(verbsOf(tools[0]!)).not.toContain('totals');
    const refused = await s.client.callTool({ name: 'hosts', arguments: { command: 'totals' } });
    expect(textOf(refused)).toMatch(/^exit 2 .*"totals" is not a command of hosts; give one of: list/);
    const typo = await runCli(['mcp', 'tools', '--tools', 'hosts lst'], { env: sb.env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^ops: invalid --tools "hosts lst": no such verb among the services served/);
  });

  it('--services auto: only the services with a credential', async () => {
    const r = await runCli(['mcp', 'tools', '--services', 'auto', '--query', 'tools[].name'], {
      env: {
        OPS_HOSTS_API_KEY: 'k-0123456789',
        OPS_HOSTS_APP_KEY: 'a-0123456789',
        OPS_TASKS_TOKEN: 't-0123456789',
      },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(['hosts', 'tasks', 'help']);
  });

  it.each([
    [
      ['--http', 'nope'],
      'ops: invalid --http "nope"\nhint: give a port (8808) or HOST:PORT (127.0.0.1:8808)\n',
    ],
    [
      ['--token-stdin'],
      'ops: --token-stdin needs --http\nhint: give --http [HOST:]PORT, or leave --token-stdin out\n',
    ],
    [
      ['--max-bytes', '10'],
      'ops: invalid --max-bytes "10"\nhint: give a whole number of bytes, at least 1024\n',
    ],
  ])('ops mcp %j is a usage error, before anything is served', async (flags, stderr) => {
    expect(await runCli(['mcp', ...flags], { input: '' })).toEqual({ code: 2, stdout: '', stderr });
  });
});

describe('ops sandbox demo', () => {
  it('shows the hosts tool of ops mcp', async () => {
    const r = await runCli(['sandbox', 'demo', '--services', 'hosts']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('$ ops mcp tools --services hosts');
    expect(r.stdout).toMatch(/\[\s*"list",\s*"totals"\s*\]/);
  }, 60_000);
});

describe('the MCP SDK in the build', () => {
  it('is a bundle of its own, loaded by ops mcp alone: the runtime every command loads does not hold it', () => {
    const dist = builtRuntime();
    const marker = 'StdioServerTransport already started';
    expect(readFileSync(join(dist, 'lib', 'mcp-sdk.cjs'), 'latin1')).toContain(marker);
    expect(readFileSync(join(dist, 'run.cjs'), 'latin1')).not.toContain(marker);
    // Nor its commands: `ops mcp`'s own code is a part of its own too.
    expect(readFileSync(join(dist, 'lib', 'mcp.cjs'), 'latin1')).toContain('--allow-destructive');
    expect(readFileSync(join(dist, 'run.cjs'), 'latin1')).not.toContain('--allow-destructive');
  });
});
