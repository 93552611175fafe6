import { accessSync, chmodSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Conf from 'conf';
import { type ConfigShape, ConfigView, configFileError, configWriteError, readConfigFile } from './file.js';
import { configDir, configFile } from './paths.js';

/**
 * The config file for writing, through `conf` (atomic writes, mode 0600); reading is ConfigView's.
 * A folder that cannot be made or written, or a file that is not JSON, is one error naming it before
 * conf is asked (conf would otherwise retry a write it can never make, without end).
 */
export class ConfigStore extends ConfigView {
  private readonly conf: Conf<ConfigShape>;

  constructor(env: Record<string, string | undefined>) {
    const dir = configDir(env);
    try {
      makeFolder(dir);
      accessSync(dir, constants.W_OK);
    } catch (err) {
      throw configWriteError(dir, configFile(env), err);
    }
    readConfigFile(env);
    let conf: Conf<ConfigShape>;
    try {
      conf = new Conf<ConfigShape>({
        cwd: dir,
        configName: 'config',
        projectSuffix: '',
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
      });
    } catch (err) {
      throw configFileError(configFile(env), err);
    }
    super(() => conf.store);
    this.conf = conf;
    this.tighten();
  }

  get path(): string {
    return this.conf.path;
  }

  useProfile(name: string): void {
    this.conf.set('current_profile', name);
    this.tighten();
  }

  set(profile: string, key: string, value: string): void {
    const all = { ...(this.data().profiles ?? {}) };
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
    const all = { ...(this.data().profiles ?? {}) };
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

  /** Records whether the OS keyring holds a key of a profile. */
  markKeyring(profile: string, key: string, held: boolean): void {
    const all = { ...(this.data().keyring ?? {}) };
    const keys = new Set(this.keyringKeys(profile));
    if (held === keys.has(key)) return;
    if (held) keys.add(key);
    else keys.delete(key);
    if (keys.size) all[profile] = [...keys].sort();
    else delete all[profile];
    if (Object.keys(all).length) this.conf.set('keyring', all);
    else this.conf.delete('keyring');
    this.tighten();
  }

  /** Keeps an alias (`ops alias set`), replacing one of that name: its expansion as gh writes it. */
  setAlias(name: string, stored: string): void {
    this.conf.set('aliases', { ...this.aliases(), [name]: stored });
    this.tighten();
  }

  /** Forgets an alias; false when there was none of that name. */
  deleteAlias(name: string): boolean {
    const all = this.aliases();
    if (!Object.hasOwn(all, name)) return false;
    delete all[name];
    if (Object.keys(all).length) this.conf.set('aliases', all);
    else this.conf.delete('aliases');
    this.tighten();
    return true;
  }

  /** The aliases as the file keeps them: name → expansion (`!` first for a shell alias). */
  aliases(): Record<string, string> {
    const all = this.data().aliases;
    return all && typeof all === 'object' && !Array.isArray(all) ? { ...all } : {};
  }

  /** conf creates the file with the mode asked for, but an older file may be wider: narrow it. */
  private tighten(): void {
    if (existsSync(this.conf.path)) chmodSync(this.conf.path, 0o600);
  }
}

/**
 * Makes a folder and its missing parents one level at a time. Node's recursive mkdir never returns
 * where a parent exists but nothing can be made in it (under /proc, say): it retries without end.
 */
function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) {
    missing.unshift(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing) mkdirSync(d, { mode: 0o700 });
}
