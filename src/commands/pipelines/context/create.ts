import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import type { ContextOwnerWire } from '../../../clients/pipelines/types.js';
import { UsageError } from '../../../errors.js';
import { CONTEXT_COLUMNS } from '../columns.js';
import { type PipelinesBase, start } from '../shared.js';
import { type Owner, type OwnerFlags, addOwnerOptions, parseOwnerFlags, resolveOwner } from './owner.js';

export interface ContextCreateOptions extends PipelinesBase {
  name: string;
  owner: Owner;
}

/** The body's owner: `{id}` or `{slug}` (the type's default, organization, applies). */
export function ownerWire(owner: Owner): ContextOwnerWire {
  return 'slug' in owner ? { slug: owner.slug } : { id: owner.id };
}

export function contextCreateCommand(factory: Factory, run = runContextCreate): Command {
  return addOwnerOptions(
    verbCommand('create', 'Create a context (a shared set of environment variables) in an organization', [
      'ops pipelines context create release-signing --org gh/acme',
      'ops pipelines context create gcp-staging \\\n' +
        '    --org d1c91133-b7d0-4bb8-ae74-11c794816047 --json',
    ]).argument('<name>', 'context name, unique within the owner'),
  ).action(async (name: string, o: OwnerFlags, c: Command) => {
    if (name.trim() === '')
      throw new UsageError('the context name is empty', 'give a name such as aws-production');
    const owner = parseOwnerFlags(o);
    const { ctx, base } = await start(factory, c);
    await run({ ...base, name, owner: await resolveOwner(ctx, base.client, owner) });
  });
}

export async function runContextCreate(o: ContextCreateOptions): Promise<void> {
  const created = await (await o.client()).createContext(o.name, ownerWire(o.owner));
  await o.printer.print(created, { columns: CONTEXT_COLUMNS });
}
