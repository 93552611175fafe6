import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import type { KvLocation, SecretsClient } from '../../src/clients/secrets/client.js';
import { runSecretsDelete } from '../../src/commands/secrets/delete.js';
import { runKvDelete } from '../../src/commands/secrets/kv/delete.js';
import { runKvDestroy } from '../../src/commands/secrets/kv/destroy.js';
import { runKvMetadataDelete } from '../../src/commands/secrets/kv/metadata/delete.js';
import { runKvMetadataPut } from '../../src/commands/secrets/kv/metadata/put.js';
import { runKvUndelete } from '../../src/commands/secrets/kv/undelete.js';
import { runSecretsList } from '../../src/commands/secrets/list.js';
import { runOperatorSeal } from '../../src/commands/secrets/operator/seal.js';
import { runKvGet } from '../../src/commands/secrets/kv/get.js';
import { runKvList } from '../../src/commands/secrets/kv/list.js';
import { runKvMetadataGet } from '../../src/commands/secrets/kv/metadata/get.js';
import { runKvPatch } from '../../src/commands/secrets/kv/patch.js';
import { runKvPut } from '../../src/commands/secrets/kv/put.js';
import { runSecretsHelp } from '../../src/commands/secrets/help.js';
import { runSecretsLogin } from '../../src/commands/secrets/login.js';
import { runOperatorInit } from '../../src/commands/secrets/operator/init.js';
import { runOperatorUnseal } from '../../src/commands/secrets/operator/unseal.js';
import { runSecretsRead } from '../../src/commands/secrets/read.js';
import { envLines } from '../../src/commands/secrets/kv/get.js';
import { renderMarkdown } from '../../src/commands/secrets/help.js';
import type { SecretsRunBase } from '../../src/commands/secrets/shared/start.js';
import { runSecretsStatus } from '../../src/commands/secrets/status.js';
import { runSecretsWrite } from '../../src/commands/secrets/write.js';
import { ApiError, OpsError, UsageError } from '../../src/errors.js';
import { makeStyle } from '../../src/output/color.js';
import { Feedback } from '../../src/output/feedback.js';
import { type OutputFormat, Printer } from '../../src/output/printer.js';
import { type MemoryIo, memoryIo } from '../helpers/io.js';

const V2: KvLocation = { mount: 'secret/', version: 2, key: 'app/db' };
const V1: KvLocation = { mount: 'kv/', version: 1, key: 'app/legacy' };
const env = (data: unknown, extra: Record<string, unknown> = {}) => ({
  request_id: 'r',
  lease_duration: 0,
  data,
  warnings: null,
  auth: null,
  ...extra,
});
const meta = (version: number, extra: Record<string, unknown> = {}) => ({
  created_time: '2024-01-01T00:00:00Z',
  custom_metadata: null,
  deletion_time: '',
  destroyed: false,
  version,
  ...extra,
});

/** Run options with a stubbed client: every method a test calls must be given. */
function setup(
  client: Record<string, unknown>,
  o: { format?: OutputFormat; field?: string; query?: boolean; fields?: string[] } = {},
) {
  const io: MemoryIo = memoryIo();
  const format = o.format ?? 'table';
  const fields = o.fields && { names: o.fields, declared: true };
  const base: SecretsRunBase = {
    printer: new Printer({ io, format, field: o.field, color: false, ...(fields ? { fields } : {}) }),
    feedback: new Feedback(io, true, makeStyle(false)),
    namespace: undefined,
    field: o.field,
    whole: Boolean(o.query) || ['json', 'yaml', 'ndjson'].includes(format),
    picks: fields !== undefined,
    client: async () => client as SecretsClient,
  };
  return { io, base };
}

async function* keys(...k: string[]) {
  yield* k;
}

