/** The in-memory data of the two KV engine versions; the HTTP rules live in kv.ts. */

export interface KvVersion {
  data: Record<string, unknown> | null;
  created: number;
  /** Epoch ms when the version counts as deleted; 0 when it is not. */
  deletion: number;
  destroyed: boolean;
}

export interface KvKey {
  versions: Map<number, KvVersion>;
  current: number;
  oldest: number;
  /** 0 = use the mount's setting. */
  maxVersions: number;
  casRequired: boolean;
  /** Seconds; 0 = use the mount's setting. */
  deleteVersionAfter: number;
  custom: Record<string, string> | null;
  created: number;
  updated: number;
}

export interface KvV2Config {
  maxVersions: number;
  casRequired: boolean;
  deleteVersionAfter: number;
}

export const DEFAULT_MAX_VERSIONS = 10;

/** KV version 2: versions, soft delete, destroy, metadata and check-and-set. */
export class KvV2Store {
  readonly keys = new Map<string, KvKey>();
  config: KvV2Config = { maxVersions: 0, casRequired: false, deleteVersionAfter: 0 };

  meta(path: string, now: number, create: boolean): KvKey | undefined {
    let key = this.keys.get(path);
    if (!key && create) {
      key = {
        versions: new Map(),
        current: 0,
        oldest: 0,
        maxVersions: 0,
        casRequired: false,
        deleteVersionAfter: 0,
        custom: null,
        created: now,
        updated: now,
      };
      this.keys.set(path, key);
    }
    return key;
  }

  maxVersionsOf(key: KvKey): number {
    return key.maxVersions || this.config.maxVersions || DEFAULT_MAX_VERSIONS;
  }

  casRequiredFor(key: KvKey | undefined): boolean {
    return this.config.casRequired || Boolean(key?.casRequired);
  }

  /** Adds a version, then drops the oldest ones beyond max_versions. */
  put(path: string, data: Record<string, unknown>, now: number): { key: KvKey; version: number } {
    const key = this.meta(path, now, true)!;
    const version = key.current + 1;
    const dva = key.deleteVersionAfter || this.config.deleteVersionAfter;
    key.versions.set(version, {
      data,
      created: now,
      deletion: dva > 0 ? now + dva * 1000 : 0,
      destroyed: false,
    });
    key.current = version;
    key.updated = now;
    if (key.oldest === 0) key.oldest = version;
    this.prune(key);
    return { key, version };
  }

  prune(key: KvKey): void {
    const max = this.maxVersionsOf(key);
    for (const v of [...key.versions.keys()].sort((a, b) => a - b)) {
      if (key.versions.size <= max) break;
      key.versions.delete(v);
    }
    key.oldest = key.versions.size ? Math.min(...key.versions.keys()) : key.current;
  }

  /** Keys directly below a directory (`app/` → `config`, `db`, `sub/`), sorted. */
  list(dir: string): string[] {
    return listBelow(this.keys.keys(), dir);
  }
}

/** KV version 1: one map per key, replaced on every write. */
export class KvV1Store {
  readonly keys = new Map<string, Record<string, unknown>>();
  list(dir: string): string[] {
    return listBelow(this.keys.keys(), dir);
  }
}

function listBelow(paths: Iterable<string>, dir: string): string[] {
  const prefix = dir === '' || dir.endsWith('/') ? dir : `${dir}/`;
  const out = new Set<string>();
  for (const p of paths) {
    if (!p.startsWith(prefix)) continue;
    const rest = p.slice(prefix.length);
    const slash = rest.indexOf('/');
    out.add(slash === -1 ? rest : rest.slice(0, slash + 1));
  }
  return [...out].filter(Boolean).sort();
}
