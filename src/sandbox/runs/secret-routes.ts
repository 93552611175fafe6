import { createHash } from 'node:crypto';
import type { OperationTable } from '../core/anatomy.js';
import { type SandboxRequest, empty, json } from '../core/framework.js';
import { type Env, bodyOf, fail, intParam, invalid, notFound, orgOf, page, repoOf } from './http.js';
import type { OrgRec, RepoRec, SecretRec, VariableRec, Vault, Visibility, World } from './model.js';
import { iso, repository } from './wire.js';

/** Largest secret or variable value, in bytes. */
const MAX_VALUE = 48 * 1024;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;

type Sodium = typeof import('libsodium-wrappers');
let sodium: Promise<Sodium> | undefined;

/** libsodium, loaded the first time a key is needed. */
function loadSodium(): Promise<Sodium> {
  sodium ??= import('libsodium-wrappers').then(async (m) => {
    const s = ((m as unknown as { default?: Sodium }).default ?? m) as Sodium;
    await s.ready;
    return s;
  });
  return sodium;
}

interface KeyPair {
  keyId: string;
  publicKey: Uint8Array;
  privateKey: Uint8Array;
}

/**
 * One Curve25519 key pair per scope, the same on every start (derived from the scope's name), so
 * that `key_id` values in docs and tests stay put.
 */
export class Keys {
  private readonly pairs = new Map<string, KeyPair>();
  async of(scope: string): Promise<KeyPair> {
    const kept = this.pairs.get(scope);
    if (kept) return kept;
    const s = await loadSodium();
    const seed = createHash('sha256').update(`ops-sandbox-runs-key:${scope}`).digest();
    const pair = s.crypto_box_seed_keypair(seed);
    const keyId = (BigInt(`0x${seed.subarray(0, 8).toString('hex')}`) % 10n ** 18n)
      .toString()
      .padStart(18, '0');
    const made = { keyId, publicKey: pair.publicKey, privateKey: pair.privateKey };
    this.pairs.set(scope, made);
    return made;
  }
  /** Opens a sealed box with the scope's key; undefined when it does not open. */
  async open(scope: string, sealed: Uint8Array): Promise<Buffer | undefined> {
    const [s, pair] = await Promise.all([loadSodium(), this.of(scope)]);
    try {
      return Buffer.from(s.crypto_box_seal_open(sealed, pair.publicKey, pair.privateKey));
    } catch {
      return undefined;
    }
  }
}

export interface SecretStats {
  secretsDecrypted: number;
  sealedBoxesRejected: number;
}

interface Where {
  /** The key pair's scope name. */
  scope: string;
  vault: Vault;
  org?: OrgRec;
  repo?: RepoRec;
}

function checkName(name: string, what: string): string {
  if (!NAME.test(name))
    throw invalid(
      `${what} names can only contain alphanumeric characters ([a-z], [A-Z], [0-9]) or underscores (_), and must not start with a number.`,
    );
  return name.toUpperCase();
}

function visibilityOf(
  body: Record<string, unknown>,
  org: OrgRec,
  world: World,
  required: boolean,
): { visibility?: Visibility; selected?: Set<number> } {
  const v = body.visibility;
  if (v === undefined && !required) return {};
  if (v !== 'all' && v !== 'private' && v !== 'selected')
    throw invalid('Validation Failed', [
      { resource: 'Secret', field: 'visibility', code: v === undefined ? 'missing_field' : 'invalid' },
    ]);
  const ids = body.selected_repository_ids;
  if (ids !== undefined && v !== 'selected')
    throw invalid('selected_repository_ids can only be given when visibility is selected');
  const selected = new Set<number>();
  if (ids !== undefined) {
    if (!Array.isArray(ids))
      throw invalid('Validation Failed', [
        { resource: 'Secret', field: 'selected_repository_ids', code: 'invalid' },
      ]);
    for (const raw of ids) {
      const id = Number(raw);
      const known = [...world.repos.values()].some((r) => r.id === id && r.org === org);
      if (!Number.isInteger(id) || !known)
        throw invalid(`Repository ${String(raw)} is not a repository of ${org.login}`);
      selected.add(id);
    }
  }
  return { visibility: v, ...(v === 'selected' ? { selected } : {}) };
}

