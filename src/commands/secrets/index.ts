import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { secretsDeleteCommand } from './delete.js';
import { secretsHelpCommand } from './help.js';
import { kvDeleteCommand } from './kv/delete.js';
import { kvDestroyCommand } from './kv/destroy.js';
import { kvGetCommand } from './kv/get.js';
import { kvListCommand } from './kv/list.js';
import { kvMetadataDeleteCommand } from './kv/metadata/delete.js';
import { kvMetadataGetCommand } from './kv/metadata/get.js';
import { kvMetadataPutCommand } from './kv/metadata/put.js';
import { kvPatchCommand } from './kv/patch.js';
import { kvPutCommand } from './kv/put.js';
import { kvUndeleteCommand } from './kv/undelete.js';
import { secretsListCommand } from './list.js';
import { secretsLoginCommand } from './login.js';
import { operatorInitCommand } from './operator/init.js';
import { operatorSealCommand } from './operator/seal.js';
import { operatorUnsealCommand } from './operator/unseal.js';
import { secretsReadCommand } from './read.js';
import { STATUS_FIELDS, secretsStatusCommand } from './status.js';
import { secretsWriteCommand } from './write.js';
import { addVerbs, destructive, read, write, groupCommand } from '../shared/verbs.js';
import { KV_METADATA_FIELDS } from '../../clients/secrets/types.js';

/** `ops secrets`: the secrets store of seed 000 A. */
export function register(parent: Command, factory: Factory): void {
  const secrets = groupCommand(
    parent,
    'secrets',
    'Secrets store: status, login, KV secrets (v1 and v2), any path, help',
    [
      'eval "$(ops sandbox env)"',
      'ops secrets status',
      'ops secrets kv get secret/app/db --field password',
      'ops secrets kv put secret/app/db password=- < password.txt',
      'ops secrets list kv/app',
    ],
  )
    // `ops secrets help <path>` is the server's help, not commander's.
    .helpCommand(false);
  addVerbs(
    secrets,
    {
      status: read(secretsStatusCommand, { fields: STATUS_FIELDS }),
      login: write(secretsLoginCommand, { credential: false }),
      read: read(secretsReadCommand, { reveals: true }),
      write: write(secretsWriteCommand),
      list: read(secretsListCommand, { list: true }),
      delete: destructive(secretsDeleteCommand),
      help: read(secretsHelpCommand),
    },
    factory,
  );
  const kv = groupCommand(secrets, 'kv', 'KV secrets, version 1 or 2 (detected per mount)', [
    'ops secrets kv list secret/',
    'ops secrets kv get secret/app/config',
  ]);

  addVerbs(
    kv,
    {
      get: read(kvGetCommand, { reveals: true }),
      put: write(kvPutCommand),
      patch: write(kvPatchCommand),
      list: read(kvListCommand, { list: true }),
      delete: destructive(kvDeleteCommand),
      undelete: write(kvUndeleteCommand),
      destroy: destructive(kvDestroyCommand),
    },
    factory,
  );
  const metadata = groupCommand(kv, 'metadata', 'Metadata of KV v2 secrets', [
    'ops secrets kv metadata get secret/app/db',
  ]);

  addVerbs(
    metadata,
    {
      get: read(kvMetadataGetCommand, { fields: KV_METADATA_FIELDS }),
      put: write(kvMetadataPutCommand),
      delete: destructive(kvMetadataDeleteCommand),
    },
    factory,
  );
  const operator = groupCommand(secrets, 'operator', 'Initialize, unseal and seal the store', [
    'ops secrets operator unseal < keys.txt',
  ]);

  addVerbs(
    operator,
    {
      init: write(operatorInitCommand, { credential: false }),
      unseal: write(operatorUnsealCommand, { credential: false }),
      seal: write(operatorSealCommand, { asks: true }),
    },
    factory,
  );
}

/** `ops sandbox demo`: each step runs against a fresh sandbox. */
export const demo = [
  { title: 'Secrets store: health and seal state', argv: ['secrets', 'status'] },
  { title: 'Secrets store: list the KV v2 mount', argv: ['secrets', 'kv', 'list', 'secret/'] },
  {
    title: 'Secrets store: read a secret (KV v2, detected)',
    argv: ['secrets', 'kv', 'get', 'secret/app/config'],
  },
  {
    title: 'Secrets store: write a new version with check-and-set',
    argv: ['secrets', 'kv', 'put', 'secret/app/config', 'log_level=debug', '--cas', '1'],
  },
  {
    title: 'Secrets store: one value, for scripts',
    argv: ['secrets', 'kv', 'get', 'secret/app/db', '--field', 'password'],
  },
  { title: 'Secrets store: a KV v1 secret', argv: ['secrets', 'kv', 'get', 'kv/app/legacy'] },
  {
    title: 'Secrets store: the same secret through a namespace header',
    argv: ['secrets', 'kv', 'get', 'secret/app/config', '--namespace', 'admin'],
  },
];
