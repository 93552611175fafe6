import { describe, expect, it } from 'vitest';
import { UNSEAL_KEYS } from '../../src/sandbox/secrets/seed.js';
import { directEmulator } from './emulator-helpers.js';

const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

describe('secrets emulator: server state', () => {
  it('answers sys/health 200 with the raw (not enveloped) body when active', async () => {
    const { call } = directEmulator();
    const r = await call('GET', '/v1/sys/health', { token: null });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      initialized: true,
      sealed: false,
      standby: false,
      performance_standby: false,
      version: '1.15.0',
    });
    expect(r.body).not.toHaveProperty('data');
    expect(r.body.cluster_id).toEqual(expect.any(String));
  });

  it.each([
    [{ 'secrets.mode': 'standby' }, '', 429],
    [{ 'secrets.mode': 'standby' }, 'standbyok=true', 200],
    [{ 'secrets.mode': 'standby' }, 'standbycode=299', 299],
    [{ 'secrets.mode': 'perfstandby' }, '', 473],
    [{ 'secrets.mode': 'perfstandby' }, 'perfstandbyok=true', 200],
    [{ 'secrets.mode': 'perfstandby' }, 'performancestandbycode=298', 298],
    [{ 'secrets.mode': 'drsecondary' }, '', 472],
    [{ 'secrets.mode': 'drsecondary' }, 'drsecondarycode=297', 297],
    [{ 'secrets.state': 'sealed' }, '', 503],
    [{ 'secrets.state': 'sealed' }, 'sealedcode=200', 200],
    [{ 'secrets.state': 'uninitialized' }, '', 501],
    [{ 'secrets.state': 'uninitialized' }, 'uninitcode=204', 204],
    [{}, 'activecode=201', 201],
    [{}, 'activecode=abc', 400],
  ])('sys/health with settings %o and query "%s" answers %i', async (settings, query, status) => {
    const { call } = directEmulator(settings);
    const r = await call('GET', `/v1/sys/health?${query}`, { token: null });
    expect(r.status).toBe(status);
  });

  it('answers HEAD sys/health with the status only, and 405 to DELETE', async () => {
    const { call } = directEmulator({ 'secrets.state': 'sealed' });
    expect((await call('HEAD', '/v1/sys/health')).status).toBe(503);
    const del = await call('DELETE', '/v1/sys/health');
    expect(del).toMatchObject({ status: 405, body: { errors: ['unsupported operation'] } });
  });

  it('seals with a root token, refuses data while sealed, and unseals with 2 of the 3 documented keys', async () => {
    const { call } = directEmulator();
    expect((await call('PUT', '/v1/sys/seal')).status).toBe(204);
    expect(await call('GET', '/v1/secret/data/app/config')).toMatchObject({
      status: 503,
      body: { errors: ['the secrets store is sealed'] },
    });
    expect((await call('GET', '/v1/sys/seal-status', { token: null })).body).toMatchObject({
      sealed: true,
      t: 2,
      n: 3,
      progress: 0,
    });
    const first = await call('PUT', '/v1/sys/unseal', { body: { key: UNSEAL_KEYS[0] }, token: null });
    expect(first.body).toMatchObject({ sealed: true, progress: 1 });
    expect(first.body.nonce).not.toBe('');
    const again = await call('PUT', '/v1/sys/unseal', { body: { key: UNSEAL_KEYS[0] }, token: null });
    expect(again.body).toMatchObject({ progress: 1 });
    const done = await call('POST', '/v1/sys/unseal', { body: { key: b64(UNSEAL_KEYS[2]!) }, token: null });
    expect(done.body).toMatchObject({ sealed: false, progress: 0, cluster_name: 'sandbox-cluster' });
    expect((await call('GET', '/v1/secret/data/app/config')).status).toBe(200);
  });

  it('refuses a wrong key share when the threshold is reached, and resets progress on request', async () => {
    const { call } = directEmulator({ 'secrets.state': 'sealed' });
    await call('PUT', '/v1/sys/unseal', { body: { key: UNSEAL_KEYS[0] } });
    expect((await call('PUT', '/v1/sys/unseal', { body: { reset: true } })).body).toMatchObject({
      progress: 0,
    });
    await call('PUT', '/v1/sys/unseal', { body: { key: UNSEAL_KEYS[0] } });
    const bad = await call('PUT', '/v1/sys/unseal', { body: { key: 'ab'.repeat(32) } });
    expect(bad).toMatchObject({
      status: 400,
      body: { errors: ['Error unsealing: unseal failed, invalid key'] },
    });
    expect((await call('PUT', '/v1/sys/unseal', { body: { key: 'not a key!' } })).status).toBe(400);
    expect((await call('GET', '/v1/sys/seal-status')).body).toMatchObject({ sealed: true, progress: 0 });
  });

  it('refuses sys/seal to a token without sudo', async () => {
    const { call } = directEmulator();
    expect(await call('PUT', '/v1/sys/seal', { token: 'sandbox-limited-token' })).toMatchObject({
      status: 403,
      body: { errors: ['permission denied'] },
    });
  });

  it('initializes an uninitialized store: keys and a root token, then sealed until unsealed', async () => {
    const { call } = directEmulator({ 'secrets.state': 'uninitialized' });
    expect((await call('GET', '/v1/sys/init')).body).toEqual({ initialized: false });
    expect((await call('GET', '/v1/secret/data/app/config')).status).toBe(503);
    expect((await call('PUT', '/v1/sys/unseal', { body: { key: UNSEAL_KEYS[0] } })).status).toBe(400);
    expect(
      (await call('PUT', '/v1/sys/init', { body: { secret_shares: 3, secret_threshold: 1 } })).status,
    ).toBe(400);
    expect(
      (await call('PUT', '/v1/sys/init', { body: { secret_shares: 2, secret_threshold: 3 } })).status,
    ).toBe(400);
    const init = await call('PUT', '/v1/sys/init', { body: { secret_shares: '3', secret_threshold: '2' } });
    expect(init.status).toBe(200);
    const keys = init.body.keys as string[];
    expect(keys).toHaveLength(3);
    expect(init.body.keys_base64).toEqual(keys.map(b64));
    expect((await call('GET', '/v1/sys/health')).status).toBe(503);
    await call('PUT', '/v1/sys/unseal', { body: { key: keys[1] } });
    await call('PUT', '/v1/sys/unseal', { body: { key: keys[2] } });
    const root = init.body.root_token as string;
    expect((await call('GET', '/v1/auth/token/lookup-self', { token: root })).body.data).toMatchObject({
      policies: ['root'],
    });
    expect((await call('GET', '/v1/auth/token/lookup-self')).status).toBe(403);
    expect(
      (await call('PUT', '/v1/sys/init', { body: { secret_shares: 1, secret_threshold: 1 } })).body.errors,
    ).toEqual(['the secrets store is already initialized']);
  });
});

