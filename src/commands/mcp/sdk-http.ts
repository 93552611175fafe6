// The MCP SDK's Streamable HTTP server, apart from ./sdk.js: a bundle of its own (lib/mcp-sdk-http.cjs,
// scripts/bundles.mjs) that only `ops mcp --http` loads; on stdio its web-standard adapter is not
// compiled at all.
export { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
