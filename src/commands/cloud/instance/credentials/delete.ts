import { instanceArgument } from '../../pick-instance.js';
import { resolveInstance } from '../../names.js';
import { verbCommand } from '../../../shared/verbs.js';
import type { Command } from 'commander';
import type { Context, Factory } from '../../../../app/types.js';
import {
  CREDENTIAL_TYPES,
  type CredentialType,
  type CredentialWire,
} from '../../../../clients/cloud/types.js';
import { UsageError } from '../../../../errors.js';
import { type CloudRunBase, start, planRead } from '../../shared.js';
import { instanceId } from '../shared.js';
import { parseCredentialType, parseUsername } from './shared.js';
import { choiceOption } from '../../../shared/choices.js';
import { printDeleted } from '../../../shared/outcome.js';

export interface CredentialsDeleteOptions extends CloudRunBase {
  id: string;
  /** One credential, or every one with `all`. */
  type: CredentialType | undefined;
  username: string | undefined;
  all: boolean;
  confirm: Context['confirm'];
}

export function parseCredentialsDeleteFlags(o: { type?: string; username?: string; all?: boolean }) {
  if (o.all) {
    if (o.type !== undefined || o.username !== undefined)
      throw new UsageError(
        '--all cannot be combined with --type or --username',
        'give one credential, or --all',
      );
    return { type: undefined, username: undefined, all: true };
  }
  if (o.type === undefined && o.username === undefined)
    throw new UsageError(
      'say which credential to delete',
      'give --type and --username, or --all for every one',
    );
  return { type: parseCredentialType(o.type), username: parseUsername(o.username), all: false };
}

export function credentialsDeleteCommand(factory: Factory, run = runCredentialsDelete): Command {
  return verbCommand('delete', 'Delete one credential of an instance, or all of them with --all', [
    'ops cloud instance credentials delete 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03 \\\n' +
      '    --type OPERATING_SYSTEM --username root --yes',
    'ops cloud instance credentials delete 4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b05 \\\n' + '    --all --yes',
  ])
    .addArgument(instanceArgument())
    .addOption(choiceOption('--type <type>', 'OPERATING_SYSTEM or CONTROL_PANEL', CREDENTIAL_TYPES))
    .option('--username <name>', 'the account name')
    .option('--all', 'every credential of the instance')
    .action(async (raw: string, o: { type?: string; username?: string; all?: boolean }, c: Command) => {
      const ref = instanceId(raw);
      const which = parseCredentialsDeleteFlags(o);
      const { ctx, base } = await start(factory, c);
      const id = await resolveInstance(base, ref);
      await run({ ...base, id, ...which, confirm: (a) => ctx.confirm(a) });
    });
}

/** Prints what was deleted: the credential, or with --all the list as it was. */
export async function runCredentialsDelete(o: CredentialsDeleteOptions): Promise<void> {
  if (o.all) {
    const before = (await planRead(o, (c) => c.getCredentialList(o.id))) ?? [];
    await o.confirm(`Delete all ${before.length || ''} credentials of instance ${o.id}`.replace('  ', ' '));
    await (await o.client()).deleteCredentials(o.id);
    return printDeleted(o, 'credentials of instance', o.id);
  }
  const cred: CredentialWire = { type: o.type!, username: o.username! };
  await o.confirm(`Delete the ${cred.type} credential "${cred.username}" of instance ${o.id}`);
  await (await o.client()).deleteCredential(o.id, cred.type, cred.username);
  await printDeleted(o, `${cred.type} credential`, cred.username);
}
