import { randomBytes, randomUUID } from 'node:crypto';
import type { Kit } from '../core/anatomy.js';
import type { Clock } from '../core/framework.js';
import { KvV1Store, KvV2Store } from './kv-store.js';
import { EXPIRED_TOKEN, LIMITED_TOKEN, SECRETS, UNSEAL_KEYS, UNSEAL_THRESHOLD } from './seed.js';
import { newId } from './wire.js';

export interface TokenEntry {
  id: string;
  accessor: string;
  policies: string[];
  /** Namespace the token belongs to (`''` root, `admin/`); it reaches that namespace and its children. */
  namespace: string;
  displayName: string;
  path: string;
  meta: Record<string, string> | null;
  created: number;
  /** Seconds; 0 = never expires (root). */
  ttl: number;
  expireAt: number | undefined;
  renewable: boolean;
  entityId: string;
}

export interface MountEntry {
  path: string;
  type: string;
  description: string;
  accessor: string;
  uuid: string;
  options: Record<string, string> | null;
  kv1?: KvV1Store;
  kv2?: KvV2Store;
}

export interface NamespaceEntry {
  path: string;
  id: string;
  mounts: Map<string, MountEntry>;
  auth: Map<string, MountEntry>;
}

export type Mode = 'active' | 'standby' | 'perfstandby' | 'drsecondary';

export interface SealState {
  initialized: boolean;
  sealed: boolean;
  keys: string[];
  threshold: number;
  /** Key shares given since the last unseal or reset. */
  progress: string[];
  nonce: string;
}

export interface StoreOptions {
  rootToken: string;
  /** `uninitialized`, `sealed` or `unsealed` (default). */
  state: string;
  mode: Mode;
  /** A managed dedicated cluster: every token lives in `admin/`, so the root namespace refuses them. */
  managed: boolean;
}

/** Everything the emulator keeps: server state, namespaces with their mounts and data, tokens. */
export class SecretsState {
  seal!: SealState;
  namespaces = new Map<string, NamespaceEntry>();
  tokens = new Map<string, TokenEntry>();

  constructor(
    readonly clock: Clock,
    readonly options: StoreOptions,
    readonly clusterId: string = randomUUID(),
  ) {
    this.reset();
  }

  reset(): void {
    const now = this.clock.now();
    const o = this.options;
    this.seal = {
      initialized: o.state !== 'uninitialized',
      sealed: o.state === 'uninitialized' || o.state === 'sealed',
      keys: o.state === 'uninitialized' ? [] : [...UNSEAL_KEYS],
      threshold: o.state === 'uninitialized' ? 0 : UNSEAL_THRESHOLD,
      progress: [],
      nonce: '',
    };
    this.namespaces = new Map();
    for (const path of ['', 'admin/', 'admin/team-a/'])
      this.namespaces.set(path, this.makeNamespace(path, now));
    this.tokens = new Map();
    if (o.state === 'uninitialized') return;
    const home = o.managed ? 'admin/' : '';
    this.addToken(
      {
        id: o.rootToken,
        policies: ['root'],
        namespace: home,
        displayName: 'root',
        path: 'auth/token/root',
        ttl: 0,
        renewable: false,
      },
      now,
    );
    this.addToken(
      {
        id: LIMITED_TOKEN,
        policies: ['default', 'app-reader'],
        namespace: home,
        displayName: 'token-limited',
        path: 'auth/token/create',
        ttl: 0,
        renewable: false,
      },
      now,
    );
    this.addToken(
      {
        id: EXPIRED_TOKEN,
        policies: ['default', 'app-reader'],
        namespace: home,
        displayName: 'token-expired',
        path: 'auth/token/create',
        ttl: 3600,
        renewable: true,
      },
      now - 2 * 3600_000,
    );
  }

