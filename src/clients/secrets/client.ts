import { ApiError, NetworkError, UsageError } from '../../errors.js';
import { headerAuth } from '../http/auth.js';
import { paginate } from '../http/paginate.js';
import { badAnswer, isObject } from '../http/parse-error.js';
import type { HttpClient, HttpResponse, QueryValue, RequestSpec } from '../http/types.js';
import { encodePath } from '../http/url.js';
import type {
  AuthWire,
  EnvelopeWire,
  HealthWire,
  HelpWire,
  InitRequestWire,
  InitResponseWire,
  KvV2MetadataWire,
  KvV2MetadataWriteWire,
  KvV2ReadWire,
  KvVersionMetaWire,
  ListWire,
  MountInfoWire,
  SealStatusWire,
  TokenLookupWire,
} from './types.js';

/** The listener's default request size limit (seed, Limits A); larger bodies are refused before sending. */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

/** The health statuses that describe the server rather than fail the request (reference A.1). */
export const HEALTH_STATUSES = [200, 429, 472, 473, 501, 503] as const;

export interface SecretsClientOptions {
  /** Sent as `X-Secrets-Namespace` on every request, over the profile's setting (`--namespace`). */
  namespace?: string | undefined;
}

/** Where a KV path lives: its mount (as the server names it), the engine version and the key inside. */
export interface KvLocation {
  mount: string;
  version: 1 | 2;
  key: string;
}

/** A read that may be a 404 carrying data (a deleted KV v2 version) rather than an error. */
export interface ReadResult<T> {
  status: number;
  body: EnvelopeWire<T>;
}

/**
 * Refuses what the server would refuse with "404 unsupported path": a path whose parameter ends in a
 * period (seed, Resources A), plus the `.`/`..` segments every client refuses.
 */
export function secretPath(raw: string, what = 'path'): string {
  const path = raw.replace(/^\/+/, '');
  if (path === '') throw new UsageError(`the ${what} is empty`, 'give a path such as secret/app/db');
  if (path.replace(/\/+$/, '').endsWith('.')) {
    throw new UsageError(
      `${what} "${raw}" ends in a period, which the secrets store refuses`,
      'remove the trailing "."',
    );
  }
  return encodePath(path, what);
}

function v1(path: string, dir = false): string {
  const p = secretPath(path);
  return `/v1/${dir && !p.endsWith('/') ? `${p}/` : p}`;
}

/**
 * Encodes a JSON body ourselves, so the size limit is checked before sending. A body that carries
 * secret values is marked sensitive: --debug and --dry-run show its shape, never its values.
 */
function jsonBody(
  body: unknown,
  sensitive: boolean,
): { rawBody: string; sensitive: boolean; headers: Record<string, string> } {
  const text = JSON.stringify(body);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_REQUEST_BYTES) {
    throw new UsageError(
      `request body is ${(bytes / 1024 / 1024).toFixed(1)} MB, over the secrets store's 32 MB limit`,
      'split the data over several keys',
    );
  }
  return { rawBody: text, sensitive, headers: { 'content-type': 'application/json' } };
}

/** A KV v2 write's secret values are its `data`; its `options` (`cas`) are not. */
const KV2_SECRETS = [{ path: 'data' }];

function rethrow(err: ApiError, message: string, hint?: string): ApiError {
  return new ApiError({
    status: err.status,
    service: err.service,
    message,
    code: err.code,
    requestId: err.requestId,
    retryAfter: err.retryAfter,
    body: err.body,
    hint: hint ?? err.hint,
  });
}

/** `{errors: []}`: the store's way of saying "nothing here" (missing key, empty LIST). */
function isEmptyAnswer(err: ApiError): boolean {
  const b = err.body as { errors?: unknown } | undefined;
  return Array.isArray(b?.errors) && b.errors.length === 0;
}

/** The key inside a mount, from the path the user typed and the mount the server named. */
function keyIn(path: string, mount: string): string {
  if (path.startsWith(mount)) return path.slice(mount.length);
  if (`${path}/` === mount) return '';
  const slash = path.indexOf('/');
  return slash === -1 ? '' : path.slice(slash + 1);
}

function envelopeOf(body: unknown): EnvelopeWire<unknown> | undefined {
  return body && typeof body === 'object' && !Array.isArray(body) && 'data' in body
    ? (body as EnvelopeWire<unknown>)
    : undefined;
}

export type SecretsClient = ReturnType<typeof createSecretsClient>;

