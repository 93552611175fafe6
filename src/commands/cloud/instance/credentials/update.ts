import { instanceArgument } from '../../pick-instance.js';
import { required } from '../../../shared/required.js';
import { verbCommand } from '../../../shared/verbs.js';
import { type Command, Option } from 'commander';
import type { Factory } from '../../../../app/types.js';
import { CREDENTIAL_TYPES, type CredentialType } from '../../../../clients/cloud/types.js';
import type { Io } from '../../../../io.js';
import { readSecretInput } from '../../../shared/secret-input.js';
import type { CloudRunBase } from '../../shared.js';
import { CREDENTIAL_COLUMNS, credentialAction, withoutPassword } from './shared.js';
import { choiceOption } from '../../../shared/choices.js';

export interface CredentialsUpdateOptions extends CloudRunBase {
  io: Io;
  id: string;
  type: CredentialType;
  username: string;
  passwordFile: string | undefined;
}

export function credentialsUpdateCommand(factory: Factory, run = runCredentialsUpdate): Command {
  return verbCommand(
    'update',
    "Change a credential's password; the new password is read from stdin, a hidden prompt or --file",
    [
      "printf %s 'N3w-pass' | ops cloud instance credentials update \\\n" +
        '    4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 --type OPERATING_SYSTEM \\\n' +
        '    --username root',
    ],
  )
    .addArgument(instanceArgument())
    .addOption(
      required(
        choiceOption('--type <type>', 'OPERATING_SYSTEM or CONTROL_PANEL (required)', CREDENTIAL_TYPES),
      ),
    )
    .addOption(required(new Option('--username <name>', 'the account name (required)')))
    .option('--file <path>', 'read the new password from this file (- for stdin)')
    .action(credentialAction(factory, run));
}

export async function runCredentialsUpdate(o: CredentialsUpdateOptions): Promise<void> {
  const password = await readSecretInput({
    io: o.io,
    label: 'new password',
    file: o.passwordFile,
    fileFlag: '--file',
  });
  const updated = await (await o.client()).updateCredential(o.id, o.type, o.username, password);
  await o.printer.print(withoutPassword(updated), { columns: CREDENTIAL_COLUMNS });
}
