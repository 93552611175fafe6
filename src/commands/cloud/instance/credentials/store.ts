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

export interface CredentialsStoreOptions extends CloudRunBase {
  io: Io;
  id: string;
  type: CredentialType;
  username: string;
  /** `--file`; else stdin, or a hidden prompt on a terminal. */
  passwordFile: string | undefined;
}

export function credentialsStoreCommand(factory: Factory, run = runCredentialsStore): Command {
  return verbCommand(
    'store',
    'Store a credential of an instance; the password is read from stdin, a hidden prompt or --file, never argv',
    [
      "printf %s 'S3cure-pass' | ops cloud instance credentials store \\\n" +
        '    4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 --type OPERATING_SYSTEM \\\n' +
        '    --username deploy',
      "printf %s 'Panel-pass' | ops cloud instance credentials store \\\n" +
        '    4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01 --type CONTROL_PANEL \\\n' +
        '    --username admin@example.com',
    ],
  )
    .addArgument(instanceArgument())
    .addOption(
      required(
        choiceOption('--type <type>', 'OPERATING_SYSTEM or CONTROL_PANEL (required)', CREDENTIAL_TYPES),
      ),
    )
    .addOption(required(new Option('--username <name>', 'letters, digits and @ . - _ (required)')))
    .option('--file <path>', 'read the password from this file (- for stdin)')
    .action(credentialAction(factory, run));
}

export async function runCredentialsStore(o: CredentialsStoreOptions): Promise<void> {
  const password = await readSecretInput({
    io: o.io,
    label: 'password',
    file: o.passwordFile,
    fileFlag: '--file',
  });
  const stored = await (await o.client()).storeCredential(o.id, {
    type: o.type,
    username: o.username,
    password,
  });
  await o.printer.print(withoutPassword(stored), { columns: CREDENTIAL_COLUMNS });
}
