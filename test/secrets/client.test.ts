import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headerAuth } from '../../src/clients/http/auth.js';
import { createHttpClient } from '../../src/clients/http/client.js';
import { Redactor } from '../../src/clients/http/redact.js';
import { createSecretsClient } from '../../src/clients/secrets/client.js';
import { descriptor } from '../../src/clients/secrets/index.js';
import { ApiError, UsageError } from '../../src/errors.js';

const ORIGIN = 'http://secrets.test';
const JSON_HEADERS = { headers: { 'content-type': 'application/json' } };

interface Seen {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

let agent: MockAgent;
let seen: Seen[];

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  seen = [];
});
afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

function client(o: { namespace?: string; retries?: number } = {}) {
  const reader = {
    get: (k: string) => ({ token: 'tok-123', namespace: 'profile-ns/' })[k],
    require: () => '',
  };
  const http = createHttpClient({
    service: 'secrets',
    baseUrl: `${ORIGIN}/secrets`,
    auth: headerAuth('X-Secrets-Token', 'tok-123'),
    defaultHeaders: descriptor.defaultHeaders!(reader, 'ops/test'),
    retries: o.retries ?? 2,
    timeoutMs: 2000,
    maxWaitSeconds: 60,
    retryStatuses: descriptor.retryStatuses,
    dispatcher: agent,
    redactor: new Redactor(['tok-123']),
    sleep: async () => undefined,
    parseError: descriptor.parseError,
    hintFor: descriptor.hintFor,
  });
  return createSecretsClient(http, o);
}

/** Answers one request and records what was sent. */
function answer(
  method: string,
  path: string,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  agent
    .get(ORIGIN)
    .intercept({ method, path })
    .reply((req) => {
      seen.push({
        method: req.method,
        path: req.path,
        headers: Object.fromEntries(
          Object.entries(req.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), String(v)]),
        ),
        body:
          req.body === undefined || req.body === null
            ? undefined
            : Buffer.isBuffer(req.body)
              ? req.body.toString()
              : String(req.body),
      });
      return {
        statusCode: status,
        data: body === undefined ? '' : JSON.stringify(body),
        responseOptions: { headers: { ...JSON_HEADERS.headers, ...headers } },
      };
    });
}

const env = (data: unknown, extra: Record<string, unknown> = {}) => ({
  request_id: 'r',
  lease_id: '',
  renewable: false,
  lease_duration: 0,
  data,
  wrap_info: null,
  warnings: null,
  auth: null,
  ...extra,
});
const v2Mount = env({ path: 'secret/', type: 'kv', options: { version: '2' } });

