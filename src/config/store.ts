import { chmodSync, existsSync } from 'node:fs';
import Conf from 'conf';
import { configDir } from './paths.js';

export type ProfileData = Record<string, unknown>;

interface ConfigShape {
  current_profile?: string;
  profiles?: Record<string, ProfileData>;
}

/**
 * The config file: profiles of per-service settings, stored by `conf` as
 * `{ current_profile, profiles: { <name>: { <service>: { <key>: value } } } }`, mode 0600.
 */
export class ConfigStore {
  private readonly conf: Conf<ConfigShape>;

  constructor(env: Record<string, string | undefined>) {
    this.conf = new Conf<ConfigShape>({
      cwd: configDir(env),
      configName: 'config',
      projectSuffix: '',
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
    });
    this.tighten();
  }

  get path(): string {
    return this.conf.path;
  }

  currentProfile(): string {
    return this.conf.get('current_profile') ?? 'default';
  }

  useProfile(name: string): void {
    this.conf.set('current_profile', name);
    this.tighten();
  }

  profiles(): string[] {
    const names = new Set(Object.keys(this.conf.get('profiles') ?? {}));
    names.add('default');
    return [...names].sort();
  }

  profile(name: string): ProfileData {
    return this.conf.get('profiles')?.[name] ?? {};
  }

  /** Reads `service.key` (or a top-level key such as `output`) from a profile. */
  get(profile: string, key: string): string | undefined {
    const v = key
      .split('.')
      .reduce<unknown>(
        (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
        this.profile(profile),
      );
    return v === undefined || v === null ? undefined : String(v);
  }

  set(profile: string, key: string, value: string): void {
    const all = { ...(this.conf.get('profiles') ?? {}) };
    const data = structuredClone(all[profile] ?? {});
    const parts = key.split('.');
    let node = data as Record<string, unknown>;
    for (const p of parts.slice(0, -1)) {
      if (!node[p] || typeof node[p] !== 'object') node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    node[parts.at(-1)!] = value;
    all[profile] = data;
    this.conf.set('profiles', all);
    this.tighten();
  }

  unset(profile: string, key: string): boolean {
    const all = { ...(this.conf.get('profiles') ?? {}) };
    const data = structuredClone(all[profile] ?? {});
    const parts = key.split('.');
    let node = data as Record<string, unknown>;
    for (const p of parts.slice(0, -1)) {
      if (!node[p] || typeof node[p] !== 'object') return false;
      node = node[p] as Record<string, unknown>;
    }
    const last = parts.at(-1)!;
    if (!(last in node)) return false;
    delete node[last];
    all[profile] = data;
    this.conf.set('profiles', all);
    this.tighten();
    return true;
  }

  /** conf creates the file with the mode asked for, but an older file may be wider: narrow it. */
  private tighten(): void {
    if (existsSync(this.conf.path)) chmodSync(this.conf.path, 0o600);
  }
}
