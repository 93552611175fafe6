// The parts of the MCP SDK `ops mcp` uses, in one module: the build makes it a bundle of its own
// (lib/mcp-sdk.cjs, scripts/bundles.mjs), loaded only by `ops mcp`, as './undici.js' is for the core.
export { Server } from '@modelcontextprotocol/sdk/server/index.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';

/**
 * `tools/call` as the transport hands it over, params unchecked: the SDK's server then checks them
 * against its own schema and answers a bad request with -32602 (invalid params). Registered with the
 * SDK's strict schema, the same mistake failed its parse first and answered -32603 (internal error).
 */
export const CallToolRequestSchema = z.object({ method: z.literal('tools/call'), params: z.unknown() });