/** What every operation of a client shares: the HTTP client, the namespace, the mounts found. */
function secretsCore(http: HttpClient, o: SecretsClientOptions) {
  const nsHeader: Record<string, string> =
    o.namespace === undefined ? {} : { 'X-Secrets-Namespace': o.namespace };
  const mounts = new Map<string, KvLocation>();

  /**
   * Every request: the namespace override. A sensitive answer (secret values, tokens) is logged by
   * --debug with every value masked. A write is sent again after a failure that may have reached the
   * store only where it is idempotent: PUT and POST are synonyms here (seed rule 1), so each operation
   * says which it is (a KV v2 write adds a version each time it arrives; a KV v1 write is an upsert).
   */
  async function send<T>(spec: RequestSpec, sensitiveAnswer = false): Promise<HttpResponse<T>> {
    return http.request<T>({
      ...spec,
      sensitive: spec.sensitive || sensitiveAnswer,
      headers: { ...nsHeader, ...spec.headers },
    });
  }

  function withBody(
    method: string,
    path: string,
    body: unknown,
    sensitive: boolean,
    extra: Partial<RequestSpec> = {},
  ): RequestSpec {
    const b = jsonBody(body, sensitive);
    return {
      method,
      path,
      ...extra,
      rawBody: b.rawBody,
      sensitive: b.sensitive,
      headers: { ...b.headers, ...extra.headers },
    };
  }

  /** A read where a 404 carrying data or warnings is an answer (reference A.0), and `{errors:[]}` is "no value". */
  async function readAt<T>(
    path: string,
    shown: string,
    query?: Record<string, QueryValue>,
    sensitive = true,
  ): Promise<ReadResult<T>> {
    try {
      const res = await send<EnvelopeWire<T>>({ method: 'GET', path, query, expect: 'object' }, sensitive);
      return { status: res.status, body: res.data };
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 404) throw err;
      const env = envelopeOf(err.body);
      if (env && env.data !== null && env.data !== undefined)
        return { status: 404, body: env as EnvelopeWire<T> };
      if (env?.warnings?.length) throw rethrow(err, `no value at ${shown}: ${env.warnings.join('; ')}`);
      if (isEmptyAnswer(err)) throw rethrow(err, `no value found at ${shown}`);
      throw err;
    }
  }

  /** LIST as `GET ?list=true` (reference A.5: proxies may refuse the LIST verb); 404 `{errors:[]}` is an empty list. */
  async function* listAt(pathOf: () => string): AsyncGenerator<string> {
    const path = pathOf();
    const spec: RequestSpec = {
      method: 'GET',
      path,
      query: { list: 'true' },
      headers: nsHeader,
      idempotent: true,
    };
    try {
      yield* paginate<string>(http, spec, {
        items: (res) => (res.data as EnvelopeWire<ListWire>)?.data?.keys ?? [],
        next: () => undefined,
      });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 404) throw err;
      if (isEmptyAnswer(err)) return;
      const warnings = envelopeOf(err.body)?.warnings;
      if (warnings?.length) throw rethrow(err, `cannot list ${path}: ${warnings.join('; ')}`);
      throw err;
    }
  }

  async function mountInfo(userPath: string): Promise<MountInfoWire | undefined> {
    try {
      const res = await send<EnvelopeWire<MountInfoWire>>({
        method: 'GET',
        path: `/v1/sys/internal/ui/mounts/${secretPath(userPath)}`,
        // The engine version decides every later path: --dry-run looks it up, then shows the request.
        plan: true,
      });
      return res.data?.data ?? undefined;
    } catch (err) {
      // An old server has no such route: the vendor CLI then assumes KV version 1 (reference A.2).
      if (err instanceof ApiError && err.status === 404) return undefined;
      throw err;
    }
  }

  const kv2 = (loc: KvLocation, section: string, dir = false) => v1(`${loc.mount}${section}/${loc.key}`, dir);

  return { http, mounts, send, withBody, readAt, listAt, mountInfo, kv2 };
}

type SecretsCore = ReturnType<typeof secretsCore>;