describe('secrets emulator: tokens and logins', () => {
  it('accepts the token in X-Secrets-Token or Authorization: Bearer', async () => {
    const { call } = directEmulator();
    expect(
      (
        await call('GET', '/v1/auth/token/lookup-self', {
          token: null,
          headers: { authorization: 'Bearer sandbox-root-token' },
        })
      ).status,
    ).toBe(200);
    expect((await call('GET', '/v1/auth/token/lookup-self')).body.data).toMatchObject({
      id: 'sandbox-root-token',
      ttl: 0,
      expire_time: null,
    });
  });

  it('answers 403 to a missing, unknown or expired token', async () => {
    const { call } = directEmulator();
    expect((await call('GET', '/v1/secret/data/app/config', { token: null })).body).toEqual({
      errors: ['permission denied'],
    });
    expect((await call('GET', '/v1/secret/data/app/config', { token: 'nope' })).body).toEqual({
      errors: ['permission denied', 'invalid token'],
    });
    expect((await call('GET', '/v1/secret/data/app/config', { token: 'sandbox-expired-token' })).status).toBe(
      403,
    );
  });

  it('logs in with userpass; the token expires after its TTL of sandbox time', async () => {
    const { call, clock } = directEmulator();
    const login = await call('POST', '/v1/auth/userpass/login/alice', {
      token: null,
      body: { password: 'alice-sandbox-password' },
    });
    expect(login.status).toBe(200);
    const auth = login.body.auth as Record<string, unknown>;
    expect(auth).toMatchObject({
      policies: ['default', 'app-writer'],
      metadata: { username: 'alice' },
      lease_duration: 3600,
      renewable: true,
    });
    const token = auth.client_token as string;
    expect((await call('GET', '/v1/secret/data/app/config', { token })).status).toBe(200);
    expect((await call('GET', '/v1/secret/data/team/notes', { token })).status).toBe(403);
    clock.advance(3601_000);
    expect((await call('GET', '/v1/secret/data/app/config', { token })).body.errors).toEqual([
      'permission denied',
      'invalid token',
    ]);
  });

  it.each([
    [{ password: 'wrong' }, 'invalid username or password'],
    [{}, 'missing password'],
  ])('refuses userpass body %o with 400 %s', async (body, message) => {
    const { call } = directEmulator();
    expect(await call('PUT', '/v1/auth/userpass/login/alice', { body, token: null })).toMatchObject({
      status: 400,
      body: { errors: [message] },
    });
  });

  it('logs in with approle and refuses a wrong secret id', async () => {
    const { call } = directEmulator();
    const ok = await call('POST', '/v1/auth/approle/login', {
      token: null,
      body: { role_id: 'sandbox-ci-role-id', secret_id: 'sandbox-ci-secret-id' },
    });
    expect((ok.body.auth as Record<string, unknown>).metadata).toEqual({ role_name: 'ci' });
    const bad = await call('POST', '/v1/auth/approle/login', {
      token: null,
      body: { role_id: 'sandbox-ci-role-id', secret_id: 'x' },
    });
    expect(bad).toMatchObject({ status: 400, body: { errors: ['invalid role or secret ID'] } });
  });

  it('renews and revokes the calling token', async () => {
    const { call } = directEmulator();
    const login = await call('POST', '/v1/auth/userpass/login/bob', {
      token: null,
      body: { password: 'bob-sandbox-password' },
    });
    const token = (login.body.auth as Record<string, string>).client_token;
    const renew = await call('POST', '/v1/auth/token/renew-self', { token, body: { increment: '2h' } });
    expect((renew.body.auth as Record<string, unknown>).lease_duration).toBe(7200);
    expect((await call('POST', '/v1/auth/token/renew-self', { body: {} })).body.errors).toEqual([
      'lease is not renewable',
    ]);
    expect((await call('POST', '/v1/auth/token/revoke-self', { token })).status).toBe(204);
    expect((await call('GET', '/v1/auth/token/lookup-self', { token })).status).toBe(403);
  });
});

