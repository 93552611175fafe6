/**
 * The flags of `ops mcp` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own. Read by the vocabulary
 * test, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--allow-destructive':
    'serve, tools: the agent may run verbs that lose something for good (with --allow-writes); no other command hands a decision to an agent',
  '--allow-secrets': 'serve, tools: the agent may run verbs whose purpose is to reveal a secret value',
  '--allow-writes':
    'serve, tools: the agent may run verbs that create or change things; read verbs only without it',
  '--http':
    'serve: Streamable HTTP on [HOST:]PORT instead of stdio, for remote hosts (no other command serves MCP)',
  '--allowed-host':
    'serve: with --http, more Host names the server answers to (DNS rebinding protection refuses the rest)',
  '--session-idle':
    'serve: with --http, how long an unused session is kept (default 30m): no other command keeps sessions',
  '--max-sessions':
    'serve: with --http, at most this many sessions at once (default 64), then 503 with Retry-After',
  '--max-bytes':
    'serve, tools: the byte cap of one tool result (default 64 KiB), so that one call cannot fill a context window',
  '--tools':
    "serve, tools: only these verbs become tools, comma-separated verb paths (hosts list) or a service or group, as GitHub's MCP server selects tools",
  '--exclude-tools':
    'serve, tools: these verbs are never tools, comma-separated verb paths; wins over --tools',
  '--services':
    'serve, tools: only these services become tools, comma-separated (as `ops sandbox start --services`); auto: those with a credential',
};
