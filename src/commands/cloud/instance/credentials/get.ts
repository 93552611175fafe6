import { instanceArgument } from '../../pick-instance.js';
import { required } from '../../../shared/required.js';
import { verbCommand } from '../../../shared/verbs.js';
import { resolveInstance } from '../../names.js';
import { type Command, Option } from 'commander';
import type { Factory } from '../../../../app/types.js';
import {
  CREDENTIAL_TYPES,
  type CredentialType,
  type CredentialWire,
} from '../../../../clients/cloud/types.js';
import { type CloudRunBase, start } from '../../shared.js';
import { instanceId } from '../shared.js';
import { CREDENTIAL_COLUMNS, parseCredentialType, parseUsername, withoutPassword } from './shared.js';
import { choiceOption } from '../../../shared/choices.js';

export interface CredentialsGetOptions extends CloudRunBase {
  id: string;
  type: CredentialType;
  username: string;
  /** Reveal the password: the only command that prints one. */
  showPassword: boolean;
}

export function credentialsGetCommand(factory: Factory, run = runCredentialsGet): Command {
  return verbCommand('get', 'Show a credential of an instance; the password only with --show-password', [
    'ops cloud instance credentials get 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 \\\n' +
      '    --type OPERATING_SYSTEM --username root',
    'ops cloud instance credentials get 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 \\\n' +
      '    --type OPERATING_SYSTEM --username root --show-password --field password',
  ])
    .addArgument(instanceArgument())
    .addOption(
      required(
        choiceOption('--type <type>', 'OPERATING_SYSTEM or CONTROL_PANEL (required)', CREDENTIAL_TYPES),
      ),
    )
    .addOption(required(new Option('--username <name>', 'the account name (required)')))
    .option('--show-password', 'print the password too')
    .action(
      async (raw: string, o: { type?: string; username?: string; showPassword?: boolean }, c: Command) => {
        const ref = instanceId(raw);
        const type = parseCredentialType(o.type)!;
        const username = parseUsername(o.username);
        const { base } = await start(factory, c);
        const id = await resolveInstance(base, ref);
        await run({ ...base, id, type, username, showPassword: Boolean(o.showPassword) });
      },
    );
}

export async function runCredentialsGet(o: CredentialsGetOptions): Promise<void> {
  const cred = await (await o.client()).getCredential(o.id, o.type, o.username);
  if (!o.showPassword) return o.printer.print(withoutPassword(cred), { columns: CREDENTIAL_COLUMNS });
  await o.printer.print<CredentialWire>(cred, {
    columns: [...CREDENTIAL_COLUMNS, { header: 'password', get: (c) => c.password }],
  });
}
