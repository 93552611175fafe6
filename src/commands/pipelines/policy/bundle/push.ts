import { lstat, readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import type { PolicyScope } from '../../../../clients/pipelines/client.js';
import type { BundleDiffWire } from '../../../../clients/pipelines/types.js';
import { UsageError } from '../../../../errors.js';
import { type PipelinesBase, examples } from '../../shared.js';
import { type PolicyFlags, addPolicyScope, policyStart } from '../shared.js';

export interface PolicyBundlePushOptions extends PipelinesBase {
  scope: PolicyScope;
  /** Reads the policies of the folder: relative path → Rego source. */
  policies: () => Promise<Record<string, string>>;
  dir: string;
  dry: boolean;
  whole: boolean;
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
    new Command('push')
      .description(
        "Replace the organization's policy bundle with the .rego files of a folder (policies not in it are deleted); --dry shows what would be created, modified and deleted",
      )
      .argument('<dir>', 'folder of .rego files (searched recursively)')
      .option('--dry', 'ask the service what would change, and change nothing'),
  )
    .addHelpText(
      'after',
      examples(
        `mkdir -p policies && printf 'package org\\n\\npolicy_name["ci_security"]\\n' > policies/ci_security.rego && ops pipelines policy bundle push policies --dry`,
        'ops pipelines policy bundle push policies',
      ),
    )
    .action(async (dir: string, o: PolicyFlags & { dry?: boolean }, c: Command) => {
      const { base, scope, whole } = await policyStart(factory, c, o);
      await run({ ...base, scope, dir, policies: () => readPolicies(dir), dry: Boolean(o.dry), whole });
    });
}

export async function runPolicyBundlePush(o: PolicyBundlePushOptions): Promise<void> {
  const policies = await o.policies();
  const diff = await (await o.client()).createPolicyBundle(o.scope, policies, o.dry);
  if (o.whole) return o.printer.print(diff);
  const rows = (['created', 'modified', 'deleted'] as const).flatMap((change) =>
    (diff[change as keyof BundleDiffWire] ?? []).map((policy) => ({
      change: o.dry ? `would be ${change}` : change,
      policy,
    })),
  );
  if (rows.length === 0)
    o.feedback.info(o.dry ? 'no changes would be made' : 'no changes: the bundle was already this');
  await o.printer.print(rows, {
    columns: [
      { header: 'change', get: (r) => r.change },
      { header: 'policy', get: (r) => r.policy },
    ],
  });
}
