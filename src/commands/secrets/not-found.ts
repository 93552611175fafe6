import type { KvLocation, SecretsClient } from '../../clients/secrets/client.js';
import type { Missing } from '../../errors.js';
import { namingNotFound } from '../shared/not-found.js';

const inMount =
  (kind: string) =>
  (loc: unknown): Missing => {
    const l = loc as KvLocation;
    return {
      kind,
      id: l.key,
      where: `mount ${l.mount}`,
      hint: `\`ops secrets kv list ${l.mount}\` shows its secrets; --mount names another mount`,
    };
  };
const atPath =
  (kind: string) =>
  (path: unknown): Missing => ({
    kind,
    id: String(path),
    where: 'the secrets store',
    hint: '`ops secrets list <dir>` shows what a directory holds',
  });

const mountOf = (loc: unknown): Missing => ({
  kind: 'mount',
  id: (loc as KvLocation).mount,
  where: 'the secrets store',
  hint: '`ops secrets read sys/internal/ui/mounts` lists the mounts; --mount names one',
});

/** What each operation looks for (docs/grammar.md, "Errors"): a secret in its mount, else a path. */
const MISSING: Partial<Record<keyof SecretsClient, (...a: unknown[]) => Missing>> = {
  read: atPath('path'),
  write: atPath('path'),
  kvV1Write: mountOf,
  kvV2Write: mountOf,
  kvV2WriteMetadata: mountOf,
  delete: atPath('path'),
  kvV1Delete: inMount('secret'),
  kvV2Delete: inMount('secret'),
  kvV2DeleteMetadata: inMount('secret'),
  list: atPath('directory'),
  help: atPath('path'),
  kvV1Read: inMount('secret'),
  kvV1List: inMount('directory'),
  kvV2Read: inMount('secret'),
  kvV2List: inMount('directory'),
  kvV2ReadMetadata: inMount('secret'),
  kvV2Patch: inMount('secret'),
  kvV2UndeleteVersions: inMount('secret'),
  kvV2DestroyVersions: inMount('secret'),
  kvV2DeleteVersions: inMount('secret'),
};

/** The client, each 404 naming the secret and its mount, or the path. */
export function namingSecretsNotFound(client: SecretsClient): SecretsClient {
  return namingNotFound(
    client,
    (op, args) => MISSING[op as keyof SecretsClient]?.(...args),
    // The store's warnings say why (`Invalid path for a versioned K/V secrets engine…`): kept.
    (err) => {
      const warnings = (err as { body?: { warnings?: unknown } })?.body?.warnings;
      return Array.isArray(warnings) && warnings.length ? warnings.join('; ') : undefined;
    },
  );
}