/** The store's own state: health, seal status, initialization, unsealing, tokens, logins. */
function systemOperations(core: SecretsCore) {
  const { http, send, withBody } = core;
  return {
    /** `GET sys/health`: the status is the answer; standby kinds may be accepted as active. */
    async readHealthStatus(
      q: { standbyok?: boolean; perfstandbyok?: boolean } = {},
    ): Promise<{ status: number; health: HealthWire }> {
      const query: Record<string, QueryValue> = {};
      if (q.standbyok) query.standbyok = true;
      if (q.perfstandbyok) query.perfstandbyok = true;
      const res = await send<HealthWire>({
        method: 'GET',
        path: '/v1/sys/health',
        query,
        okStatuses: HEALTH_STATUSES,
      });
      return { status: res.status, health: res.data };
    },
    async sealStatus(): Promise<SealStatusWire> {
      return (await send<SealStatusWire>({ method: 'GET', path: '/v1/sys/seal-status', expect: 'object' }))
        .data;
    },
    async initialize(body: InitRequestWire): Promise<InitResponseWire> {
      return (
        await send<InitResponseWire>(
          withBody('PUT', '/v1/sys/init', body, false, { idempotent: false }),
          true,
        )
      ).data;
    },
    async unseal(body: { key: string } | { reset: true }): Promise<SealStatusWire> {
      return (await send<SealStatusWire>(withBody('PUT', '/v1/sys/unseal', body, true))).data;
    },
    async seal(): Promise<void> {
      await send({ method: 'PUT', path: '/v1/sys/seal' });
    },

    /** `GET auth/token/lookup-self`, with the configured token or the one given (login --method token). */
    async tokenLookUpSelf(token?: string): Promise<EnvelopeWire<TokenLookupWire>> {
      const spec: RequestSpec = {
        method: 'GET',
        path: '/v1/auth/token/lookup-self',
        ...(token ? { auth: headerAuth('X-Secrets-Token', token) } : {}),
      };
      return (await send<EnvelopeWire<TokenLookupWire>>(spec, true)).data;
    },
    /** `POST auth/<mount>/login[/<name>]`: no token is sent; the answer's `auth.client_token` is the new token. */
    async login(mount: string, subpath: string, body: Record<string, unknown>): Promise<AuthWire> {
      const path = v1(`auth/${mount.replace(/\/+$/, '')}/${subpath}`);
      const res = await send<EnvelopeWire<null>>(withBody('POST', path, body, true, { auth: false }), true);
      const auth = res.data?.auth;
      if (!auth?.client_token)
        throw new NetworkError(http.service, `${http.service}: the login answer carries no client token`);
      return auth;
    },
  };
}

/** Any path of the store as the vendor CLI reaches it: read, write, list, delete, help. */
function pathOperations(core: SecretsCore) {
  const { send, withBody, readAt, listAt } = core;
  return {
    /** Generic `GET /v1/<path>`. */
    async read<T = Record<string, unknown>>(
      path: string,
      query?: Record<string, QueryValue>,
    ): Promise<ReadResult<T>> {
      return readAt<T>(v1(path), path, query);
    },
    /** Generic write: PUT and POST are synonyms (seed rule 1); 204 gives undefined. */
    async write(path: string, body: Record<string, unknown>): Promise<EnvelopeWire | undefined> {
      return (await send<EnvelopeWire | undefined>(withBody('POST', v1(path), body, true), true)).data;
    },
    list(path: string): AsyncGenerator<string> {
      return listAt(() => v1(path, true));
    },
    async delete(path: string): Promise<EnvelopeWire | undefined> {
      return (await send<EnvelopeWire | undefined>({ method: 'DELETE', path: v1(path) })).data;
    },
    async help(path: string): Promise<HelpWire> {
      return (await send<HelpWire>({ method: 'GET', path: v1(path), query: { help: 1 }, expect: 'object' }))
        .data;
    },
  };
}

