import { required } from '../../../shared/required.js';
import type { Command } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import type { PolicyScope } from '../../../../clients/pipelines/client.js';
import { UsageError } from '../../../../errors.js';
import type { PipelinesBase } from '../../shared.js';
import { type PolicyFlags, addPolicyScope, policyStart } from '../shared.js';
import { SETTINGS_COLUMNS } from './get.js';
import { choiceOption } from '../../../shared/choices.js';

export interface PolicySettingsSetOptions extends PipelinesBase {
  scope: PolicyScope;
  enabled: boolean;
}

export function parseEnabled(raw: string | undefined): boolean {
  if (raw === undefined)
    throw new UsageError('--enabled is required', 'give --enabled true or --enabled false');
  const v = raw.trim().toLowerCase();
  if (v !== 'true' && v !== 'false') throw new UsageError(`invalid --enabled "${raw}"`, 'give true or false');
  return v === 'true';
}

export function policySettingsSetCommand(factory: Factory, run = runPolicySettingsSet): Command {
  return addPolicyScope(
    verbCommand('set', 'Turn policy evaluation of pipelines on or off', [
      'ops pipelines policy settings set --enabled false',
      'ops pipelines policy settings set --enabled true',
    ]).addOption(required(choiceOption('--enabled <bool>', 'true or false', ['true', 'false']))),
  ).action(async (o: PolicyFlags & { enabled?: string }, c: Command) => {
    const enabled = parseEnabled(o.enabled);
    const { base, scope } = await policyStart(factory, c, o);
    await run({ ...base, scope, enabled });
  });
}

export async function runPolicySettingsSet(o: PolicySettingsSetOptions): Promise<void> {
  await o.printer.print(await (await o.client()).setDecisionSettings(o.scope, { enabled: o.enabled }), {
    columns: SETTINGS_COLUMNS,
  });
}
