import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import type { PolicyScope } from '../../../../clients/pipelines/client.js';
import type { DecisionSettingsWire } from '../../../../clients/pipelines/types.js';
import type { Column } from '../../../../output/printer.js';
import type { PipelinesBase } from '../../shared.js';
import { type PolicyFlags, addPolicyScope, policyStart } from '../shared.js';

export interface PolicySettingsGetOptions extends PipelinesBase {
  scope: PolicyScope;
}

export const SETTINGS_COLUMNS: Column<DecisionSettingsWire>[] = [
  { header: 'enabled', get: (s) => s.enabled, format: 'bool' },
];

export function policySettingsGetCommand(factory: Factory, run = runPolicySettingsGet): Command {
  return addPolicyScope(
    verbCommand('get', 'Show whether policy evaluation is enabled for pipelines', [
      'ops pipelines policy settings get',
      'ops pipelines policy settings get --field enabled',
    ]),
  ).action(async (o: PolicyFlags, c: Command) => {
    const { base, scope } = await policyStart(factory, c, o);
    await run({ ...base, scope });
  });
}

export async function runPolicySettingsGet(o: PolicySettingsGetOptions): Promise<void> {
  await o.printer.print(await (await o.client()).getDecisionSettings(o.scope), { columns: SETTINGS_COLUMNS });
}