function secretWire(
  s: SecretRec,
  org: OrgRec | undefined,
  env: Env,
  req: SandboxRequest,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: s.name,
    created_at: iso(s.createdAt),
    updated_at: iso(s.updatedAt),
  };
  if (org && s.visibility) {
    out.visibility = s.visibility;
    if (s.visibility === 'selected')
      out.selected_repositories_url = `${env.urls(req).api}/orgs/${org.login}/actions/secrets/${s.name}/repositories`;
  }
  return out;
}

function variableWire(
  v: VariableRec,
  org: OrgRec | undefined,
  env: Env,
  req: SandboxRequest,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: v.name,
    value: v.value,
    created_at: iso(v.createdAt),
    updated_at: iso(v.updatedAt),
  };
  if (org && v.visibility) {
    out.visibility = v.visibility;
    if (v.visibility === 'selected')
      out.selected_repositories_url = `${env.urls(req).api}/orgs/${org.login}/actions/variables/${v.name}/repositories`;
  }
  return out;
}

/** Organisation items a repository of it can use: `all`, `private` for private ones, `selected` when listed. */
function visibleTo(
  repo: RepoRec,
  item: { visibility?: Visibility | undefined; selected?: Set<number> | undefined },
): boolean {
  if (item.visibility === 'all') return true;
  if (item.visibility === 'private') return repo.private;
  return Boolean(item.selected?.has(repo.id));
}

type Scope = [string, string, (req: SandboxRequest) => Where];

/** The three scopes of secrets and variables: a repository, an environment of one, an organisation. */
function scopesOf(env: Env): Scope[] {
  const repoWhere = (req: SandboxRequest): Where => {
    const repo = repoOf(env, req);
    return { scope: `repo:${repo.id}`, vault: repo.vault, repo };
  };
  const envWhere = (req: SandboxRequest): Where => {
    const repo = repoOf(env, req);
    const name = req.params.environment_name ?? '';
    const vault = repo.environments.get(name);
    if (!vault) throw notFound();
    return { scope: `env:${repo.id}:${name}`, vault, repo };
  };
  const orgWhere = (req: SandboxRequest): Where => {
    const org = orgOf(env, req);
    return { scope: `org:${org.login.toLowerCase()}`, vault: org.vault, org };
  };
  return [
    ['Repo', '/repos/:owner/:repo/actions', repoWhere],
    ['Environment', '/repos/:owner/:repo/environments/:environment_name', envWhere],
    ['Org', '/orgs/:org/actions', orgWhere],
  ];
}

/** A secret's creation or update: its sealed box opened with the scope's key, or an organisation's visibility. */
async function putSecret(env: Env, keys: Keys, stats: SecretStats, req: SandboxRequest, w: Where) {
  const name = checkName(req.params.secret_name ?? '', 'Secret');
  const body = bodyOf(req);
  const vis = w.org ? visibilityOf(body, w.org, env.world(), true) : {};
  const existing = w.vault.secrets.get(name);
  let value = existing?.value;
  const given = body.encrypted_value !== undefined || body.key_id !== undefined;
  if (given || !w.org || !existing) {
    const enc = body.encrypted_value;
    const keyId = body.key_id;
    if (typeof enc !== 'string' || typeof keyId !== 'string')
      throw invalid('Validation Failed', [
        {
          resource: 'Secret',
          field: typeof enc !== 'string' ? 'encrypted_value' : 'key_id',
          code: 'missing_field',
        },
      ]);
    if (!BASE64.test(enc))
      throw invalid('Validation Failed', [
        {
          resource: 'Secret',
          field: 'encrypted_value',
          code: 'invalid',
          message: 'encrypted_value is not valid base64',
        },
      ]);
    const pair = await keys.of(w.scope);
    if (keyId !== pair.keyId) {
      stats.sealedBoxesRejected++;
      throw invalid('Validation Failed', [
        {
          resource: 'Secret',
          field: 'key_id',
          code: 'invalid',
          message: `key_id ${keyId} is not the current public key of this scope`,
        },
      ]);
    }
    const opened = await keys.open(w.scope, Buffer.from(enc, 'base64'));
    if (!opened) {
      stats.sealedBoxesRejected++;
      throw invalid('Validation Failed', [
        {
          resource: 'Secret',
          field: 'encrypted_value',
          code: 'invalid',
          message: 'encrypted_value is not a sealed box for this key',
        },
      ]);
    }
    if (opened.length > MAX_VALUE) throw invalid(`Secret values are limited to ${MAX_VALUE} bytes`);
    stats.secretsDecrypted++;
    value = opened;
  }
  const now = env.now();
  w.vault.secrets.set(name, {
    name,
    value: value!,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    ...(w.org
      ? {
          visibility: vis.visibility ?? existing?.visibility,
          selected: vis.selected ?? (vis.visibility === 'selected' ? existing?.selected : undefined),
        }
      : {}),
  });
  return existing ? empty(204) : json(201, {});
}

