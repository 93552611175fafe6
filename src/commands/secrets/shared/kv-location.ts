import type { KvLocation } from '../../../clients/secrets/client.js';
import { UsageError } from '../../../errors.js';

/** Versions of KV v2 only: a usage error (exit 2) on a version 1 mount. */
export function requireV2(loc: KvLocation, what: string): void {
  if (loc.version !== 2)
    throw new UsageError(`${what} needs a KV version 2 mount; ${loc.mount} is version 1`);
}

/** A KV command needs a key, not the mount itself. */
export function requireKey(loc: KvLocation, path: string): void {
  if (loc.key === '' || loc.key.endsWith('/'))
    throw new UsageError(
      `"${path}" names a mount or a directory, not a secret`,
      'give the path of a secret, e.g. secret/app/db',
    );
}
