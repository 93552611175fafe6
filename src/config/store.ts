import { accessSync, chmodSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Conf from 'conf';
import { type ConfigShape, ConfigView, configFileError, configWriteError, readConfigFile } from './file.js';
import { OpsError } from '../errors.js';
import { withFileLock } from './lock.js';
import { configDir, configFile } from './paths.js';

/**
 * The config file for writing, through `conf` (atomic writes: a temp file renamed, mode 0600); reading
 * is ConfigView's. Every change is made under the file's lock (lock.ts): the file is read afresh,
 * changed and written whole, so that ops processes writing at once each keep their change. A folder
 * that cannot be made or written, or a file that is not JSON, is one error naming it before conf is
 * asked (conf would otherwise retry a write it can never make, without end).
 */
export class ConfigStore extends ConfigView {
  private readonly conf: Conf<ConfigShape>;
  private readonly dir: string;

  constructor(private readonly env: Record<string, string | undefined>) {
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
    this.dir = dir;
    this.tighten();
  }

  get path(): string {
    return this.conf.path;
  }

  useProfile(name: string): void {
    this.update((data) => {
      data.current_profile = name;
    });
  }

  set(profile: string, key: string, value: string): void {
    this.update((data) => {
      const profiles = (data.profiles ??= {});
      let node = (profiles[profile] ??= {}) as Record<string, unknown>;
      const parts = key.split('.');
      for (const p of parts.slice(0, -1)) {
        if (!node[p] || typeof node[p] !== 'object') node[p] = {};
        node = node[p] as Record<string, unknown>;
      }
      node[parts.at(-1)!] = value;
    });
  }

  unset(profile: string, key: string): boolean {
    return this.update((data) => {
      let node = data.profiles?.[profile] as Record<string, unknown> | undefined;
      const parts = key.split('.');
      for (const p of parts.slice(0, -1)) {
        if (!node?.[p] || typeof node[p] !== 'object') return false;
        node = node[p] as Record<string, unknown>;
      }
      const last = parts.at(-1)!;
      if (!node || !(last in node)) return false;
      delete node[last];
      return true;
    });
  }

  /** Records whether the OS keyring holds a key of a profile. */
  markKeyring(profile: string, key: string, held: boolean): void {
    this.update((data) => {
      const keys = new Set(new ConfigView(() => data).keyringKeys(profile));
      if (held === keys.has(key)) return false;
      if (held) keys.add(key);
      else keys.delete(key);
      const all = { ...data.keyring };
      if (keys.size) all[profile] = [...keys].sort();
      else delete all[profile];
      if (Object.keys(all).length) data.keyring = all;
      else delete data.keyring;
    });
  }

  /** Keeps an alias (`ops alias set`), replacing one of that name: its expansion as gh writes it. */
  setAlias(name: string, stored: string): void {
    this.update((data) => {
      data.aliases = { ...aliasesOf(data), [name]: stored };
    });
  }

  /** Forgets an alias; false when there was none of that name. */
  deleteAlias(name: string): boolean {
    return this.update((data) => {
      const all = aliasesOf(data);
      if (!Object.hasOwn(all, name)) return false;
      delete all[name];
      if (Object.keys(all).length) data.aliases = all;
      else delete data.aliases;
      return true;
    });
  }

  /** The aliases as the file keeps them: name → expansion (`!` first for a shell alias). */
  aliases(): Record<string, string> {
    return aliasesOf(this.data());
  }

  /**
   * Changes the file under its lock: `change` is given the file as it is now and changes it in place;
   * it is written unless `change` gives false. Gives what `change` gave.
   */
  private update<T>(change: (data: ConfigShape) => T): T {
    const file = this.conf.path;
    try {
      return withFileLock(file, () => {
        const data = readConfigFile(this.env) ?? {};
        const result = change(data);
        if (result !== false) {
          this.conf.store = data;
          this.tighten();
        }
        return result;
      });
    } catch (err) {
      // The OS refusing the lock or the write (a full disk, a folder made read-only since) names the folder.
      if (err instanceof OpsError || !(err as NodeJS.ErrnoException).syscall) throw err;
      throw configWriteError(this.dir, file, err);
    }
  }

  /** conf creates the file with the mode asked for, but an older file may be wider: narrow it. */
  private tighten(): void {
    if (existsSync(this.conf.path)) chmodSync(this.conf.path, 0o600);
  }
}

function aliasesOf(data: ConfigShape): Record<string, string> {
  const all = data.aliases;
  return all && typeof all === 'object' && !Array.isArray(all) ? { ...all } : {};
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