/** A scope's public key and secrets. */
function secretOps(
  router: OperationTable,
  env: Env,
  keys: Keys,
  stats: SecretStats,
  [S, base, where]: Scope,
): void {
  router
    .op(`get${S}PublicKey`, 'GET', `${base}/secrets/public-key`, async (req) => {
      const pair = await keys.of(where(req).scope);
      return json(200, { key_id: pair.keyId, key: Buffer.from(pair.publicKey).toString('base64') });
    })
    .op(`list${S}Secrets`, 'GET', `${base}/secrets`, (req) => {
      const w = where(req);
      const list = [...w.vault.secrets.values()].sort((a, b) => a.name.localeCompare(b.name));
      return page(env, req, 'secrets', list, (s) => secretWire(s, w.org, env, req));
    })
    .op(`get${S}Secret`, 'GET', `${base}/secrets/:secret_name`, (req) => {
      const w = where(req);
      const s = w.vault.secrets.get((req.params.secret_name ?? '').toUpperCase());
      if (!s) throw notFound();
      return json(200, secretWire(s, w.org, env, req));
    })
    .op(`createOrUpdate${S}Secret`, 'PUT', `${base}/secrets/:secret_name`, async (req) =>
      putSecret(env, keys, stats, req, where(req)),
    )
    .op(`delete${S}Secret`, 'DELETE', `${base}/secrets/:secret_name`, (req) => {
      const w = where(req);
      if (!w.vault.secrets.delete((req.params.secret_name ?? '').toUpperCase())) throw notFound();
      return empty(204);
    });
}

/** A scope's variables. */
function variableOps(router: OperationTable, env: Env, [S, base, where]: Scope): void {
  router
    .op(`list${S}Variables`, 'GET', `${base}/variables`, (req) => {
      const w = where(req);
      const list = [...w.vault.variables.values()].sort((a, b) => a.name.localeCompare(b.name));
      return page(env, req, 'variables', list, (v) => variableWire(v, w.org, env, req), { max: 30 });
    })
    .op(`create${S}Variable`, 'POST', `${base}/variables`, (req) => {
      const w = where(req);
      const body = bodyOf(req);
      for (const field of ['name', 'value'])
        if (typeof body[field] !== 'string' || (field === 'name' && body[field] === ''))
          throw invalid('Validation Failed', [
            { resource: 'Variable', field, code: body[field] === undefined ? 'missing_field' : 'invalid' },
          ]);
      const name = checkName(body.name as string, 'Variable');
      const value = body.value as string;
      if (Buffer.byteLength(value) > MAX_VALUE)
        throw invalid(`Variable values are limited to ${MAX_VALUE} bytes`);
      const vis = w.org ? visibilityOf(body, w.org, env.world(), true) : {};
      if (w.vault.variables.has(name)) throw fail(409, 'Already exists - Variable already exists');
      const now = env.now();
      w.vault.variables.set(name, { name, value, createdAt: now, updatedAt: now, ...vis });
      return json(201, {});
    })
    .op(`get${S}Variable`, 'GET', `${base}/variables/:name`, (req) => {
      const w = where(req);
      const v = w.vault.variables.get((req.params.name ?? '').toUpperCase());
      if (!v) throw notFound();
      return json(200, variableWire(v, w.org, env, req));
    })
    .op(`update${S}Variable`, 'PATCH', `${base}/variables/:name`, (req) => {
      const w = where(req);
      const v = w.vault.variables.get((req.params.name ?? '').toUpperCase());
      if (!v) throw notFound();
      const body = bodyOf(req);
      if (body.value !== undefined) {
        if (typeof body.value !== 'string')
          throw invalid('Validation Failed', [{ resource: 'Variable', field: 'value', code: 'invalid' }]);
        if (Buffer.byteLength(body.value) > MAX_VALUE)
          throw invalid(`Variable values are limited to ${MAX_VALUE} bytes`);
        v.value = body.value;
      }
      if (w.org && body.visibility !== undefined)
        Object.assign(v, { selected: undefined }, visibilityOf(body, w.org, env.world(), true));
      if (body.name !== undefined && body.name !== v.name) {
        const renamed = checkName(String(body.name), 'Variable');
        if (w.vault.variables.has(renamed)) throw fail(409, 'Already exists - Variable already exists');
        w.vault.variables.delete(v.name);
        v.name = renamed;
        w.vault.variables.set(renamed, v);
      }
      v.updatedAt = env.now();
      return empty(204);
    })
    .op(`delete${S}Variable`, 'DELETE', `${base}/variables/:name`, (req) => {
      const w = where(req);
      if (!w.vault.variables.delete((req.params.name ?? '').toUpperCase())) throw notFound();
      return empty(204);
    });
}

