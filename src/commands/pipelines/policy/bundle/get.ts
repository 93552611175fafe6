import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import type { PolicyScope } from '../../../../clients/pipelines/client.js';
import { UsageError } from '../../../../errors.js';
import type { PipelinesBase } from '../../shared.js';
import { type PolicyFlags, addPolicyScope, policyStart, printBundle } from '../shared.js';

export interface PolicyBundleGetOptions extends PipelinesBase {
  scope: PolicyScope;
  /** One policy document; undefined: the whole bundle. */
  name: string | undefined;
  whole: boolean;
}

export function policyBundleGetCommand(factory: Factory, run = runPolicyBundleGet): Command {
  return addPolicyScope(
    verbCommand('get', "The organization's policy bundle (a row a policy), or one policy's Rego source", [
      'ops pipelines policy bundle get',
      'ops pipelines policy bundle get ci_security',
      'ops pipelines policy bundle get ci_security --json',
    ]).argument('[name]', 'a policy name: print its source'),
  ).action(async (name: string | undefined, o: PolicyFlags, c: Command) => {
    if (name !== undefined && name.trim() === '')
      throw new UsageError(
        'the policy name is empty',
        'give a name as `ops pipelines policy bundle get` lists it',
      );
    const { base, scope, whole } = await policyStart(factory, c, o);
    await run({ ...base, scope, name, whole });
  });
}

export async function runPolicyBundleGet(o: PolicyBundleGetOptions): Promise<void> {
  const client = await o.client();
  if (o.name === undefined) return printBundle(o, await client.getPolicyBundle(o.scope), o.whole);
  const doc = await client.getPolicyDocument(o.scope, o.name);
  // In a table the source is what a person wants to read, as it is; every other format gets the document.
  if (!o.whole && o.printer.format === 'table') return o.printer.data(doc.content ?? '');
  await o.printer.print(doc);
}