describe('secrets emulator: KV version 2', () => {
  it('reads the latest or a given version, with metadata', async () => {
    const { call } = directEmulator();
    const latest = await call('GET', '/v1/secret/data/app/db');
    expect(latest.body.data).toMatchObject({
      data: { username: 'app', password: 's3cr3t-v2' },
      metadata: { version: 2, deletion_time: '', destroyed: false },
    });
    expect(latest.body.mount_type).toBe('kv');
    expect(
      ((await call('GET', '/v1/secret/data/app/db?version=1')).body.data as { data: unknown }).data,
    ).toEqual({ username: 'app', password: 's3cr3t-v1' });
    expect(await call('GET', '/v1/secret/data/app/db?version=9')).toMatchObject({
      status: 404,
      body: { errors: [] },
    });
    expect(await call('GET', '/v1/secret/data/app/missing')).toMatchObject({
      status: 404,
      body: { errors: [] },
    });
  });

  it('writes new versions with check-and-set, PUT and POST alike', async () => {
    const { call } = directEmulator();
    const created = await call('PUT', '/v1/secret/data/new/one', {
      body: { data: { a: '1' }, options: { cas: 0 } },
    });
    expect(created.body.data).toMatchObject({ version: 1, destroyed: false });
    expect(
      await call('POST', '/v1/secret/data/new/one', { body: { data: { a: '2' }, options: { cas: 0 } } }),
    ).toMatchObject({
      status: 400,
      body: { errors: ['check-and-set parameter did not match the current version'] },
    });
    expect(
      (await call('POST', '/v1/secret/data/new/one', { body: { data: { a: '2' }, options: { cas: 1 } } }))
        .body.data,
    ).toMatchObject({ version: 2 });
    expect((await call('POST', '/v1/secret/data/new/one', { body: { nodata: true } })).body.errors).toEqual([
      'no data provided',
    ]);
  });

  it('requires cas when the mount config says so, and keeps max_versions', async () => {
    const { call } = directEmulator();
    expect(
      (await call('POST', '/v1/secret/config', { body: { cas_required: true, max_versions: 2 } })).status,
    ).toBe(204);
    expect((await call('GET', '/v1/secret/config')).body.data).toEqual({
      cas_required: true,
      delete_version_after: '0s',
      max_versions: 2,
    });
    expect((await call('POST', '/v1/secret/data/app/db', { body: { data: { x: 1 } } })).body.errors).toEqual([
      'check-and-set parameter required for this call',
    ]);
    await call('POST', '/v1/secret/data/app/db', { body: { data: { x: 3 }, options: { cas: 2 } } });
    const meta = await call('GET', '/v1/secret/metadata/app/db');
    expect(meta.body.data).toMatchObject({ current_version: 3, oldest_version: 2 });
    expect(Object.keys((meta.body.data as { versions: object }).versions)).toEqual(['2', '3']);
  });

  it('soft-deletes, undeletes and destroys versions; deleted reads are 404s that carry metadata', async () => {
    const { call } = directEmulator();
    expect((await call('DELETE', '/v1/secret/data/app/db')).status).toBe(204);
    const deleted = await call('GET', '/v1/secret/data/app/db');
    expect(deleted.status).toBe(404);
    expect(deleted.body.data).toMatchObject({ data: null, metadata: { version: 2, destroyed: false } });
    expect((deleted.body.data as { metadata: { deletion_time: string } }).metadata.deletion_time).not.toBe(
      '',
    );
    expect((await call('POST', '/v1/secret/undelete/app/db', { body: { versions: [2] } })).status).toBe(204);
    expect((await call('GET', '/v1/secret/data/app/db')).status).toBe(200);
    expect((await call('POST', '/v1/secret/delete/app/db', { body: { versions: [1] } })).status).toBe(204);
    expect((await call('GET', '/v1/secret/data/app/db?version=1')).status).toBe(404);
    expect((await call('PUT', '/v1/secret/destroy/app/db', { body: { versions: ['1', 2] } })).status).toBe(
      204,
    );
    const destroyed = await call('GET', '/v1/secret/data/app/db');
    expect(destroyed.body.data).toMatchObject({ data: null, metadata: { destroyed: true } });
    expect((await call('POST', '/v1/secret/undelete/app/db', { body: {} })).body.errors).toEqual([
      'no version number provided',
    ]);
  });

  it('patches with a JSON merge patch and needs the merge-patch content type', async () => {
    const { call } = directEmulator();
    const ct = { 'content-type': 'application/merge-patch+json' };
    const r = await call('PATCH', '/v1/secret/data/app/db', {
      headers: ct,
      body: { data: { password: 'p3', username: null } },
    });
    expect(r.body.data).toMatchObject({ version: 3 });
    expect(((await call('GET', '/v1/secret/data/app/db')).body.data as { data: unknown }).data).toEqual({
      password: 'p3',
    });
    expect((await call('PATCH', '/v1/secret/data/app/db', { body: { data: {} } })).status).toBe(415);
    expect(
      (await call('PATCH', '/v1/secret/data/app/none', { headers: ct, body: { data: {} } })).status,
    ).toBe(404);
  });

  it('lists with LIST or GET ?list=true; an empty directory is 404 {errors: []}', async () => {
    const { call } = directEmulator();
    expect((await call('LIST', '/v1/secret/metadata/app/')).body.data).toEqual({ keys: ['config', 'db'] });
    expect((await call('GET', '/v1/secret/metadata/?list=true')).body.data).toEqual({
      keys: ['app/', 'team/'],
    });
    expect(await call('LIST', '/v1/secret/metadata/nothing/')).toMatchObject({
      status: 404,
      body: { errors: [] },
    });
    expect((await call('LIST', '/v1/secret/data/app/')).status).toBe(405);
  });

  it('answers a path without data/ or metadata/ with a 404 that carries a warning', async () => {
    const { call } = directEmulator();
    const r = await call('GET', '/v1/secret/app/config');
    expect(r.status).toBe(404);
    expect(r.body.data).toBeNull();
    expect(r.body.warnings?.[0]).toMatch(/Invalid path for a versioned K\/V secrets engine/);
  });

  it('writes, patches and deletes metadata; metadata delete removes every version', async () => {
    const { call } = directEmulator();
    const body = { max_versions: 5, custom_metadata: { owner: 'ops' }, delete_version_after: '1h' };
    expect((await call('POST', '/v1/secret/metadata/app/db', { body })).status).toBe(204);
    await call('PATCH', '/v1/secret/metadata/app/db', { body: { custom_metadata: { team: 'a' } } });
    expect((await call('GET', '/v1/secret/metadata/app/db')).body.data).toMatchObject({
      max_versions: 5,
      delete_version_after: '1h0m0s',
      custom_metadata: { owner: 'ops', team: 'a' },
    });
    expect(
      (await call('POST', '/v1/secret/metadata/app/db', { body: { custom_metadata: { n: 1 } } })).status,
    ).toBe(400);
    expect((await call('DELETE', '/v1/secret/metadata/app/db')).status).toBe(204);
    expect((await call('GET', '/v1/secret/metadata/app/db')).status).toBe(404);
  });

  it('deletes a version once delete_version_after has passed (sandbox time)', async () => {
    const { call, clock } = directEmulator();
    await call('POST', '/v1/secret/metadata/tmp/x', { body: { delete_version_after: '10s' } });
    await call('POST', '/v1/secret/data/tmp/x', { body: { data: { a: 1 } } });
    expect((await call('GET', '/v1/secret/data/tmp/x')).status).toBe(200);
    clock.advance(11_000);
    expect((await call('GET', '/v1/secret/data/tmp/x')).status).toBe(404);
  });

  it('gives subkeys with values removed', async () => {
    const { call } = directEmulator();
    await call('POST', '/v1/secret/data/nested', { body: { data: { a: { b: { c: 1 } }, d: 2 } } });
    expect((await call('GET', '/v1/secret/subkeys/nested?depth=1')).body.data).toMatchObject({
      subkeys: { a: null, d: null },
    });
    expect((await call('GET', '/v1/secret/subkeys/nested')).body.data).toMatchObject({
      subkeys: { a: { b: { c: null } }, d: null },
    });
  });
});

