import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import type { PolicyScope } from '../../../../clients/pipelines/client.js';
import { type PipelinesBase, parseUuid } from '../../shared.js';
import { type PolicyFlags, addPolicyScope, policyStart, printBundle } from '../shared.js';
import { DECISION_HINT } from './get.js';

export interface PolicyDecisionsBundleOptions extends PipelinesBase {
  scope: PolicyScope;
  decisionId: string;
  /** Print the service's map as it is (JSON, YAML, --query) rather than a row a policy. */
  whole: boolean;
}

export function policyDecisionsBundleCommand(factory: Factory, run = runPolicyDecisionsBundle): Command {
  return addPolicyScope(
    verbCommand('bundle', 'The policy bundle a decision was made with', [
      'ops pipelines policy decisions bundle 2f775b21-2322-4752-931c-4cef7e2821de',
      'ops pipelines policy decisions bundle 2f775b21-2322-4752-931c-4cef7e2821de \\\n' +
        "    --query 'ci_security[0].content'",
    ]).argument('<decision-id>', 'decision id (uuid)'),
  ).action(async (id: string, o: PolicyFlags, c: Command) => {
    const decisionId = parseUuid('decision id', id, DECISION_HINT);
    const { base, scope, whole } = await policyStart(factory, c, o);
    await run({ ...base, scope, decisionId, whole });
  });
}

export async function runPolicyDecisionsBundle(o: PolicyDecisionsBundleOptions): Promise<void> {
  const bundle = await (await o.client()).getDecisionLogPolicyBundle(o.scope, o.decisionId);
  await printBundle(o, bundle, o.whole);
}
