import { type ProjectRef, withProjectId } from '../project-ref.js';
import type { Command } from 'commander';
import type { Context, Factory } from '../../../app/types.js';
import type { PolicyScope } from '../../../clients/pipelines/client.js';
import type { PolicyBundleWire, PolicyDocumentWire } from '../../../clients/pipelines/types.js';
import { UsageError } from '../../../errors.js';
import { type Column, isRowFormat } from '../../../output/printer.js';
import { addOrgOption, orgIdOf, parseOrg } from '../org.js';
import { type PipelinesBase, start } from '../shared.js';

export interface PolicyFlags {
  org?: string;
  context?: string;
}

/** `--org` (default: the profile's `pipelines.org`) and `--context` (default `config`). */
export function addPolicyScope(cmd: Command): Command {
  return addOrgOption(cmd, 'the organization whose policies these are').option(
    '--context <name>',
    'policy context',
    'config',
  );
}

/** Checks the flags given; the owner from the settings is checked once they are read. */
export function checkPolicyFlags(o: PolicyFlags): void {
  if (o.org !== undefined) parseOrg(o.org);
  if (o.context !== undefined && !/^[a-z][a-z0-9_-]*$/.test(o.context))
    throw new UsageError(`invalid --context "${o.context}"`, 'give a policy context such as config');
}

/**
 * The context, client and policy scope of a policy command, and the id of the project it names
 * (`--project`), resolved once in the start after the owner; nothing else is sent.
 */
export async function policyStart(
  factory: Factory,
  cmd: Command,
  o: PolicyFlags,
  more: { stdinUsed?: string | undefined; project?: ProjectRef | undefined } = {},
): Promise<{
  ctx: Context;
  base: PipelinesBase;
  scope: PolicyScope;
  whole: boolean;
  projectId: string | undefined;
}> {
  checkPolicyFlags(o);
  const { ctx, base, ownerId, projectId } = await start(
    factory,
    cmd,
    { org: o.org },
    {
      stdinUsed: more.stdinUsed,
      // The owner's id: a slug or name costs one read of the user's organizations (named by --dry-run);
      // then the project's: a slug or a name costs one planned read, an id none.
      resolve: async (ctx, base) => ({
        ownerId: await orgIdOf(ctx, base),
        ...(await withProjectId(more.project, o)(ctx, base)),
      }),
    },
  );
  return {
    ctx,
    base,
    scope: { ownerId, context: o.context ?? 'config' },
    // The service's answer as it is for JSON, YAML, --query and --field; rows for a table or CSV.
    whole: Boolean(ctx.flags.query) || ctx.flags.field !== undefined || !isRowFormat(ctx.printer.format),
    projectId,
  };
}

interface BundleRow {
  name: string;
  document: PolicyDocumentWire;
}

/** One row a policy document of a bundle. */
export function bundleRows(bundle: PolicyBundleWire): BundleRow[] {
  return Object.entries(bundle ?? {}).flatMap(([name, docs]) =>
    (docs ?? []).map((document) => ({ name, document })),
  );
}

export const BUNDLE_COLUMNS: Column<BundleRow>[] = [
  { header: 'name', get: (r) => r.name },
  { header: 'created by', get: (r) => r.document.created_by },
  { header: 'created', get: (r) => r.document.created_at, format: 'relative' },
  { header: 'lines', get: (r) => r.document.content?.split('\n').filter(Boolean).length },
];

/** Prints a bundle: one row a policy in a table or CSV; the service's map as it is otherwise. */
export async function printBundle(
  base: PipelinesBase,
  bundle: PolicyBundleWire,
  whole: boolean,
): Promise<void> {
  if (whole) return base.printer.print(bundle);
  await base.printer.print(bundleRows(bundle), { columns: BUNDLE_COLUMNS });
}