describe('secrets emulator: KV version 1', () => {
  it('reads, replaces, lists and deletes; a ttl key sets lease_duration', async () => {
    const { call } = directEmulator();
    const r = await call('GET', '/v1/kv/app/legacy');
    expect(r.body).toMatchObject({ data: { api_key: 'legacy-key-123' }, lease_duration: 3600 });
    expect((await call('PUT', '/v1/kv/app/new', { body: { a: 'b' } })).status).toBe(204);
    expect((await call('GET', '/v1/kv/app/new')).body).toMatchObject({
      data: { a: 'b' },
      lease_duration: 2764800,
    });
    expect((await call('LIST', '/v1/kv/app/')).body.data).toEqual({ keys: ['legacy', 'new'] });
    expect((await call('POST', '/v1/kv/app/new', { body: {} })).body.errors).toEqual(['missing data fields']);
    expect((await call('DELETE', '/v1/kv/app/new')).status).toBe(204);
    expect(await call('GET', '/v1/kv/app/new')).toMatchObject({ status: 404, body: { errors: [] } });
    expect((await call('PATCH', '/v1/kv/app/legacy', { body: {} })).status).toBe(405);
  });
});

describe('secrets emulator: namespaces, mounts, policies', () => {
  it('reaches the same resource by header, by path, or both (seed rule 4)', async () => {
    const { call } = directEmulator();
    const forms = [
      ['/v1/secret/data/svc/token', 'admin/team-a/'],
      ['/v1/team-a/secret/data/svc/token', 'admin/'],
      ['/v1/admin/team-a/secret/data/svc/token', undefined],
      ['/v1/secret/data/svc/token', 'admin/team-a'],
    ] as const;
    for (const [path, ns] of forms) {
      const r = await call('GET', path, { headers: ns ? { 'x-secrets-namespace': ns } : {} });
      expect(r.status, `${ns} ${path}`).toBe(200);
      expect((r.body.data as { data: unknown }).data).toEqual({ value: 'team-a-service-token' });
    }
    expect((await call('GET', '/v1/secret/data/svc/token')).status).toBe(404);
  });

  it('serves the status routes in the root namespace only', async () => {
    const { call } = directEmulator();
    expect(
      (await call('GET', '/v1/sys/health', { headers: { 'x-secrets-namespace': 'admin/' } })).status,
    ).toBe(200);
    expect(await call('GET', '/v1/admin/sys/health')).toMatchObject({
      status: 404,
      body: { errors: ['unsupported path'] },
    });
  });

  it('tells the mount of a path, KV version included, named relative to the request namespace', async () => {
    const { call } = directEmulator();
    const v2 = await call('GET', '/v1/sys/internal/ui/mounts/secret/app/db');
    expect(v2.body.data).toMatchObject({ path: 'secret/', type: 'kv', options: { version: '2' } });
    expect((await call('GET', '/v1/sys/internal/ui/mounts/kv/app/legacy')).body.data).toMatchObject({
      path: 'kv/',
      options: { version: '1' },
    });
    expect((await call('GET', '/v1/sys/internal/ui/mounts/admin/secret/app')).body.data).toMatchObject({
      path: 'admin/secret/',
    });
    const none = await call('GET', '/v1/sys/internal/ui/mounts/nowhere/x');
    expect(none.status).toBe(403);
    expect(none.body.errors?.[0]).toMatch(/^preflight capability check returned 403/);
    expect((await call('GET', '/v1/sys/internal/ui/mounts/secret/x', { token: null })).status).toBe(403);
  });

  it('lists only the mounts a token can reach', async () => {
    const { call } = directEmulator();
    const root = (await call('GET', '/v1/sys/internal/ui/mounts')).body.data as {
      secret: object;
      auth: object;
    };
    expect(Object.keys(root.secret).sort()).toEqual(['kv/', 'secret/', 'sys/']);
    const limited = (await call('GET', '/v1/sys/internal/ui/mounts', { token: 'sandbox-limited-token' })).body
      .data as { secret: object };
    expect(Object.keys(limited.secret).sort()).toEqual(['kv/', 'secret/']);
    const anonymous = (await call('GET', '/v1/sys/internal/ui/mounts', { token: null })).body.data;
    expect(anonymous).toEqual({ secret: {}, auth: {} });
  });

  it('gives the limited token 403 outside its policy and 404 for a path under no mount', async () => {
    const { call } = directEmulator();
    const t = { token: 'sandbox-limited-token' };
    expect((await call('GET', '/v1/secret/data/app/config', t)).status).toBe(200);
    expect((await call('GET', '/v1/secret/data/app/nothing', t)).body).toEqual({ errors: [] });
    expect(await call('GET', '/v1/secret/data/team/notes', t)).toMatchObject({
      status: 403,
      body: { errors: ['permission denied'] },
    });
    expect((await call('POST', '/v1/secret/data/app/config', { ...t, body: { data: {} } })).status).toBe(403);
    expect((await call('GET', '/v1/nomount/x', t)).status).toBe(404);
    // Policies are written relative to the token's namespace: secret/data/app/* does not cover admin/.
    expect((await call('GET', '/v1/admin/secret/data/app/config', t)).status).toBe(403);
  });

  it('refuses every root-namespace request on a managed cluster; the admin namespace works', async () => {
    const { call } = directEmulator({ 'secrets.managed': 'true' });
    expect((await call('GET', '/v1/secret/data/app/config')).status).toBe(403);
    const admin = await call('GET', '/v1/secret/data/app/config', {
      headers: { 'x-secrets-namespace': 'admin' },
    });
    expect((admin.body.data as { data: unknown }).data).toMatchObject({ owner: 'admin-namespace' });
    expect((await call('GET', '/v1/admin/secret/data/app/config')).status).toBe(200);
    const login = await call('POST', '/v1/admin/auth/userpass/login/alice', {
      token: null,
      body: { password: 'alice-sandbox-password' },
    });
    expect(login.status).toBe(200);
  });
});

