import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { BIN } from '../helpers/mcp.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * `ops mcp` lives as long as its host: what a call leaves behind adds up. The server runs under Node's
 * inspector, which collects its garbage and reads its heap between two runs of calls: the heap must
 * not grow with the number of calls. (Each call's AbortSignal.any, kept alive by its HTTP client's
 * listener, left about 1.7 KB: 3.5 MB over these calls; 2 to 14 KB in all since.)
 */
const sb = await useSandbox({ services: ['hosts'], settings: { 'hosts.rate_limit': '100000000' } });
const CALLS = 2000;
/** Far below the 3.5 MB the leak left, far above what collection leaves uneven between two reads. */
const MAX_GROWTH = 400_000;

interface Inspector {
  send(method: string, params?: object): Promise<Record<string, unknown>>;
  close(): void;
}

async function inspector(url: string): Promise<Inspector> {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const waiting = new Map<number, (r: Record<string, unknown>) => void>();
  ws.onmessage = (e) => {
    const m = JSON.parse(String(e.data)) as { id?: number; result?: Record<string, unknown> };
    if (m.id !== undefined) waiting.get(m.id)?.(m.result ?? {});
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        waiting.set(++id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

describe('ops mcp keeps nothing of a finished call', () => {
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => close?.());

  it(`the heap after ${CALLS} more calls is where it was (collected before each read)`, async () => {
    const dir = tempConfigDir();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--inspect=127.0.0.1:0', BIN, 'mcp', '--services', 'hosts'],
      env: { PATH: process.env.PATH ?? '', HOME: dir, OPS_CONFIG_DIR: dir, ...sb.env },
      stderr: 'pipe',
    });
    const url = new Promise<string>((resolve) => {
      let text = '';
      transport.stderr?.on('data', (d: Buffer) => {
        text += d.toString();
        const m = /Debugger listening on (ws:\S+)/.exec(text);
        if (m) resolve(m[1]!);
      });
    });
    const client = new Client({ name: 'ops-test', version: '1.0.0' });
    await client.connect(transport);
    const heap = await inspector(await url);
    close = async () => {
      heap.close();
      await client.close();
    };
    const calls = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const r = await client.callTool({ name: 'hosts', arguments: { command: 'list' } });
        expect(r.isError).toBe(false);
      }
    };
    const used = async () => {
      for (let i = 0; i < 3; i++) await heap.send('HeapProfiler.collectGarbage');
      return (await heap.send('Runtime.getHeapUsage')).usedSize as number;
    };
    // Warm: the code compiled, the connection to the sandbox open, V8's caches and the verbs' WeakMap
    // tables at their size (their growth is bounded, and the first thousand calls see most of it).
    await calls(1000);
    const before = await used();
    await calls(CALLS);
    const growth = (await used()) - before;
    expect(growth, `the heap grew ${growth} bytes over ${CALLS} calls`).toBeLessThan(MAX_GROWTH);
  }, 120_000);
});
