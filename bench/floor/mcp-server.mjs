// The floor for a tool call of `ops mcp`: an MCP server on the same official SDK and transport (the
// low-level Server over stdio, as ops uses) with one tool that makes the requests it is given over
// `node:http`, kept alive, and answers each body parsed and written back compact. No server on the
// SDK can answer a read with less: what `ops mcp` adds beyond it is ops's own work (its checks, the
// verb, its client, its result), and what the floor adds beyond the raw requests is the protocol's
// (the SDK's checks of each message, two more processes woken).
//
// Its one tool, `get`, takes `{ requests: [[url, headers], …] }`. Started by bench/mcp.mjs.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { rawGetter } from './http-get.mjs';

const { get } = rawGetter();

const server = new Server({ name: 'floor', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    {
      name: 'get',
      description: 'GET each URL with its headers; the bodies, parsed, as compact JSON',
      inputSchema: {
        type: 'object',
        properties: { requests: { type: 'array', items: { type: 'array' } } },
        required: ['requests'],
      },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
  const bodies = [];
  for (const [url, headers] of params.arguments.requests) bodies.push(await get(url, headers));
  return { content: [{ type: 'text', text: JSON.stringify(bodies.length === 1 ? bodies[0] : bodies) }] };
});
await server.connect(new StdioServerTransport());