describe('secrets kv get', () => {
  const v2Read = vi.fn(async () => ({
    status: 200,
    body: env({ data: { password: 'p2', 'db-user': 'app' }, metadata: meta(2) }),
  }));

  it('shows metadata and data tables for KV v2, values revealed', async () => {
    const { io, base } = setup({ locateKv: async () => V2, kvV2Read: v2Read });
    await runKvGet({ ...base, path: 'secret/app/db', mount: undefined, version: 3, env: false });
    expect(v2Read).toHaveBeenCalledWith(V2, 3);
    expect(io.out()).toMatch(/== Metadata ==[\s\S]*version\s+2[\s\S]*== Data ==[\s\S]*password\s+p2/);
  });

  it('prints the whole envelope as JSON, and one value with --field', async () => {
    const json = setup({ locateKv: async () => V2, kvV2Read: v2Read }, { format: 'json' });
    await runKvGet({ ...json.base, path: 'secret/app/db', mount: undefined, version: undefined, env: false });
    expect(JSON.parse(json.io.out())).toMatchObject({
      data: { data: { password: 'p2' }, metadata: { version: 2 } },
    });
    const field = setup({ locateKv: async () => V2, kvV2Read: v2Read }, { field: 'password' });
    await runKvGet({
      ...field.base,
      path: 'secret/app/db',
      mount: undefined,
      version: undefined,
      env: false,
    });
    expect(field.io.out()).toBe('p2\n');
    const missing = setup({ locateKv: async () => V2, kvV2Read: v2Read }, { field: 'nope' });
    await expect(
      runKvGet({ ...missing.base, path: 'secret/app/db', mount: undefined, version: undefined, env: false }),
    ).rejects.toThrow(/field "nope" not present/);
  });

  it('prints shell-safe export lines with -o env, mending names', async () => {
    const { io, base } = setup({
      locateKv: async () => V2,
      kvV2Read: async () => ({
        status: 200,
        body: env({ data: { 'db-user': "o'brien", '1n': 2 }, metadata: meta(1) }),
      }),
    });
    await runKvGet({ ...base, path: 'secret/app/db', mount: undefined, version: undefined, env: true });
    expect(io.out()).toBe("export _1n='2'\nexport db_user='o'\\''brien'\n");
    expect(io.err()).toMatch(/key "db-user" exported as db_user/);
  });

  it('shows a deleted version as metadata with a warning, and refuses --field on it with exit 3', async () => {
    const deleted = async () => ({
      status: 404,
      body: env({ data: null, metadata: meta(2, { deletion_time: '2024-02-02T00:00:00Z' }) }),
    });
    const { io, base } = setup({ locateKv: async () => V2, kvV2Read: deleted });
    await runKvGet({ ...base, path: 'secret/app/db', mount: undefined, version: undefined, env: false });
    expect(io.out()).toMatch(/deletion time\s+2024-02-02T00:00:00Z\n/);
    expect(io.out()).not.toMatch(/== Data ==/);
    expect(io.err()).toMatch(
      /version 2 of secret\/app\/db was deleted at 2024-02-02.*kv undelete secret\/app\/db --versions 2/,
    );
    const f = setup({ locateKv: async () => V2, kvV2Read: deleted }, { field: 'password' });
    const err = await runKvGet({
      ...f.base,
      path: 'secret/app/db',
      mount: undefined,
      version: undefined,
      env: false,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(OpsError);
    expect((err as OpsError).exitCode).toBe(3);
  });

  it('reads KV v1 without metadata; --version there is a usage error', async () => {
    const { io, base } = setup({
      locateKv: async () => V1,
      kvV1Read: async () => ({ status: 200, body: env({ api_key: 'k' }) }),
    });
    await runKvGet({ ...base, path: 'kv/app/legacy', mount: undefined, version: undefined, env: false });
    expect(io.out()).toBe('api_key  k\n');
    await expect(
      runKvGet({ ...base, path: 'kv/app/legacy', mount: undefined, version: 1, env: false }),
    ).rejects.toBeInstanceOf(UsageError);
  });

  it('refuses a path that names the mount itself', async () => {
    const { base } = setup({ locateKv: async () => ({ ...V2, key: '' }) });
    await expect(
      runKvGet({ ...base, path: 'secret', mount: undefined, version: undefined, env: false }),
    ).rejects.toThrow(/names a mount or a directory/);
  });
});

describe('secrets kv writes', () => {
  it('puts a new KV v2 version with cas and prints its metadata', async () => {
    const kvV2Write = vi.fn(async () => env(meta(3)));
    const { io, base } = setup({ locateKv: async () => V2, kvV2Write });
    await runKvPut({ ...base, path: 'secret/app/db', mount: undefined, data: { a: '1' }, cas: 2 });
    expect(kvV2Write).toHaveBeenCalledWith(V2, { a: '1' }, 2);
    expect(io.out()).toMatch(/version\s+3/);
  });

  it('replaces a KV v1 secret (204: nothing on stdout) and refuses --cas there', async () => {
    const kvV1Write = vi.fn(async () => undefined);
    const { io, base } = setup({ locateKv: async () => V1, kvV1Write });
    await runKvPut({ ...base, path: 'kv/app/legacy', mount: undefined, data: { a: '1' }, cas: undefined });
    expect(kvV1Write).toHaveBeenCalledWith(V1, { a: '1' });
    expect(io.out()).toBe('');
    expect(io.err()).toMatch(/Success! Data written to: kv\/app\/legacy/);
    await expect(
      runKvPut({ ...base, path: 'kv/app/legacy', mount: undefined, data: {}, cas: 0 }),
    ).rejects.toBeInstanceOf(UsageError);
  });

  it('patches KV v2 only', async () => {
    const kvV2Patch = vi.fn(async () => env(meta(4)));
    const { base } = setup({ locateKv: async () => V2, kvV2Patch });
    await runKvPatch({ ...base, path: 'secret/app/db', mount: undefined, data: { a: null }, cas: undefined });
    expect(kvV2Patch).toHaveBeenCalledWith(V2, { a: null }, undefined);
    const v1 = setup({ locateKv: async () => V1 });
    await expect(
      runKvPatch({ ...v1.base, path: 'kv/x', mount: undefined, data: { a: 1 }, cas: undefined }),
    ).rejects.toThrow(/needs a KV version 2 mount/);
  });

  it('asks before deleting and before any request; picks the delete operation by version and mount', async () => {
    const calls: string[] = [];
    const client = {
      locateKv: async () => {
        calls.push('locate');
        return V2;
      },
      kvV2ReadMetadata: async () => {
        calls.push('read');
        return META;
      },
      kvV2Delete: async () => void calls.push('latest'),
      kvV2DeleteVersions: async (_l: KvLocation, v: number[]) => void calls.push(`versions ${v}`),
    };
    const { base } = setup(client);
    const confirm = async (a: string) => void calls.push(`confirm ${a}`);
    await runKvDelete({ ...base, path: 'secret/app/db', mount: undefined, versions: undefined, confirm });
    await runKvDelete({ ...base, path: 'secret/app/db', mount: undefined, versions: [1, 2], confirm });
    expect(calls).toEqual([
      'confirm Delete secret/app/db',
      'locate',
      'read',
      'latest',
      'confirm Delete versions 1, 2 of secret/app/db',
      'locate',
      'read',
      'versions 1,2',
    ]);
    const refused = async () => {
      throw new UsageError('needs confirmation');
    };
    const locate = vi.fn();
    await expect(
      runKvDelete({
        ...setup({ locateKv: locate }).base,
        path: 'x/y',
        mount: undefined,
        versions: undefined,
        confirm: refused,
      }),
    ).rejects.toBeInstanceOf(UsageError);
    expect(locate).not.toHaveBeenCalled();
  });

  it('lists a KV v2 directory through metadata/, and an empty one as [] in JSON', async () => {
    const { io, base } = setup({ locateKv: async () => V2, kvV2List: () => keys('a', 'b/') });
    await runKvList({ ...base, path: 'secret/app', mount: undefined, limit: 30 });
    expect(io.out()).toBe('a\nb/\n');
    const empty = setup({ locateKv: async () => V1, kvV1List: () => keys() }, { format: 'json' });
    await runKvList({ ...empty.base, path: 'kv/none', mount: undefined, limit: 30 });
    expect(empty.io.out()).toBe('[]\n');
  });

  it('shows metadata with a versions table', async () => {
    const body = env({
      cas_required: false,
      current_version: 2,
      versions: {
        2: { created_time: 'b', deletion_time: '', destroyed: true },
        1: { created_time: 'a', deletion_time: 'x', destroyed: false },
      },
    });
    const { io, base } = setup({ locateKv: async () => V2, kvV2ReadMetadata: async () => body as never });
    await runKvMetadataGet({ ...base, path: 'secret/app/db', mount: undefined });
    expect(io.out()).toMatch(
      /current version\s+2[\s\S]*== Versions ==\nVERSION\s+CREATED\s+DELETED\s+DESTROYED\n1\s+a\s+x\s+no\n2\s+b\s+yes/,
    );
  });

  it('--json FIELDS picks from the metadata, not from the envelope around it', async () => {
    const body = env({ cas_required: false, current_version: 2, versions: {} });
    const { io, base } = setup(
      { locateKv: async () => V2, kvV2ReadMetadata: async () => body as never },
      { format: 'json', fields: ['current_version', 'cas_required'] },
    );
    await runKvMetadataGet({ ...base, path: 'secret/app/db', mount: undefined });
    expect(JSON.parse(io.out())).toEqual({ current_version: 2, cas_required: false });
  });
});

describe('secrets status', () => {
  const seal = {
    type: 'shamir',
    initialized: true,
    sealed: false,
    t: 2,
    n: 3,
    progress: 0,
    version: '1.15.0',
  };
  it.each([
    [200, { initialized: true, sealed: false, standby: false }, 0, 'active'],
    [429, { initialized: true, sealed: false, standby: true }, 5, 'standby'],
    [
      473,
      { initialized: true, sealed: false, standby: true, performance_standby: true },
      1,
      'performance standby',
    ],
    [
      472,
      { initialized: true, sealed: false, standby: false, replication_dr_mode: 'secondary' },
      1,
      'dr secondary',
    ],
    [503, { initialized: true, sealed: true, standby: false }, 7, 'sealed'],
    [501, { initialized: false, sealed: true, standby: false }, 7, 'not initialized'],
  ])('health %i prints the state and exits %i', async (status, health, code, state) => {
    const { io, base } = setup({
      readHealthStatus: async () => ({ status, health }),
      sealStatus: async () => ({ ...seal, sealed: health.sealed }),
    });
    const err = await runSecretsStatus({ ...base, standbyOk: false, perfStandbyOk: false }).catch(
      (e: unknown) => e,
    );
    expect(io.out()).toMatch(new RegExp(`^ha mode\\s+${state}$`, 'm'));
    if (code === 0) expect(err).toBeUndefined();
    else {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).exitCode).toBe(code);
      expect((err as ApiError).message).not.toMatch(/HTTP/);
    }
  });

  it('passes the standby overrides and merges health and seal status in JSON', async () => {
    const readHealthStatus = vi.fn(async () => ({
      status: 200,
      health: { initialized: true, sealed: false, standby: true },
    }));
    const { io, base } = setup({ readHealthStatus, sealStatus: async () => seal }, { format: 'json' });
    await runSecretsStatus({ ...base, standbyOk: true, perfStandbyOk: true });
    expect(readHealthStatus).toHaveBeenCalledWith({ standbyok: true, perfstandbyok: true });
    expect(JSON.parse(io.out())).toMatchObject({
      health_status: 200,
      state: 'standby',
      t: 2,
      n: 3,
      sealed: false,
    });
  });
});

