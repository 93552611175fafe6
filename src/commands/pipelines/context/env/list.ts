import { contextArgument } from '../pick.js';
import { CONTEXT_ORG, parseContextRef } from '../ref.js';
import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import { requireOrPick } from '../../../shared/pick.js';
import { contextOrPick } from '../pick.js';
import type { Factory } from '../../../../app/types.js';
import type { ContextEnvVarWire } from '../../../../clients/pipelines/types.js';
import { printPages } from '../../../shared/list.js';
import { addListFlags, parseListFlags } from '../../../shared/list-flags.js';
import { CONTEXT_ENV_COLUMNS } from '../../columns.js';
import { type PipelinesBase, start } from '../../shared.js';

export interface ContextEnvListOptions extends PipelinesBase {
  contextId: string;
  limit: number | undefined;
}

export function contextEnvListCommand(factory: Factory, run = runContextEnvList): Command {
  const cmd = verbCommand(
    'list',
    "List a context's environment variables (names and times: values are never returned)",
    [
      'ops pipelines context env list a0c17523-e4af-46ab-965f-4a57cbc4a90f',
      'ops pipelines context env list a0c17523-e4af-46ab-965f-4a57cbc4a90f --all \\\n' + '    -o ndjson',
      'ops pipelines context env list slack-notify --org gh/acme',
    ],
  )
    .addArgument(contextArgument())
    .option('--org <org>', CONTEXT_ORG);
  addListFlags(cmd);
  return cmd.action(async (id: string | undefined, o: { limit?: string; all?: boolean }, c: Command) => {
    const list = parseListFlags(o);
    requireOrPick(factory.io, c, 'context', id);
    const ref = id === undefined ? undefined : parseContextRef(id, c.opts());
    const { ctx, base } = await start(factory, c);
    const contextId = await contextOrPick(ctx, c, base, ref, c.opts());
    await run({ ...base, contextId, limit: list.limit });
  });
}

export async function runContextEnvList(o: ContextEnvListOptions): Promise<void> {
  const client = await o.client();
  await printPages<ContextEnvVarWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listEnvironmentVariablesFromContext(o.contextId, {
      limit: o.limit,
      raw: o.printer.takesRawJson,
    }),
    columns: CONTEXT_ENV_COLUMNS,
    limit: o.limit,
    noun: 'variables',
  });
}
