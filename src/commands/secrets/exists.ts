import type { KvLocation, SecretsClient } from '../../clients/secrets/client.js';
import { planning } from '../../clients/http/planning.js';
import { ApiError, type Missing, NetworkError, NotFoundError, namedNotFound } from '../../errors.js';

/*
 * The store answers 204 to a delete whether or not the thing was there, so a delete reads first, after
 * confirming (docs/grammar.md, "Outcomes": a delete of something missing is exit 3). The read is a
 * planned one: `--dry-run` sends it and names it. The read only asks whether the thing is there, so
 * its status alone answers: a 404 stops the delete, as the same miss stops a read (one line, the
 * service and `(HTTP 404)`); a 2xx with any body, even one that is not what a read would print (a
 * vendor's mock answers 200 with nothing), means it is there. A token that may delete but not read
 * (403), or a path that has no read (405), goes on to the delete.
 */

/** The answer of a read; its 404 as `missing`; undefined for a refusal or a 2xx whose body is unreadable. */
async function lookFirst<T>(read: () => Promise<T>): Promise<T | { missing: ApiError } | undefined> {
  try {
    return await planning(read);
  } catch (err) {
    if (err instanceof NetworkError && err.answered !== undefined && err.answered < 300) return undefined;
    if (!(err instanceof ApiError)) throw err;
    return err.status === 404 ? { missing: err } : undefined;
  }
}

const isMissing = (r: unknown): r is { missing: ApiError } =>
  typeof r === 'object' && r !== null && 'missing' in r;

/** The 404 of the read, named as any read's 404 is. */
const missed = (r: { missing: ApiError }, m: Missing) => namedNotFound(r.missing, m);

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
  const secret: Missing = { kind: 'secret', id: loc.key, where, hint: listHint(loc) };
  if (loc.version === 1) {
    const r = await lookFirst(() => client.kvV1Read(loc));
    if (isMissing(r)) throw missed(r, secret);
    if (r?.status === 404) throw new NotFoundError(secret, { service: 'secrets', status: 404 });
    return;
  }
  const meta = await lookFirst(() => client.kvV2ReadMetadata(loc));
  if (isMissing(meta)) throw missed(meta, secret);
  const known = meta?.data?.versions;
  const absent = known ? (versions ?? []).filter((v) => !(String(v) in known)) : [];
  if (absent.length)
    throw new NotFoundError(
      {
        kind: absent.length === 1 ? 'version' : 'versions',
        id: absent.join(','),
        where: `secret ${loc.mount}${loc.key}`,
        hint: `\`ops secrets kv metadata get ${loc.mount}${loc.key}\` lists its versions`,
      },
      { service: 'secrets' },
    );
}

/** Any path: read first (`GET /v1/<path>`); its 404 is exit 3 naming the path. */
export async function requirePath(client: SecretsClient, path: string): Promise<void> {
  const r = await lookFirst(() => client.read(path));
  if (isMissing(r))
    throw missed(r, {
      kind: 'path',
      id: path,
      where: 'the secrets store',
      hint: '`ops secrets list <dir>` shows what a directory holds',
    });
}
