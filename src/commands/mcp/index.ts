import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { addVerbs, read, verbCommand, groupCommand } from '../shared/verbs.js';
import { UsageError } from '../../errors.js';
import {
  type AllowFlags,
  addAllowOptions,
  allowedBy,
  DEFAULT_MAX_SESSIONS,
  type HttpFlags,
  httpAddress,
  httpBounds,
} from './options.js';

export function register(parent: Command, factory: Factory): void {
  const group = groupCommand(
    parent,
    'mcp',
    'Serve every service to AI agents as Model Context Protocol tools, read-only by default',
    [
      'ops mcp tools --services hosts     # the tools and their schemas, as JSON',
      'ops mcp < /dev/null                # what an MCP host runs: ops mcp serve',
    ],
  );
  // Local effects only: a server on stdio; what each tool call does is the verb's own effect.
  addVerbs(
    group,
    { serve: read(serveCommand, { text: 'MCP protocol messages' }), tools: read(toolsCommand) },
    factory,
  );
  // `ops mcp` alone is `ops mcp serve`: the line MCP hosts are configured with.
  (group as unknown as { _defaultCommandName: string })._defaultCommandName = 'serve';
}

function serveCommand(factory: Factory): Command {
  return addAllowOptions(
    verbCommand(
      'serve',
      'Serve the services as MCP tools over stdio until stdin ends (the default of ops mcp)',
      [
        'ops mcp serve < /dev/null',
        'ops mcp serve --allow-writes --services tasks,hosts < /dev/null',
        'ops mcp serve --dry-run --allow-writes --allow-destructive < /dev/null',
        'ops mcp --http 8808        # http://127.0.0.1:8808/mcp, its token on stderr',
        'printf %s "$TOKEN" | ops mcp --http 0.0.0.0:8808 --token-stdin',
      ],
      {
        notes: `Only read verbs are tools unless --allow-writes; destructive ones also need
--allow-destructive. With the global --dry-run, writes return their curl plan
and send nothing. Credentials come from the environment and the profile, never
from a tool call.`,
      },
    ),
    factory,
  )
    .option('--http <address>', 'serve Streamable HTTP on [HOST:]PORT (host 127.0.0.1) instead of stdio')
    .option('--token-stdin', 'with --http: the bearer token from stdin (else one is made and shown once)')
    .option(
      '--allowed-host <list>',
      'with --http: more Host names served, comma-separated (a name the machine is reached by)',
    )
    .option('--session-idle <duration>', 'with --http: close a session unused this long (default 30m)')
    .option(
      '--max-sessions <n>',
      `with --http: at most n sessions at once (default ${DEFAULT_MAX_SESSIONS}); more are refused, 503`,
    )
    .action(async (o: AllowFlags & HttpFlags & { http?: string; tokenStdin?: boolean }, cmd: Command) => {
      const given = allowedBy(factory, o, cmd);
      const bounds = httpBounds(o);
      if (o.tokenStdin && o.http === undefined)
        throw new UsageError(
          '--token-stdin needs --http',
          'give --http [HOST:]PORT, or leave --token-stdin out',
        );
      const http =
        o.http === undefined
          ? undefined
          : { ...httpAddress(o.http), ...bounds, ...(await bearer(factory, o.tokenStdin)) };
      const { runMcpServer } = await import('./server.js');
      await runMcpServer({
        ...given,
        http,
        io: factory.io,
        services: factory.services,
        tree: () => factory.tree(),
        callVerb: factory.callVerb,
        runArgv: factory.runArgv,
      });
    });
}

function toolsCommand(factory: Factory): Command {
  return addAllowOptions(
    verbCommand('tools', 'Print the MCP tools the server would expose, with their input schemas, as JSON', [
      'ops mcp tools --services hosts',
      "ops mcp tools --allow-writes --services tasks --query 'tools[].name'",
      "ops mcp tools --tools 'hosts list,runs' --exclude-tools 'runs watch'",
    ]),
    factory,
  ).action(async (o: AllowFlags, cmd: Command) => {
    const { allowed, only, globals, verbs } = allowedBy(factory, o, cmd);
    const [{ chosenServices, servicesOf }, { chosenVerbs, HELP_TOOL, toolsOf }] = await Promise.all([
      import('./server.js'),
      import('./tools.js'),
    ]);
    const services = await chosenServices(only, factory.services, factory.io.env, globals);
    const tools = chosenVerbs(
      await servicesOf(await factory.tree(), factory.services, services),
      verbs,
    ).flatMap((t) => toolsOf(t, allowed));
    const ctx = await factory.context(cmd, { defaultOutput: 'json' });
    await ctx.printer.print({ tools: [...tools, HELP_TOOL] });
  });
}

/** The bearer token of `--http`: read from stdin, or made here (32 random bytes) and shown once. */
async function bearer(factory: Factory, fromStdin: boolean | undefined) {
  if (!fromStdin) {
    const { randomBytes } = await import('node:crypto');
    return { token: randomBytes(32).toString('base64url'), generated: true };
  }
  let text = '';
  for await (const chunk of factory.io.stdin) text += String(chunk);
  const token = text.trim();
  if (token.length < 16)
    throw new UsageError(
      'the token on stdin is too short',
      'give at least 16 characters, e.g. openssl rand -hex 32',
    );
  return { token, generated: false };
}
