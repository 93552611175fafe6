import {
  CREDENTIAL_TYPES,
  type CredentialType,
  type CredentialWire,
} from '../../../../clients/cloud/types.js';
import { UsageError } from '../../../../errors.js';
import type { Column } from '../../../../output/printer.js';
import { parseChoice } from '../../shared.js';

/** The seed: only alphanumerics and `@ . - _`. */
const USERNAME = /^[A-Za-z0-9@._-]+$/;

export function parseCredentialType(raw: string | undefined, required = true): CredentialType | undefined {
  if (raw === undefined) {
    if (required) throw new UsageError('--type is required', `give ${CREDENTIAL_TYPES.join(' or ')}`);
    return undefined;
  }
  return parseChoice('--type', raw, CREDENTIAL_TYPES);
}

export function parseUsername(raw: string | undefined): string {
  if (raw === undefined || raw === '')
    throw new UsageError('--username is required', 'give the account name');
  if (!USERNAME.test(raw))
    throw new UsageError(
      `invalid --username "${raw}"`,
      'use only letters, digits and the characters @ . - _',
    );
  return raw;
}

/** The credential without its password: what every command but `get --show-password` prints. */
export function withoutPassword(c: CredentialWire): CredentialWire {
  return { type: c.type, username: c.username };
}

export const CREDENTIAL_COLUMNS: Column<CredentialWire>[] = [
  { header: 'type', get: (c) => c.type },
  { header: 'username', get: (c) => c.username },
];