describe('secrets client: requests', () => {
  it('sends the token, X-Secrets-Request and the namespace override on every request', async () => {
    answer('GET', '/secrets/v1/sys/seal-status', 200, {
      sealed: false,
      t: 1,
      n: 1,
      progress: 0,
      initialized: true,
    });
    await client({ namespace: 'admin/' }).sealStatus();
    expect(seen[0]!.headers).toMatchObject({
      'x-secrets-token': 'tok-123',
      'x-secrets-request': 'true',
      'x-secrets-namespace': 'admin/',
    });
  });

  it("keeps the profile's namespace when no override is given", async () => {
    answer('GET', '/secrets/v1/sys/seal-status', 200, { sealed: false });
    await client().sealStatus();
    expect(seen[0]!.headers['x-secrets-namespace']).toBe('profile-ns/');
  });

  it('detects KV v2 with the mounts preflight once per client and rewrites to data/', async () => {
    const c = client();
    answer('GET', '/secrets/v1/sys/internal/ui/mounts/secret/app/db', 200, v2Mount);
    answer(
      'GET',
      '/secrets/v1/secret/data/app/db?version=2',
      200,
      env({ data: { a: 1 }, metadata: { version: 2 } }),
    );
    answer('GET', '/secrets/v1/secret/metadata/app/other', 200, env({ current_version: 1, versions: {} }));
    const loc = await c.locateKv('secret/app/db');
    expect(loc).toEqual({ mount: 'secret/', version: 2, key: 'app/db' });
    expect((await c.kvV2Read(loc, 2)).body.data).toEqual({ data: { a: 1 }, metadata: { version: 2 } });
    const again = await c.locateKv('secret/app/other');
    expect(again.key).toBe('app/other');
    await c.kvV2ReadMetadata(again);
    expect(seen.filter((s) => s.path.includes('internal/ui/mounts'))).toHaveLength(1);
  });

  it('takes a mount that answers no version, or a 404 preflight, as KV v1', async () => {
    answer(
      'GET',
      '/secrets/v1/sys/internal/ui/mounts/kv/app/x',
      200,
      env({ path: 'kv/', type: 'kv', options: null }),
    );
    expect(await client().locateKv('kv/app/x')).toEqual({ mount: 'kv/', version: 1, key: 'app/x' });
    answer('GET', '/secrets/v1/sys/internal/ui/mounts/old/app', 404, { errors: [] });
    expect(await client().locateKv('old/app')).toEqual({ mount: 'old/', version: 1, key: 'app' });
  });

  it('asks about the mount given with --mount and keeps the whole path as the key', async () => {
    answer(
      'GET',
      '/secrets/v1/sys/internal/ui/mounts/team-kv',
      200,
      env({ path: 'team-kv/', type: 'kv', options: { version: '2' } }),
    );
    expect(await client().locateKv('app/db', 'team-kv')).toEqual({
      mount: 'team-kv/',
      version: 2,
      key: 'app/db',
    });
  });

  it('writes KV v2 data with cas, patches as a merge patch, and deletes versions', async () => {
    const c = client();
    const loc = { mount: 'secret/', version: 2 as const, key: 'app/db' };
    answer('POST', '/secrets/v1/secret/data/app/db', 200, env({ version: 3 }));
    answer('PATCH', '/secrets/v1/secret/data/app/db', 200, env({ version: 4 }));
    answer('POST', '/secrets/v1/secret/delete/app/db', 204);
    answer('POST', '/secrets/v1/secret/undelete/app/db', 204);
    answer('POST', '/secrets/v1/secret/destroy/app/db', 204);
    answer('DELETE', '/secrets/v1/secret/data/app/db', 204);
    answer('DELETE', '/secrets/v1/secret/metadata/app/db', 204);
    answer('POST', '/secrets/v1/secret/metadata/app/db', 204);
    await c.kvV2Write(loc, { password: 'p' }, 2);
    await c.kvV2Patch(loc, { password: null });
    await c.kvV2DeleteVersions(loc, [1, 2]);
    await c.kvV2UndeleteVersions(loc, [1]);
    await c.kvV2DestroyVersions(loc, [2]);
    await c.kvV2Delete(loc);
    await c.kvV2DeleteMetadata(loc);
    await c.kvV2WriteMetadata(loc, { max_versions: 3 });
    expect(JSON.parse(seen[0]!.body!)).toEqual({ data: { password: 'p' }, options: { cas: 2 } });
    expect(seen[1]!.headers['content-type']).toBe('application/merge-patch+json');
    expect(JSON.parse(seen[1]!.body!)).toEqual({ data: { password: null } });
    expect(JSON.parse(seen[2]!.body!)).toEqual({ versions: [1, 2] });
    expect(JSON.parse(seen[7]!.body!)).toEqual({ max_versions: 3 });
  });

  it('encodes each path segment and keeps the slashes', async () => {
    answer('GET', '/secrets/v1/kv/a%20b/c%3Fd', 200, env({ x: 1 }));
    await client().read('kv/a b/c?d');
    expect(seen[0]!.path).toBe('/secrets/v1/kv/a%20b/c%3Fd');
  });

  it('logs in without a token and returns the auth block', async () => {
    answer(
      'POST',
      '/secrets/v1/auth/userpass/login/alice',
      200,
      env(null, { auth: { client_token: 's.new', policies: ['default'] } }),
    );
    const auth = await client().login('userpass', 'login/alice', { password: 'pw' });
    expect(auth.client_token).toBe('s.new');
    expect(seen[0]!.headers['x-secrets-token']).toBeUndefined();
    expect(JSON.parse(seen[0]!.body!)).toEqual({ password: 'pw' });
  });

  it('checks a given token with lookup-self', async () => {
    answer('GET', '/secrets/v1/auth/token/lookup-self', 200, env({ id: 'other', policies: ['x'] }));
    await client().tokenLookUpSelf('other');
    expect(seen[0]!.headers['x-secrets-token']).toBe('other');
  });

  it('answers every health status as a result, standby overrides in the query', async () => {
    for (const status of [200, 429, 472, 473, 501, 503]) {
      answer('GET', '/secrets/v1/sys/health?standbyok=true', status, {
        initialized: status !== 501,
        sealed: status === 503,
        standby: status === 429,
      });
      expect((await client().readHealthStatus({ standbyok: true })).status).toBe(status);
    }
  });
});

