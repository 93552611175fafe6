import { lstat, readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import type { PolicyScope } from '../../../../clients/pipelines/client.js';
import type { BundleDiffWire } from '../../../../clients/pipelines/types.js';
import { planning } from '../../../../clients/http/planning.js';
import { UsageError } from '../../../../errors.js';
import type { PipelinesBase } from '../../shared.js';
import { type PolicyFlags, addPolicyScope, policyStart } from '../shared.js';

export interface PolicyBundlePushOptions extends PipelinesBase {
  scope: PolicyScope;
  /** Reads the policies of the folder: relative path → Rego source. */
  policies: () => Promise<Record<string, string>>;
  dir: string;
  /** `dry-run`: print the service's plan; `ask`: show it and ask when it deletes; `none`: push (--yes). */
  plan: 'dry-run' | 'ask' | 'none';
  whole: boolean;
  confirm: (action: string) => Promise<void>;
}

/**
 * Every `.rego` file under `dir`, by its path relative to it (with `/`), as the vendor's own tool sends
 * them. Symbolic links are not followed, so nothing outside the folder is read.
 */
export async function readPolicies(dir: string): Promise<Record<string, string>> {
  const stat = await lstat(dir).catch(() => undefined);
  if (!stat?.isDirectory())
    throw new UsageError(`"${dir}" is not a folder`, 'give the folder that holds the .rego files');
  const out: Record<string, string> = {};
  async function walk(at: string): Promise<void> {
    for (const entry of (await readdir(at, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile() && entry.name.endsWith('.rego'))
        out[relative(dir, path).split(sep).join('/')] = await readFile(path, 'utf8');
    }
  }
  await walk(dir);
  if (Object.keys(out).length === 0)
    throw new UsageError(`no .rego files in "${dir}"`, 'put the policies (.rego files) in that folder');
  return out;
}

export function policyBundlePushCommand(factory: Factory, run = runPolicyBundlePush): Command {
  return addPolicyScope(
    verbCommand(
      'push',
      "Replace the organization's policy bundle with the .rego files of a folder: policies not in it are deleted. On a terminal it shows the plan first and asks when the plan deletes something; --dry-run asks the service what would change",
      [
        `mkdir -p policies && printf 'package org\\n\\npolicy_name["ci_security"]\\n' \\\n` +
          '    > policies/ci_security.rego && \\\n' +
          '    ops pipelines policy bundle push policies --dry-run',
        'ops pipelines policy bundle push policies --yes',
      ],
    ).argument('<dir>', 'folder of .rego files (searched recursively)'),
  ).action(async (dir: string, o: PolicyFlags, c: Command) => {
    const { ctx, base, scope, whole } = await policyStart(factory, c, o);
    const plan = ctx.flags.dryRun ? 'dry-run' : !ctx.flags.yes && ctx.io.stdinIsTty ? 'ask' : 'none';
    await run({
      ...base,
      scope,
      dir,
      policies: () => readPolicies(dir),
      plan,
      whole,
      confirm: (a) => ctx.confirm(a),
    });
  });
}

type Diff = BundleDiffWire;
const CHANGES = ['created', 'modified', 'deleted'] as const;

/** The policies a diff names, one row a change. */
function diffRows(diff: Diff, planned: boolean): Array<{ change: string; policy: string }> {
  return CHANGES.flatMap((change) =>
    (diff[change] ?? []).map((policy) => ({ change: planned ? `would be ${change}` : change, policy })),
  );
}

async function printDiff(o: PolicyBundlePushOptions, diff: Diff, planned: boolean): Promise<void> {
  if (o.whole) return o.printer.print(diff);
  const rows = diffRows(diff, planned);
  if (rows.length === 0)
    o.feedback.info(planned ? 'no changes would be made' : 'no changes: the bundle was already this');
  await o.printer.print(rows, {
    columns: [
      { header: 'change', get: (r) => r.change },
      { header: 'policy', get: (r) => r.policy },
    ],
  });
}

/**
 * The plan comes from the service's own dry run (a request that changes nothing, so `--dry-run` sends
 * it): printed as the result under --dry-run; on a terminal shown first, and asked about only when it
 * deletes something (docs/grammar.md, "Confirmation").
 */
export async function runPolicyBundlePush(o: PolicyBundlePushOptions): Promise<void> {
  const policies = await o.policies();
  const client = await o.client();
  if (o.plan !== 'none') {
    const plan = await planning(() => client.createPolicyBundle(o.scope, policies, true));
    if (o.plan === 'dry-run') return printDiff(o, plan, true);
    for (const row of diffRows(plan, true)) o.feedback.info(`${row.change}: ${row.policy}`);
    const deleted = plan.deleted ?? [];
    if (deleted.length)
      await o.confirm(
        `Push the bundle of ${o.dir}, deleting ${deleted.length === 1 ? 'policy' : 'policies'} ${deleted.join(', ')}`,
      );
  }
  await printDiff(o, await client.createPolicyBundle(o.scope, policies, false), false);
}
