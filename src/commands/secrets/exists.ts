import type { KvLocation, SecretsClient } from '../../clients/secrets/client.js';
import { planning } from '../../clients/http/planning.js';
import { ApiError, NotFoundError } from '../../errors.js';

/*
 * The store answers 204 to a delete whether or not the thing was there, so a delete reads first, after
 * confirming (docs/grammar.md, "Outcomes": a delete of something missing is exit 3). The read is a
 * planned one: `--dry-run` sends it and names it. Only its 404 stops the delete: a token that may
 * delete but not read (403), or a path that has no read (405), goes on to the delete.
 */

/** The answer of a read, or `missing` when it was a 404; any other refusal lets the delete go on. */
async function lookFirst<T>(read: () => Promise<T>): Promise<T | 'missing' | undefined> {
  try {
    return await planning(read);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return err.status === 404 ? 'missing' : undefined;
  }
}

const listHint = (loc: KvLocation) =>
  `\`ops secrets kv list ${loc.mount}\` shows its secrets; --mount names another mount`;

/**
 * A KV secret (and, on v2, each of `versions`) exists, else exit 3 naming it and its mount: the
 * metadata on v2, the secret itself on v1 (which has no metadata).
 */
export async function requireKvSecret(
  client: SecretsClient,
  loc: KvLocation,
  versions?: number[],
): Promise<void> {
  const where = `mount ${loc.mount}`;
  if (loc.version === 1) {
    const r = await lookFirst(() => client.kvV1Read(loc));
    if (r === 'missing' || r?.status === 404)
      throw new NotFoundError({ kind: 'secret', id: loc.key, where, hint: listHint(loc) });
    return;
  }
  const meta = await lookFirst(() => client.kvV2ReadMetadata(loc));
  if (meta === 'missing' || (meta && !meta.data))
    throw new NotFoundError({ kind: 'secret', id: loc.key, where, hint: listHint(loc) });
  const known = meta?.data?.versions;
  const absent = known ? (versions ?? []).filter((v) => !(String(v) in known)) : [];
  if (absent.length)
    throw new NotFoundError({
      kind: absent.length === 1 ? 'version' : 'versions',
      id: absent.join(','),
      where: `secret ${loc.mount}${loc.key}`,
      hint: `\`ops secrets kv metadata get ${loc.mount}${loc.key}\` lists its versions`,
    });
}

/** Any path: read first (`GET /v1/<path>`); its 404 is exit 3 naming the path. */
export async function requirePath(client: SecretsClient, path: string): Promise<void> {
  const r = await lookFirst(() => client.read(path));
  if (r === 'missing')
    throw new NotFoundError({
      kind: 'path',
      id: path,
      where: 'the secrets store',
      hint: '`ops secrets list <dir>` shows what a directory holds',
    });
}
