import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import type { PolicyScope } from '../../../../clients/pipelines/client.js';
import { DECISION_COLUMNS } from '../../columns.js';
import { type PipelinesBase, parseUuid } from '../../shared.js';
import { type PolicyFlags, addPolicyScope, policyStart } from '../shared.js';

export interface PolicyDecisionsGetOptions extends PipelinesBase {
  scope: PolicyScope;
  decisionId: string;
}

export const DECISION_HINT = 'the decision id as `ops pipelines policy decisions list` shows it';

export function policyDecisionsGetCommand(factory: Factory, run = runPolicyDecisionsGet): Command {
  return addPolicyScope(
    verbCommand('get', 'Show a policy decision: its status, failed rules and pipeline', [
      'ops pipelines policy decisions get 2f775b21-2322-4752-931c-4cef7e2821de',
      'ops pipelines policy decisions get 2f775b21-2322-4752-931c-4cef7e2821de --json',
    ]).argument('<decision-id>', 'decision id (uuid)'),
  ).action(async (id: string, o: PolicyFlags, c: Command) => {
    const decisionId = parseUuid('decision id', id, DECISION_HINT);
    const { base, scope } = await policyStart(factory, c, o);
    await run({ ...base, scope, decisionId });
  });
}

export async function runPolicyDecisionsGet(o: PolicyDecisionsGetOptions): Promise<void> {
  const log = await (await o.client()).getDecisionLog(o.scope, o.decisionId);
  await o.printer.print(log, {
    columns: [
      ...DECISION_COLUMNS,
      {
        header: 'reasons',
        kind: 'text',
        get: (d) =>
          [...(d.decision?.hard_failures ?? []), ...(d.decision?.soft_failures ?? [])].map((f) => f.reason),
      },
      { header: 'policies', get: (d) => Object.keys(d.policies ?? {}), kind: 'text' },
      { header: 'time taken (ms)', get: (d) => d.time_taken_ms },
    ],
  });
}
