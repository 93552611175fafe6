import {
  CREDENTIAL_TYPES,
  type CredentialType,
  type CredentialWire,
} from '../../../../clients/cloud/types.js';
import { UsageError } from '../../../../errors.js';
import type { Column } from '../../../../output/printer.js';
import type { Command } from 'commander';
import type { Factory } from '../../../../app/types.js';
import type { Io } from '../../../../io.js';
import { type CloudRunBase, start, parseChoice } from '../../shared.js';
import { instanceId } from '../shared.js';
import { resolveInstance } from '../../names.js';

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

/**
 * The action of `credentials store` and `update`: the instance, `--type`, `--username` and the
 * password's `--file` (else stdin, which `--token-stdin` then cannot share).
 */
export function credentialAction(
  factory: Factory,
  run: (
    o: CloudRunBase & {
      io: Io;
      id: string;
      type: CredentialType;
      username: string;
      passwordFile: string | undefined;
    },
  ) => Promise<void>,
) {
  return async (raw: string, o: { type?: string; username?: string; file?: string }, c: Command) => {
    const ref = instanceId(raw);
    const type = parseCredentialType(o.type)!;
    const username = parseUsername(o.username);
    const { ctx, base } = await start(
      factory,
      c,
      {},
      {
        stdinUsed: o.file === undefined || o.file === '-' ? 'the password' : undefined,
      },
    );
    const id = await resolveInstance(base, ref);
    await run({ ...base, io: ctx.io, id, type, username, passwordFile: o.file });
  };
}