  private makeNamespace(path: string, now: number): NamespaceEntry {
    const ns: NamespaceEntry = {
      path,
      id: path === '' ? 'root' : newId(),
      mounts: new Map(),
      auth: new Map(),
    };
    const mount = (
      table: Map<string, MountEntry>,
      p: string,
      type: string,
      description: string,
      options: Record<string, string> | null = null,
    ) => {
      const entry: MountEntry = {
        path: p,
        type,
        description,
        accessor: `${type}_${randomBytes(4).toString('hex')}`,
        uuid: randomUUID(),
        options,
      };
      table.set(p, entry);
      return entry;
    };
    const data = SECRETS[path] ?? { v1: {}, v2: {} };
    const kv2 = mount(ns.mounts, 'secret/', 'kv', 'key/value secret storage', { version: '2' });
    kv2.kv2 = new KvV2Store();
    for (const [key, versions] of Object.entries(data.v2))
      for (const v of versions) kv2.kv2.put(key, structuredClone(v), now);
    if (path === '') {
      const kv1 = mount(ns.mounts, 'kv/', 'kv', 'key/value secret storage (version 1)', { version: '1' });
      kv1.kv1 = new KvV1Store();
      for (const [key, value] of Object.entries(data.v1)) kv1.kv1.keys.set(key, structuredClone(value));
    }
    mount(ns.mounts, 'sys/', 'system', 'system endpoints used for control, policy and debugging');
    mount(ns.auth, 'token/', 'token', 'token based credentials');
    // The managed cluster's users live in `admin/`; otherwise in the root namespace.
    if (path === (this.options.managed ? 'admin/' : '')) {
      mount(ns.auth, 'userpass/', 'userpass', 'username and password logins');
      mount(ns.auth, 'approle/', 'approle', 'machine logins with a role and secret id');
    }
    return ns;
  }

  addToken(
    t: Pick<TokenEntry, 'id' | 'policies' | 'namespace' | 'displayName' | 'path' | 'ttl' | 'renewable'> & {
      meta?: Record<string, string> | null;
    },
    created: number = this.clock.now(),
  ): TokenEntry {
    const entry: TokenEntry = {
      ...t,
      meta: t.meta ?? null,
      accessor: newId(),
      created,
      expireAt: t.ttl > 0 ? created + t.ttl * 1000 : undefined,
      entityId: t.path.startsWith('auth/token') ? '' : randomUUID(),
    };
    this.tokens.set(entry.id, entry);
    return entry;
  }

  /** A token that exists and has not expired. */
  liveToken(id: string | undefined): TokenEntry | undefined {
    if (!id) return undefined;
    const t = this.tokens.get(id);
    if (!t) return undefined;
    if (t.expireAt !== undefined && t.expireAt <= this.clock.now()) {
      this.tokens.delete(id);
      return undefined;
    }
    return t;
  }

  /** The namespace a full path falls in (longest match) and the path inside it. */
  resolve(full: string): { ns: NamespaceEntry; rel: string } {
    let best = this.namespaces.get('')!;
    for (const ns of this.namespaces.values()) {
      if (ns.path.length > best.path.length && (full.startsWith(ns.path) || `${full}/` === ns.path))
        best = ns;
    }
    return { ns: best, rel: full.slice(best.path.length) };
  }

  /** The mount holding a path inside a namespace (longest prefix), if any. */
  mountFor(ns: NamespaceEntry, rel: string): MountEntry | undefined {
    let best: MountEntry | undefined;
    for (const m of ns.mounts.values()) {
      if ((rel.startsWith(m.path) || `${rel}/` === m.path) && m.path.length > (best?.path.length ?? 0))
        best = m;
    }
    return best;
  }

  /** Counts for /__sandbox/counters. */
  stats(): Record<string, unknown> {
    let secrets = 0;
    for (const ns of this.namespaces.values())
      for (const m of ns.mounts.values()) secrets += (m.kv2?.keys.size ?? 0) + (m.kv1?.keys.size ?? 0);
    return {
      initialized: this.seal.initialized,
      sealed: this.seal.sealed,
      mode: this.options.mode,
      tokens: this.tokens.size,
      secrets,
    };
  }
}

/** The seed's mounts, policies, tokens and secrets, sealed or not as the settings say; the cluster id kept. */
export function makeSecretsState(
  k: Pick<Kit<SecretsState>, 'clock' | 'settings'>,
  p: { rootToken: string; clusterId: string },
): SecretsState {
  return new SecretsState(
    k.clock,
    {
      rootToken: p.rootToken,
      state: k.settings.choice('state'),
      mode: k.settings.choice<Mode>('mode'),
      managed: k.settings.flag('managed'),
    },
    p.clusterId,
  );
}