describe('secrets login', () => {
  const auth = {
    client_token: 's.new',
    accessor: 'acc',
    policies: ['default'],
    lease_duration: 3600,
    renewable: true,
    metadata: { username: 'alice' },
  };

  function loginSetup(
    client: Record<string, unknown>,
    secret: string,
    o: { field?: string; format?: OutputFormat } = {},
  ) {
    const s = setup(client, o);
    const storeToken = vi.fn(async () => ({ profile: 'default', storedIn: 'file' as const }));
    const readSecret = vi.fn(async () => secret);
    return {
      ...s,
      storeToken,
      readSecret,
      opts: { ...s.base, store: true, readSecret, storeToken, envTokenSet: false },
    };
  }

  it('logs in with userpass: the password from stdin or a prompt, the token stored and masked in the table', async () => {
    const login = vi.fn(async () => auth);
    const { io, opts, storeToken, readSecret } = loginSetup({ login }, 'pw');
    await runSecretsLogin({ ...opts, method: 'userpass', mount: 'userpass', params: { username: 'alice' } });
    expect(readSecret).toHaveBeenCalledWith('password');
    expect(login).toHaveBeenCalledWith('userpass', 'login/alice', { password: 'pw' });
    expect(storeToken).toHaveBeenCalledWith('s.new');
    expect(io.out()).toMatch(/token\s+\*\*\*/);
    expect(io.out()).not.toMatch(/s\.new/);
    expect(io.out()).toMatch(/token_meta_username\s+alice/);
  });

  it('logs in with approle and prints the raw token with --field token, not stored with --no-store', async () => {
    const login = vi.fn(async () => auth);
    const { io, opts, storeToken } = loginSetup({ login }, 'sid', { field: 'token' });
    await runSecretsLogin({
      ...opts,
      store: false,
      method: 'approle',
      mount: 'ci',
      params: { role_id: 'r' },
    });
    expect(login).toHaveBeenCalledWith('ci', 'login', { role_id: 'r', secret_id: 'sid' });
    expect(storeToken).not.toHaveBeenCalled();
    expect(io.out()).toBe('s.new\n');
  });

  it('checks a token with a self lookup, and warns that OPS_SECRETS_TOKEN wins over the stored one', async () => {
    const tokenLookUpSelf = vi.fn(
      async () => env({ id: 'tok', accessor: 'a', policies: ['root'], ttl: 0, renewable: false }) as never,
    );
    const { io, opts } = loginSetup({ tokenLookUpSelf }, 'tok');
    await runSecretsLogin({ ...opts, envTokenSet: true, method: 'token', mount: 'token', params: {} });
    expect(tokenLookUpSelf).toHaveBeenCalledWith('tok');
    expect(io.err()).toMatch(
      /Token stored in profile default[\s\S]*OPS_SECRETS_TOKEN is set and takes precedence/,
    );
  });

  it('reads "-" fields of another method from stdin, and refuses an empty secret before any request', async () => {
    const login = vi.fn(async () => auth);
    const { opts } = loginSetup({ login }, 'pw2');
    await runSecretsLogin({
      ...opts,
      method: 'ldap',
      mount: 'corp',
      params: { username: 'bob', password: '-' },
    });
    expect(login).toHaveBeenCalledWith('corp', 'login/bob', { password: 'pw2' });
    const empty = loginSetup({ login }, '');
    await expect(
      runSecretsLogin({ ...empty.opts, method: 'token', mount: 'token', params: {} }),
    ).rejects.toThrow(/no token given/);
    expect(login).toHaveBeenCalledTimes(1);
  });
});