describe('secrets emulator: help, limits and errors', () => {
  it('answers ?help=1 with markdown help and an OpenAPI object relative to the mount', async () => {
    const { call } = directEmulator();
    const r = await call('GET', '/v1/secret/data/app/db?help=1');
    expect(r.status).toBe(200);
    expect(r.body.help).toMatch(/Matching Route: \^data/);
    const openapi = r.body.openapi as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(openapi.openapi).toBe('3.0.2');
    expect(Object.keys(openapi.paths)).toEqual(['/data/{path}']);
    expect(Object.keys(openapi.paths['/data/{path}']!)).toEqual(
      expect.arrayContaining(['get', 'post', 'patch', 'delete']),
    );
    const mountHelp = await call('GET', '/v1/secret/?help=1');
    expect(Object.keys((mountHelp.body.openapi as { paths: object }).paths)).toHaveLength(8);
    expect((await call('GET', '/v1/auth/userpass/login/x?help=1')).body.help).toMatch(/username/);
    expect((await call('GET', '/v1/secret/data/app/db?help=1', { token: null })).status).toBe(403);
    expect(
      (await call('GET', '/v1/secret/data/team/notes?help=1', { token: 'sandbox-limited-token' })).status,
    ).toBe(403);
  });

  it('refuses a path parameter that ends in a period with 404 unsupported path', async () => {
    const { call } = directEmulator();
    expect(await call('GET', '/v1/secret/data/app.')).toMatchObject({
      status: 404,
      body: { errors: ['unsupported path'] },
    });
  });

  it('refuses a body over 32 MB with 413', async () => {
    const { call } = directEmulator();
    const r = await call('PUT', '/v1/kv/big', { raw: Buffer.alloc(32 * 1024 * 1024 + 1, 0x20) });
    expect(r.status).toBe(413);
  });

  it('answers 412 without X-Secrets-Request when the listener requires it', async () => {
    const { call } = directEmulator({ 'secrets.require_request_header': 'true' });
    expect((await call('GET', '/v1/secret/data/app/config')).status).toBe(412);
    expect(
      (await call('GET', '/v1/secret/data/app/config', { headers: { 'x-secrets-request': 'true' } })).status,
    ).toBe(200);
  });

  it('answers 429 with Retry-After past its rate limit', async () => {
    const { call } = directEmulator({ 'secrets.rate_limit': '2' });
    await call('GET', '/v1/sys/health');
    await call('GET', '/v1/sys/health');
    const r = await call('GET', '/v1/sys/health');
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('1');
    expect(r.body.errors?.[0]).toMatch(/rate limit quota exceeded/);
  });

  it('answers 400 to a body that is not JSON, 405 to an unknown method, and 404 outside /v1/', async () => {
    const { call } = directEmulator();
    expect((await call('POST', '/v1/secret/data/x', { raw: Buffer.from('{nope') })).status).toBe(400);
    expect((await call('OPTIONS', '/v1/secret/data/x')).status).toBe(405);
    expect((await call('GET', '/v2/secret')).status).toBe(404);
    expect((await call('GET', '/v1/nowhere/x')).body.errors?.[0]).toMatch(/no handler for route/);
  });

  it('answers sys itself, without its slash, 404 unsupported path like any path no sys/ route has', async () => {
    const { call } = directEmulator();
    for (const method of ['GET', 'LIST', 'PUT', 'DELETE'])
      expect(await call(method, '/v1/sys')).toMatchObject({
        status: 404,
        body: { errors: ['unsupported path'] },
      });
  });

  it('decodes a path once: a key with an escaped % is stored and listed by its decoded name', async () => {
    const { call } = directEmulator();
    expect((await call('PUT', '/v1/kv/sale/100%2525off', { body: { a: '1' } })).status).toBe(204);
    expect((await call('GET', '/v1/kv/sale/100%2525off')).body.data).toEqual({ a: '1' });
    expect((await call('LIST', '/v1/kv/sale/')).body.data).toEqual({ keys: ['100%25off'] });
    expect((await call('GET', '/v1/secret/data/app%2Fconfig')).status).toBe(200);
  });

  it('refuses unknown sandbox settings at start', () => {
    expect(() => directEmulator({ 'secrets.state': 'melted' })).toThrow(/secrets.state=melted/);
  });
});
