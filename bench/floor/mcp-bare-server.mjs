// The floor without any SDK: the same one tool as bench/floor/mcp-server.mjs (`get`, the requests it is
// given over `node:http`, each body parsed and written back compact), answered by hand over stdio, one
// JSON-RPC message a line: no check of any message, no schema, nothing but the protocol's framing. What
// it adds beyond the raw requests is the round trip itself (two processes woken, a line written and
// parsed each way) and the client's own checks; no MCP server over stdio can add less. Started by
// bench/mcp.mjs.
import { rawGetter } from './http-get.mjs';

const { get } = rawGetter();
const answer = (id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);
const TOOL = {
  name: 'get',
  description: 'GET each URL with its headers; the bodies, parsed, as compact JSON',
  inputSchema: { type: 'object', properties: { requests: { type: 'array' } }, required: ['requests'] },
};

async function handle(m) {
  if (m.id === undefined) return; // a notification
  if (m.method === 'initialize')
    return answer(m.id, {
      protocolVersion: m.params.protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: 'bare-floor', version: '1.0.0' },
    });
  if (m.method === 'ping') return answer(m.id, {});
  if (m.method === 'tools/list') return answer(m.id, { tools: [TOOL] });
  if (m.method === 'tools/call') {
    const bodies = [];
    for (const [url, headers] of m.params.arguments.requests) bodies.push(await get(url, headers));
    return answer(m.id, {
      content: [{ type: 'text', text: JSON.stringify(bodies.length === 1 ? bodies[0] : bodies) }],
    });
  }
  process.stdout.write(
    `${JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: `no method ${m.method}` } })}\n`,
  );
}

let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
    const line = buffered.slice(0, at);
    buffered = buffered.slice(at + 1);
    void handle(JSON.parse(line));
  }
});
process.stdin.on('end', () => process.exit(0));