describe('secrets generic read, write, help; operator', () => {
  it('read: a 404 that carries data is printed with a warning; warnings go to stderr', async () => {
    const { io, base } = setup({
      read: async () =>
        ({ status: 404, body: env({ data: null, metadata: meta(1) }, { warnings: ['careful'] }) }) as never,
    });
    await runSecretsRead({ ...base, path: 'secret/data/x', query: {} });
    expect(io.err()).toMatch(/careful[\s\S]*404 with data/);
    expect(io.out()).toMatch(/metadata/);
  });

  it("a server warning's control characters are escaped as error lines show them, a line a warning", async () => {
    const { io, base } = setup({
      read: async () =>
        ({ status: 200, body: env({ a: 1 }, { warnings: ['careful\u001b[31m red\nnext', 'b'] }) }) as never,
    });
    await runSecretsRead({ ...base, path: 'secret/data/x', query: {} });
    expect(io.err()).toBe('! careful\\e[31m red\\nnext\n! b\n');
  });

  it('write: 204 prints nothing; 200 prints the data; an auth answer is masked in a table', async () => {
    const none = setup({ write: async () => undefined });
    await runSecretsWrite({ ...none.base, path: 'kv/x', data: { a: 1 } });
    expect(none.io.out()).toBe('');
    const login = setup({
      write: async () => env(null, { auth: { client_token: 's.tok', policies: ['p'] } }) as never,
    });
    await runSecretsWrite({ ...login.base, path: 'auth/userpass/login/a', data: {} });
    expect(login.io.out()).toMatch(/client_token\s+\*\*\*/);
    const data = setup({ write: async () => env({ version: 1 }) as never }, { format: 'json' });
    await runSecretsWrite({ ...data.base, path: 'secret/data/x', data: {} });
    expect(JSON.parse(data.io.out())).toMatchObject({ data: { version: 1 } });
  });

  it('help: renders the markdown for a terminal, or prints the OpenAPI object', async () => {
    const answer = {
      help: '## DESCRIPTION\n\nUse **bold** and `code`.\n```\nraw\n```',
      openapi: { openapi: '3.0.2', paths: { '/data/{path}': {} } },
    };
    const text = setup({ help: async () => answer });
    await runSecretsHelp({ ...text.base, path: 'secret/data/x', openapi: false });
    expect(text.io.out()).toBe('DESCRIPTION\n\nUse bold and code.\n    raw\n');
    const api = setup({ help: async () => answer }, { format: 'json' });
    await runSecretsHelp({ ...api.base, path: 'secret/data/x', openapi: true });
    expect(JSON.parse(api.io.out())).toEqual(answer.openapi);
  });

  it('operator unseal gives key shares until unsealed, and needs at least one', async () => {
    const states = [
      { sealed: true, t: 2, n: 3, progress: 1 },
      { sealed: false, t: 2, n: 3, progress: 0 },
    ];
    const unseal = vi.fn(async () => states.shift()!);
    const shares = ['k1', 'k2', 'k3'];
    const { io, base } = setup({
      sealStatus: async () => ({ sealed: true, t: 2, n: 3, progress: 0 }) as never,
      unseal: unseal as never,
    });
    await runOperatorUnseal({ ...base, reset: false, nextKey: async () => shares.shift() });
    expect(unseal.mock.calls).toEqual([[{ key: 'k1' }], [{ key: 'k2' }]]);
    expect(io.out()).toMatch(/^sealed\s+no$/m);
    const none = setup({ sealStatus: async () => ({ sealed: true, t: 2, n: 3, progress: 0 }) as never });
    await expect(
      runOperatorUnseal({ ...none.base, reset: false, nextKey: async () => undefined }),
    ).rejects.toBeInstanceOf(UsageError);
  });

  it('operator init shows every key share and the root token', async () => {
    const { io, base } = setup({
      initialize: async () => ({ keys: ['k1', 'k2'], keys_base64: [], root_token: 's.root' }),
    });
    await runOperatorInit({ ...base, shares: 2, threshold: 2 });
    expect(io.out()).toMatch(/Unseal Key 1\s+k1\nUnseal Key 2\s+k2\nRoot Token\s+s\.root/);
  });
});

