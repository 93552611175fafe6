// The parts of the MCP SDK `ops mcp` uses, in one module: the build makes it a bundle of its own
// (lib/mcp-sdk.cjs, scripts/bundles.mjs), loaded only by `ops mcp`, as './undici.js' is for the core.
export { Server } from '@modelcontextprotocol/sdk/server/index.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
export { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
