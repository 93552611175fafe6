import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import type { Style } from '../../output/color.js';
import { terminalSafe } from '../../output/text.js';
import { type SecretsRunBase, start } from './shared/start.js';
import { namespaceOf, secretsCommand } from './shared/command.js';

export interface SecretsHelpOptions extends SecretsRunBase {
  path: string;
  openapi: boolean;
}

export function secretsHelpCommand(factory: Factory, run = runSecretsHelp): Command {
  return secretsCommand(
    'help',
    "Show the server's help for a path (?help=1); --openapi prints its OpenAPI object",
    ['ops secrets help secret/data/app/db', "ops secrets help secret/ --openapi --query 'keys(paths)'"],
  )
    .argument('<path>', 'any path below /v1/, e.g. secret/data/app/db or auth/userpass/login/alice')
    .option('--openapi', 'print the OpenAPI object (paths relative to the path asked about) as JSON')
    .action(async (path: string, o: { namespace?: string; openapi?: boolean }, cmd: Command) => {
      const namespace = namespaceOf(o.namespace);
      const { secretPath } = await import('../../clients/secrets/client.js');
      secretPath(path);
      const { base, view } = await start(
        factory,
        cmd,
        { namespace },
        {
          defaultOutput: o.openapi ? 'json' : undefined,
        },
      );
      await run({ ...base, ...view, path, openapi: Boolean(o.openapi) });
    });
}

export async function runSecretsHelp(o: SecretsHelpOptions): Promise<void> {
  const client = await o.client();
  const answer = await client.help(o.path);
  if (o.openapi) return o.printer.print(answer.openapi);
  if (!o.whole && o.field === undefined && o.printer.format === 'table')
    return o.printer.text(renderMarkdown(answer.help ?? '', o.printer.style));
  await o.printer.print(answer);
}

/** Markdown help from the server, for a terminal: headings bold, code fences indented, control characters gone. */
export function renderMarkdown(md: string, style: Style): string {
  let fence = false;
  const out: string[] = [];
  for (const line of terminalSafe(md).split('\n')) {
    if (/^\s*```/.test(line)) {
      fence = !fence;
      continue;
    }
    if (fence) {
      out.push(`    ${line}`);
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      out.push(style.bold(heading[1]!.toUpperCase()));
      continue;
    }
    out.push(
      line
        .replace(/\*\*([^*]+)\*\*/g, (_m, t: string) => style.bold(t))
        .replace(/`([^`]+)`/g, (_m, t: string) => style.cyan(t)),
    );
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
