import { instanceArgument } from '../../pick-instance.js';
import { resolveInstance } from '../../names.js';
import { verbCommand } from '../../../shared/verbs.js';
import { type ListFlags, addListFlags, parseListFlags } from '../../../shared/list-flags.js';
import { printWhole } from '../../../shared/list.js';
import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import { CREDENTIAL_TYPES, type CredentialType } from '../../../../clients/cloud/types.js';
import { type CloudRunBase, start } from '../../shared.js';
import { instanceId } from '../shared.js';
import { CREDENTIAL_COLUMNS, parseCredentialType } from './shared.js';
import { choiceOption } from '../../../shared/choices.js';

export interface CredentialsListOptions extends CloudRunBase {
  id: string;
  type: CredentialType | undefined;
  limit: ListFlags['limit'];
}

export function credentialsListCommand(factory: Factory, run = runCredentialsList): Command {
  const cmd = verbCommand(
    'list',
    'List the credentials kept for an instance (names only, never passwords)',
    [
      'ops cloud instance credentials list 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03',
      'ops cloud instance credentials list 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b05 \\\n' +
        '    --type OPERATING_SYSTEM --json',
    ],
    { notes: 'The API answers with every credential at once: --limit cuts the list here.' },
  )
    .addArgument(instanceArgument())
    .addOption(
      choiceOption('--type <type>', 'only OPERATING_SYSTEM or CONTROL_PANEL credentials', CREDENTIAL_TYPES),
    );
  return addListFlags(cmd).action(
    async (raw: string, o: { type?: string; limit?: string; all?: boolean }, c: Command) => {
      const ref = instanceId(raw);
      const type = parseCredentialType(o.type, false);
      const { limit } = parseListFlags(o);
      const { base } = await start(factory, c);
      const id = await resolveInstance(base, ref);
      await run({ ...base, id, type, limit });
    },
  );
}

export async function runCredentialsList(o: CredentialsListOptions): Promise<void> {
  const client = await o.client();
  const list = o.type
    ? await client.getCredentialListByType(o.id, o.type)
    : await client.getCredentialList(o.id);
  await printWhole({
    printer: o.printer,
    feedback: o.feedback,
    items: list,
    columns: CREDENTIAL_COLUMNS,
    limit: o.limit,
    noun: 'credentials',
  });
}