/** The KV engines, version 1 and 2, at a location found once by its preflight. */
function kvOperations(core: SecretsCore) {
  const { http, mounts, send, withBody, readAt, listAt, mountInfo, kv2 } = core;
  return {
    /**
     * Finds the mount and KV version of a path with the vendor CLI's preflight (reference A.2), cached
     * for the life of the client. `mount` skips the guessing of where the mount ends.
     */
    async locateKv(path: string, mount?: string): Promise<KvLocation> {
      const clean = path.replace(/^\/+/, '');
      const wanted = mount ? `${mount.replace(/^\/+|\/+$/g, '')}/` : undefined;
      for (const loc of mounts.values()) {
        const hit = wanted ? loc.mount === wanted : clean.startsWith(loc.mount) || `${clean}/` === loc.mount;
        if (hit) return { ...loc, key: wanted ? clean : keyIn(clean, loc.mount) };
      }
      // The server answers for the mount holding any path; no trailing slash keeps it one route.
      const info = await mountInfo((wanted ?? clean).replace(/\/+$/, ''));
      const mountPath = info?.path ?? wanted ?? `${clean.split('/')[0]}/`;
      const version = info?.options?.version === '2' ? 2 : 1;
      mounts.set(mountPath, { mount: mountPath, version, key: '' });
      return { mount: mountPath, version, key: wanted ? clean : keyIn(clean, mountPath) };
    },

    async kvV1Read(loc: KvLocation): Promise<ReadResult<Record<string, unknown>>> {
      const res = await readAt<Record<string, unknown>>(v1(loc.mount + loc.key), loc.mount + loc.key);
      if (!isObject(res.body.data))
        throw badAnswer(http.service, res.status, 'a secret whose data is not an object');
      return res;
    },
    async kvV1Write(loc: KvLocation, data: Record<string, unknown>): Promise<void> {
      await send(withBody('POST', v1(loc.mount + loc.key), data, true, { idempotent: true }));
    },
    async kvV1Delete(loc: KvLocation): Promise<void> {
      await send({ method: 'DELETE', path: v1(loc.mount + loc.key) });
    },
    kvV1List: (loc: KvLocation) => listAt(() => v1(loc.mount + loc.key, true)),

    async kvV2Read(loc: KvLocation, version?: number): Promise<ReadResult<KvV2ReadWire>> {
      const at = version === undefined ? undefined : { version };
      const res = await readAt<KvV2ReadWire>(kv2(loc, 'data'), loc.mount + loc.key, at);
      const read: unknown = res.body.data;
      // A version is its data (null once deleted or destroyed) and its metadata, both objects (reference doc1 A.3).
      if (!isObject(read) || !isObject(read.metadata) || !(read.data === null || isObject(read.data)))
        throw badAnswer(http.service, res.status, 'a secret version whose data or metadata is not an object');
      return res;
    },
    async kvV2Write(
      loc: KvLocation,
      data: Record<string, unknown>,
      cas?: number,
    ): Promise<EnvelopeWire<KvVersionMetaWire>> {
      const body = { data, ...(cas === undefined ? {} : { options: { cas } }) };
      const spec = withBody('POST', kv2(loc, 'data'), body, true, { secretFields: KV2_SECRETS });
      return (await send<EnvelopeWire<KvVersionMetaWire>>(spec)).data;
    },
    /** `PATCH data/<key>` as a JSON merge patch (reference A.3). */
    async kvV2Patch(
      loc: KvLocation,
      data: Record<string, unknown>,
      cas?: number,
    ): Promise<EnvelopeWire<KvVersionMetaWire>> {
      const body = { data, ...(cas === undefined ? {} : { options: { cas } }) };
      const spec = withBody('PATCH', kv2(loc, 'data'), body, true, {
        secretFields: KV2_SECRETS,
        headers: { 'content-type': 'application/merge-patch+json' },
      });
      return (await send<EnvelopeWire<KvVersionMetaWire>>(spec)).data;
    },
    async kvV2Delete(loc: KvLocation): Promise<void> {
      await send({ method: 'DELETE', path: kv2(loc, 'data') });
    },
    async kvV2DeleteVersions(loc: KvLocation, versions: number[]): Promise<void> {
      await send(withBody('POST', kv2(loc, 'delete'), { versions }, false, { idempotent: true }));
    },
    async kvV2UndeleteVersions(loc: KvLocation, versions: number[]): Promise<void> {
      await send(withBody('POST', kv2(loc, 'undelete'), { versions }, false, { idempotent: true }));
    },
    async kvV2DestroyVersions(loc: KvLocation, versions: number[]): Promise<void> {
      await send(withBody('POST', kv2(loc, 'destroy'), { versions }, false, { idempotent: true }));
    },
    async kvV2ReadMetadata(loc: KvLocation): Promise<EnvelopeWire<KvV2MetadataWire>> {
      return (await readAt<KvV2MetadataWire>(kv2(loc, 'metadata'), loc.mount + loc.key, undefined, false))
        .body;
    },
    async kvV2WriteMetadata(loc: KvLocation, body: KvV2MetadataWriteWire): Promise<void> {
      await send(withBody('POST', kv2(loc, 'metadata'), body, false, { idempotent: true }));
    },
    async kvV2DeleteMetadata(loc: KvLocation): Promise<void> {
      await send({ method: 'DELETE', path: kv2(loc, 'metadata') });
    },
    kvV2List: (loc: KvLocation) =>
      listAt(() =>
        loc.key === '' ? `/v1/${secretPath(`${loc.mount}metadata`)}/` : kv2(loc, 'metadata', true),
      ),
  };
}

/** One method per API operation of the secrets store. */
export function createSecretsClient(http: HttpClient, o: SecretsClientOptions = {}) {
  const core = secretsCore(http, o);
  return {
    namespace: o.namespace,
    ...systemOperations(core),
    ...pathOperations(core),
    ...kvOperations(core),
  };
}