/** An organisation's secrets or variables as a repository sees them, and the repositories chosen for one. */
function orgSharedOps(router: OperationTable, env: Env, kind: 'secrets' | 'variables'): void {
  const K = kind === 'secrets' ? 'Secret' : 'Variable';
  router.op(`listRepoOrganization${K}s`, 'GET', `/repos/:owner/:repo/actions/organization-${kind}`, (req) => {
    const repo = repoOf(env, req);
    const org = repo.org;
    const items = org
      ? [...org.vault[kind].values()]
          .filter((x) => visibleTo(repo, x))
          .sort((a, b) => a.name.localeCompare(b.name))
      : [];
    return kind === 'secrets'
      ? page(env, req, kind, items as SecretRec[], (s) => secretWire(s, undefined, env, req))
      : page(env, req, kind, items as VariableRec[], (v) => variableWire(v, undefined, env, req), {
          max: 30,
        });
  });
  const param = kind === 'secrets' ? ':secret_name' : ':name';
  const itemOf = (req: SandboxRequest) => {
    const org = orgOf(env, req);
    const item = org.vault[kind].get((req.params.secret_name ?? req.params.name ?? '').toUpperCase());
    if (!item) throw notFound();
    if (item.visibility !== 'selected')
      throw fail(
        409,
        `The visibility of ${item.name} is ${item.visibility}; repositories can only be chosen when it is selected.`,
      );
    return { org, item };
  };
  router
    .op(`listSelectedReposForOrg${K}`, 'GET', `/orgs/:org/actions/${kind}/${param}/repositories`, (req) => {
      const { org, item } = itemOf(req);
      const repos = [...env.world().repos.values()]
        .filter((r) => r.org === org && item.selected?.has(r.id))
        .sort((a, b) => a.id - b.id);
      return page(env, req, 'repositories', repos, (r) => repository(env.urls(req), r));
    })
    .op(
      `addSelectedRepoToOrg${K}`,
      'PUT',
      `/orgs/:org/actions/${kind}/${param}/repositories/:repository_id`,
      (req) => {
        const { org, item } = itemOf(req);
        const id = intParam(req, 'repository_id');
        if (![...env.world().repos.values()].some((r) => r.id === id && r.org === org)) throw notFound();
        (item.selected ??= new Set()).add(id);
        item.updatedAt = env.now();
        return empty(204);
      },
    )
    .op(
      `removeSelectedRepoFromOrg${K}`,
      'DELETE',
      `/orgs/:org/actions/${kind}/${param}/repositories/:repository_id`,
      (req) => {
        const { item } = itemOf(req);
        item.selected?.delete(intParam(req, 'repository_id'));
        return empty(204);
      },
    );
}

export function secretRoutes(router: OperationTable, env: Env, keys: Keys, stats: SecretStats): void {
  for (const scope of scopesOf(env)) {
    secretOps(router, env, keys, stats, scope);
    variableOps(router, env, scope);
  }

  // Organisation secrets and variables a repository can use.
  for (const kind of ['secrets', 'variables'] as const) orgSharedOps(router, env, kind);
}