describe('secrets client: lists, 404s and errors', () => {
  it('lists with GET ?list=true on the directory path; 404 {errors: []} is an empty list', async () => {
    answer('GET', '/secrets/v1/kv/app/?list=true', 200, env({ keys: ['a', 'b/'] }));
    answer('GET', '/secrets/v1/kv/none/?list=true', 404, { errors: [] });
    const keys: string[] = [];
    for await (const k of client().list('kv/app')) keys.push(k);
    expect(keys).toEqual(['a', 'b/']);
    const none: string[] = [];
    for await (const k of client().list('kv/none')) none.push(k);
    expect(none).toEqual([]);
  });

  it('takes a 404 that carries data as a result (a deleted KV v2 version)', async () => {
    const deleted = env({
      data: null,
      metadata: { version: 2, deletion_time: '2024-01-01T00:00:00Z', destroyed: false },
    });
    answer('GET', '/secrets/v1/secret/data/app/db', 404, deleted);
    const r = await client().kvV2Read({ mount: 'secret/', version: 2, key: 'app/db' });
    expect(r.status).toBe(404);
    expect(r.body.data?.metadata.version).toBe(2);
  });

  it('turns 404 {errors: []} into "no value found" and a warnings-only 404 into its warning', async () => {
    answer('GET', '/secrets/v1/kv/none', 404, { errors: [] });
    answer(
      'GET',
      '/secrets/v1/secret/app',
      404,
      env(null, { warnings: ['Invalid path for a versioned K/V secrets engine.'] }),
    );
    await expect(client().read('kv/none')).rejects.toMatchObject({
      message: 'no value found at kv/none',
      exitCode: 3,
    });
    await expect(client().read('secret/app')).rejects.toThrow(/Invalid path for a versioned K\/V/);
  });

  it('retries 412 with backoff and then succeeds, for writes too', async () => {
    answer('POST', '/secrets/v1/kv/app/x', 412, { errors: ['required index state not present'] });
    answer('POST', '/secrets/v1/kv/app/x', 204);
    await client().write('kv/app/x', { a: 1 });
    expect(seen).toHaveLength(2);
  });

  it.each([
    [400, ['check-and-set parameter did not match the current version'], 1],
    [403, ['permission denied'], 4],
    [404, ['no handler for route "x"'], 3],
    [405, ['unsupported operation'], 1],
    [412, ['eventually consistent'], 1],
    [429, ['rate limit quota exceeded'], 5],
    [500, ['internal error'], 7],
    [501, ['the secrets store is not initialized'], 7],
    [502, ['upstream failed'], 7],
    [503, ['the secrets store is sealed'], 7],
  ])('maps HTTP %i %j to exit code %i after the retries', async (status, errors, code) => {
    const retryable = [412, 429, 502, 503].includes(status);
    for (let i = 0; i < (retryable ? 2 : 1); i++) answer('GET', '/secrets/v1/kv/x', status, { errors });
    const err = await client({ retries: retryable ? 1 : 0 })
      .read('kv/x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).exitCode).toBe(code);
    expect((err as ApiError).message).toBe(errors[0]);
  });

  it('joins the errors of a multi-error string into one line and hints at unsealing', async () => {
    answer('GET', '/secrets/v1/kv/x', 400, { errors: ['2 errors occurred:\n\t* first\n\t* second\n\n'] });
    await expect(client().read('kv/x')).rejects.toMatchObject({ message: 'first; second' });
    answer('GET', '/secrets/v1/kv/y', 503, { errors: ['the secrets store is sealed'] });
    await expect(client({ retries: 0 }).read('kv/y')).rejects.toMatchObject({
      hint: expect.stringMatching(/operator unseal/),
    });
  });

  it('refuses a path ending in a period and a body over 32 MB before sending anything', async () => {
    await expect(client().read('kv/app.')).rejects.toBeInstanceOf(UsageError);
    await expect(client().locateKv('secret/x./')).rejects.toBeInstanceOf(UsageError);
    await expect(client().write('kv/big', { v: 'x'.repeat(32 * 1024 * 1024) })).rejects.toThrow(
      /over the secrets store's 32 MB limit/,
    );
    await expect(client().read('kv/../sys')).rejects.toBeInstanceOf(UsageError);
    expect(seen).toHaveLength(0);
  });
});