describe('secrets output helpers', () => {
  it('quotes every value for the shell', () => {
    expect(envLines({ A: "it's $HOME `x`", B: { n: 1 } }, 'secret/a', () => undefined)).toBe(
      "export A='it'\\''s $HOME `x`'\nexport B='{\"n\":1}'\n",
    );
  });
  it('-o env: a key with no name is skipped with a warning naming the secret, never an `export =` line', () => {
    const warnings: string[] = [];
    const text = envLines({ '': 'orphan', a: '1' }, 'secret/app/db', (m) => warnings.push(m));
    expect(text).toBe("export a='1'\n");
    expect(warnings).toEqual(['secret/app/db: a key with an empty name cannot be exported; skipped']);
  });

  it('-o env: two keys that mend to one name export the one so named, and warn of the other', () => {
    const warnings: string[] = [];
    const text = envLines({ 'db-user': 'mended', db_user: 'exact', 'x.y': '1' }, 'secret/a', (m) =>
      warnings.push(m),
    );
    expect(text).toBe("export db_user='exact'\nexport x_y='1'\n");
    expect(warnings).toEqual([
      'secret/a: key "db-user" would be exported as db_user, which key "db_user" is; skipped',
      'key "x.y" exported as x_y',
    ]);
    // Whatever the order the store answered in.
    expect(envLines({ db_user: 'exact', 'db-user': 'mended' }, 'secret/a', () => undefined)).toBe(
      "export db_user='exact'\n",
    );
  });

  it('-o env: every line is one export of a shell name, so eval never breaks', () => {
    const text = envLines({ '': 1, '-': 2, '9': 3, é: 4, ok: 5 }, 'secret/a', () => undefined);
    for (const line of text.trimEnd().split('\n'))
      expect(line).toMatch(/^export [A-Za-z_][A-Za-z0-9_]*='[^']*'$/);
    const r = spawnSync('bash', ['-c', `set -e; eval "$1"; echo "$ok"`, 'bash', text], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('5\n');
  });

  it('strips control characters from server help', () => {
    expect(renderMarkdown('# Title\u001b[31m red\u0007', makeStyle(false))).toBe('TITLE RED\n');
  });
});

/** The metadata a delete reads first (the store answers 204 to a delete of anything). */
const META = { data: { versions: { 1: {}, 2: {} } } } as never;

describe('secrets verbs that answer 204', () => {
  const ok = async () => undefined;
  const yes = async () => undefined;

  it.each([
    [
      'kv undelete',
      (b: SecretsRunBase) => runKvUndelete({ ...b, path: 'secret/app/db', mount: undefined, versions: [2] }),
      'kvV2UndeleteVersions',
      [V2, [2]],
    ],
    [
      'kv destroy',
      (b: SecretsRunBase) =>
        runKvDestroy({ ...b, path: 'secret/app/db', mount: undefined, versions: [1], confirm: yes }),
      'kvV2DestroyVersions',
      [V2, [1]],
    ],
    [
      'kv metadata put',
      (b: SecretsRunBase) =>
        runKvMetadataPut({ ...b, path: 'secret/app/db', mount: undefined, body: { max_versions: 2 } }),
      'kvV2WriteMetadata',
      [V2, { max_versions: 2 }],
    ],
    [
      'kv metadata delete',
      (b: SecretsRunBase) =>
        runKvMetadataDelete({ ...b, path: 'secret/app/db', mount: undefined, confirm: yes }),
      'kvV2DeleteMetadata',
      [V2],
    ],
  ] as const)(
    '%s calls %s on a KV v2 mount and prints nothing on stdout',
    async (_name, run, method, args) => {
      const call = vi.fn(ok);
      const { io, base } = setup({
        locateKv: async () => V2,
        kvV2ReadMetadata: async () => META,
        [method]: call,
      });
      await run(base);
      expect(call).toHaveBeenCalledWith(...args);
      expect(io.out()).toBe('');
      // A delete says so on a terminal with the one outcome of every delete; the others say Success!.
      expect(io.err()).toMatch(/ delete| destroy/.test(_name) ? /^✓ Deleted secret/ : /Success!/);
    },
  );

  it('a delete with -o json prints the one delete outcome', async () => {
    const { io, base } = setup(
      { locateKv: async () => V2, kvV2ReadMetadata: async () => META, kvV2DeleteMetadata: vi.fn(ok) },
      { format: 'json' },
    );
    await runKvMetadataDelete({ ...base, path: 'secret/app/db', mount: undefined, confirm: yes });
    expect(JSON.parse(io.out())).toEqual({ deleted: true, kind: 'secret', id: 'secret/app/db' });
  });

  it.each([
    [
      'kv undelete',
      (b: SecretsRunBase) => runKvUndelete({ ...b, path: 'kv/x', mount: undefined, versions: [1] }),
    ],
    [
      'kv destroy',
      (b: SecretsRunBase) =>
        runKvDestroy({ ...b, path: 'kv/x', mount: undefined, versions: [1], confirm: yes }),
    ],
    [
      'kv metadata put',
      (b: SecretsRunBase) =>
        runKvMetadataPut({ ...b, path: 'kv/x', mount: undefined, body: { max_versions: 2 } }),
    ],
    [
      'kv metadata delete',
      (b: SecretsRunBase) => runKvMetadataDelete({ ...b, path: 'kv/x', mount: undefined, confirm: yes }),
    ],
  ] as const)('%s refuses a KV v1 mount (exit 2)', async (_name, run) => {
    const { base } = setup({ locateKv: async () => V1 });
    await expect(run(base)).rejects.toThrow(/needs a KV version 2 mount; kv\/ is version 1/);
  });

  it('generic delete asks first, then deletes; list streams the keys', async () => {
    const order: string[] = [];
    const { base } = setup({
      read: async () => {
        order.push('read');
        return { status: 200, body: { data: {} } };
      },
      delete: async () => void order.push('delete'),
    });
    await runSecretsDelete({ ...base, path: 'kv/x', confirm: async (a) => void order.push(a) });
    expect(order).toEqual(['Delete kv/x', 'read', 'delete']);
    const list = setup({ list: () => keys('a', 'b/') }, { format: 'ndjson' });
    await runSecretsList({ ...list.base, path: 'kv/', limit: 30 });
    expect(list.io.out()).toBe('"a"\n"b/"\n');
  });

  it('operator seal asks first, then seals', async () => {
    const seal = vi.fn(ok);
    const { base } = setup({ seal });
    await expect(
      runOperatorSeal({ ...base, confirm: async () => Promise.reject(new UsageError('no')) }),
    ).rejects.toBeInstanceOf(UsageError);
    expect(seal).not.toHaveBeenCalled();
    await runOperatorSeal({ ...base, confirm: yes });
    expect(seal).toHaveBeenCalledTimes(1);
  });
});
