import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { ContextWire } from '../../../clients/pipelines/types.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { CONTEXT_COLUMNS } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';
import { type Owner, type OwnerFlags, addOwnerOptions, parseOwnerFlags, resolveOwner } from './owner.js';

export interface ContextListOptions extends PipelinesBase {
  owner: Owner;
  limit: number | undefined;
}

export function contextListCommand(factory: Factory, run = runContextList): Command {
  const cmd = addOwnerOptions(
    verbCommand('list', 'List the contexts of an organization, by name', [
      'ops pipelines context list --org gh/acme',
      'ops pipelines context list --org d1c91133-b7d0-4bb8-ae74-11c794816047 --all \\\n' + '    --json',
      'ops pipelines context list --org acme      # by name',
      'ops pipelines context list                 # OPS_PIPELINES_ORG',
    ]),
  );
  addListFlags(cmd);
  return cmd.action(async (o: OwnerFlags & { limit?: string; all?: boolean }, c: Command) => {
    const list = parseListFlags(o);
    const owner = parseOwnerFlags(o);
    const { ctx, base } = await start(factory, c);
    await run({ ...base, owner: await resolveOwner(ctx, base.client, owner), limit: list.limit });
  });
}

export async function runContextList(o: ContextListOptions): Promise<void> {
  const client = await o.client();
  await printPages<ContextWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listContexts(
      'id' in o.owner ? { 'owner-id': o.owner.id } : { 'owner-slug': o.owner.slug },
      { limit: o.limit, raw: o.printer.takesRawJson },
    ),
    columns: CONTEXT_COLUMNS,
    limit: o.limit,
    noun: 'contexts',
  });
}
