import { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { addVerbs, read } from '../shared/verbs.js';
import { type AllowFlags, addAllowOptions, allowedBy } from './options.js';

export function register(parent: Command, factory: Factory): void {
  const group = parent
    .command('mcp')
    .description('Serve every service to AI agents as Model Context Protocol tools, read-only by default')
    .addHelpText(
      'after',
      `
Examples:
  ops mcp tools --services hosts     # the tools and their schemas, as JSON
  ops mcp < /dev/null                # what an MCP host runs: ops mcp serve`,
    );
  // Local effects only: a server on stdio; what each tool call does is the verb's own effect.
  addVerbs(group, { serve: read(serveCommand), tools: read(toolsCommand) }, factory);
  // `ops mcp` alone is `ops mcp serve`: the line MCP hosts are configured with.
  (group as unknown as { _defaultCommandName: string })._defaultCommandName = 'serve';
}

function serveCommand(factory: Factory): Command {
  return addAllowOptions(new Command('serve'), factory)
    .description('Serve the services as MCP tools over stdio until stdin ends (the default of ops mcp)')
    .addHelpText(
      'after',
      `
Only read verbs are tools unless --allow-writes; destructive ones also need
--allow-destructive. With the global --dry-run, writes return their curl plan
and send nothing. Credentials come from the environment and the profile, never
from a tool call.

Examples:
  ops mcp serve < /dev/null
  ops mcp serve --allow-writes --services tasks,hosts < /dev/null
  ops mcp serve --dry-run --allow-writes --allow-destructive < /dev/null`,
    )
    .action(async (o: AllowFlags, cmd: Command) => {
      const given = allowedBy(factory, o, cmd);
      const { runMcpServer } = await import('./server.js');
      await runMcpServer({
        ...given,
        io: factory.io,
        services: factory.services,
        tree: () => factory.tree(),
        runArgv: factory.runArgv,
      });
    });
}

function toolsCommand(factory: Factory): Command {
  return addAllowOptions(new Command('tools'), factory)
    .description('Print the MCP tools the server would expose, with their input schemas, as JSON')
    .addHelpText(
      'after',
      `
Examples:
  ops mcp tools --services hosts
  ops mcp tools --allow-writes --services tasks --query 'tools[].name'`,
    )
    .action(async (o: AllowFlags, cmd: Command) => {
      const { allowed, only, globals } = allowedBy(factory, o, cmd);
      const [{ chosenServices, servicesOf }, { HELP_TOOL, toolsOf }] = await Promise.all([
        import('./server.js'),
        import('./tools.js'),
      ]);
      const services = await chosenServices(only, factory.services, factory.io.env, globals);
      const tools = (await servicesOf(await factory.tree(), factory.services, services)).flatMap((t) =>
        toolsOf(t, allowed),
      );
      const ctx = await factory.context(cmd, { defaultOutput: 'json' });
      await ctx.printer.print({ tools: [...tools, HELP_TOOL] });
    });
}
