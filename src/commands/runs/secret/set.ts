import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { type Scope, describeScope } from '../../../clients/runs/refs.js';
import { ApiError, UsageError } from '../../../errors.js';
import type { Io } from '../../../io.js';
import { readSecretInput } from '../../shared/secret-input.js';
import { putSecret, publicKey } from '../scoped.js';
import { sealSecret } from '../seal.js';
import { type RunsBase, addScopeOptions, parseName, start, inScope } from '../shared.js';
import {
  type Visibility,
  type VisibilityFlags,
  addVisibilityOptions,
  parseVisibility,
} from '../visibility.js';

export interface SecretSetOptions extends RunsBase {
  scope: Scope;
  name: string;
  /** The value, read from stdin, a hidden prompt or --file; never from argv. */
  value: string;
  visibility: Visibility | undefined;
  repositoryIds: number[] | undefined;
  /** --visibility or --repos given; else an existing organisation secret keeps its visibility. */
  explicitVisibility: boolean;
}

interface Flags extends VisibilityFlags {
  file?: string;
}

/** The value as every value from stdin or a file is read: one trailing newline dropped (gh). */
export function readValue(io: Io, file: string | undefined): Promise<string> {
  return readSecretInput({ io, label: 'secret value', file, fileFlag: '--file' });
}

export function secretSetCommand(factory: Factory, run = runSecretSet): Command {
  const cmd = verbCommand(
    'set',
    'Create or update a secret: the value from stdin (or --file), sealed to the scope’s public key',
    [
      "printf %s 's3cr3t-value' | ops runs secret set API_KEY",
      'head -c 32 /dev/urandom | base64 | ops runs secret set SALT --env production',
      'echo t | ops runs secret set NPM_TOKEN --org octo-org --visibility all',
      'echo k | ops runs secret set DEPLOY_KEY --org octo-org --repos 1296269,1296270',
    ],
    {
      notes: `The value is never taken from the command line. It is encrypted here with a libsodium sealed box
to the public key the service gives for the scope, and only the sealed value is sent. One trailing
newline (what echo adds) is dropped, nothing else.`,
    },
  )
    .argument('<name>', 'the secret name (letters, digits, underscores)')
    .option('--file <path>', 'read the value from this file (- is stdin)')
    .allowExcessArguments(true);
  addScopeOptions(cmd);
  addVisibilityOptions(cmd);
  return cmd.action(async (rawName: string, o: Flags, c: Command) => {
    if (c.args.length > 1)
      throw new UsageError(
        'a secret value is never taken from the command line',
        `pipe it on stdin: printf %s "$VALUE" | ops runs secret set ${rawName}; or give --file FILE`,
      );
    const name = parseName('secret name', rawName);
    const { visibility, repositoryIds, explicit } = parseVisibility(o);
    const { base, scope, value } = await start(factory, c, o, {
      stdinUsed: o.file === undefined || o.file === '-' ? 'the secret value' : undefined,
      // The value is read before the token is checked, as the scope is.
      scope: async (ctx) => ({ ...(await inScope(o)(ctx)), value: await readValue(factory.io, o.file) }),
    });
    await run({
      ...base,
      scope,
      name,
      value,
      visibility,
      repositoryIds,
      explicitVisibility: explicit,
    });
  });
}

export async function runSecretSet(o: SecretSetOptions): Promise<void> {
  const client = await o.client();
  let visibility = o.visibility;
  if (o.scope.kind === 'org' && !o.explicitVisibility) {
    // The service needs a visibility on every write: keep the one the secret has.
    try {
      visibility = (await client.getOrgSecret(o.scope.org, o.name)).visibility ?? visibility;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 404) throw err;
    }
  }
  const key = await publicKey(client, o.scope);
  const encrypted = await sealSecret(key.key, o.value);
  const result = await putSecret(client, o.scope, o.name, {
    encrypted_value: encrypted,
    key_id: key.key_id,
    ...(visibility ? { visibility } : {}),
    ...(o.repositoryIds ? { selected_repository_ids: o.repositoryIds } : {}),
  });
  await o.printer.print({
    name: o.name,
    scope: describeScope(o.scope),
    result,
    key_id: key.key_id,
    ...(visibility ? { visibility } : {}),
    ...(o.repositoryIds ? { selected_repository_ids: o.repositoryIds } : {}),
  });
}
