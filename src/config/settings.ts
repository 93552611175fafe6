import type { SettingsReader } from '../clients/descriptor.js';
import { ConfigError, ExitCode, UsageError } from '../errors.js';
import { ConfigView, readConfigFile } from './file.js';
import type { ConfigStore } from './store.js';

export type Origin = 'flag' | 'env' | 'profile' | 'default';

export interface Resolved {
  value: string | undefined;
  origin: Origin | undefined;
  /** The environment variable that mirrors the key. */
  envName: string;
  /** Where a profile's value is kept: the OS keyring or the config file. */
  stored?: 'keyring' | 'file';
}

/** `hosts.api_key` ↔ `OPS_HOSTS_API_KEY`. */
export function envNameFor(key: string): string {
  return `OPS_${key.replace(/[.-]/g, '_').toUpperCase()}`;
}

/**
 * A profile's name as `-p`, OPS_PROFILE or `ops config use` gives it: letters, digits, `-` and `_`.
 * Checked wherever a name comes in, so that no command makes a profile another cannot use. `given` is
 * how the name came (`-p`, `OPS_PROFILE`), said in the error.
 */
export function checkProfileName(name: string, given?: string): void {
  if (!/^[A-Za-z0-9_-]+$/.test(name))
    throw new UsageError(
      `invalid profile name "${name}"${given ? ` (${given})` : ''}`,
      'use letters, digits, - and _',
    );
}

/** The profile a command line names, `-p` before OPS_PROFILE (an empty one is none), checked. */
export function namedProfile(
  flag: string | undefined,
  env: Record<string, string | undefined>,
): string | undefined {
  const name = flag ?? (env.OPS_PROFILE || undefined);
  if (name !== undefined) checkProfileName(name, flag !== undefined ? '-p' : 'OPS_PROFILE');
  return name;
}

/** Settings that are not per service: profile keys with the same names as the global flags. */
export const GLOBAL_KEYS = ['output', 'timeout', 'retries', 'max_wait', 'ca_cert', 'insecure'] as const;

/**
 * Resolves settings with one precedence everywhere: flag > environment > profile > default.
 * The config file is read only when it exists and a value is asked for.
 */
export class Settings {
  private store: ConfigView | undefined;
  private writable: ConfigStore | undefined;
  private loaded = false;
  /** Values read from the OS keyring, by key (`hosts.api_key`). */
  private readonly fromKeyring = new Map<string, string>();
  /** Why keys the file says the keyring holds could not be read, when they could not. */
  keyringProblem: string | undefined;

  constructor(
    private readonly env: Record<string, string | undefined>,
    /** -p / OPS_PROFILE; when absent the file's current profile (`ops config use`), else `default`. */
    private readonly explicitProfile: string | undefined,
    /** Values from flags by key (`hosts.base_url`, `timeout`). */
    private readonly flags: Record<string, string | undefined> = {},
  ) {}

  /** Loads the config file if there is one; call before `resolve`. */
  get profileName(): string {
    return this.explicitProfile ?? this.store?.currentProfile() ?? 'default';
  }

  /** The config store, loaded (and created) on demand: `ops config set` writes through it. */
  async openStore(): Promise<ConfigStore> {
    if (!this.writable) {
      const { ConfigStore: Store } = await import('./store.js');
      this.writable = new Store(this.env);
      // What is written is read from now on.
      this.store = this.writable;
      this.loaded = true;
    }
    return this.writable;
  }

  /** The environment settings are read from (the keyring's switch, the config folder). */
  get environment(): Record<string, string | undefined> {
    return this.env;
  }

  /**
   * Reads from the OS keyring the keys of the profile that the config file says it holds, of one
   * service (or of all): only then is the keyring library loaded, so a command whose credentials
   * come from elsewhere pays nothing. A keyring that does not answer leaves them unset and says why
   * in `keyringProblem`.
   */
  async loadKeyring(service?: string): Promise<void> {
    await this.load();
    const profile = this.profileName;
    const keys = (this.store?.keyringKeys(profile) ?? []).filter(
      (k) => !this.fromKeyring.has(k) && (service === undefined || k.startsWith(`${service}.`)),
    );
    if (!keys.length) return;
    const { openKeyring, keyringAccount, keyringReason } = await import('./keyring.js');
    const { keyring, why } = await openKeyring(this.env);
    if (!keyring) {
      this.keyringProblem = `no OS keyring answered (${why}): ${keys.join(', ')} cannot be read`;
      return;
    }
    for (const key of keys) {
      try {
        const v = keyring.get(keyringAccount(profile, key));
        if (v !== undefined) this.fromKeyring.set(key, v);
      } catch (err) {
        this.keyringProblem = `the OS keyring did not give ${key}: ${keyringReason(err)}`;
      }
    }
  }

  /** Records a value just kept in (or removed from) the keyring, so that this run reads it. */
  keptInKeyring(key: string, value: string | undefined): void {
    if (value === undefined) this.fromKeyring.delete(key);
    else this.fromKeyring.set(key, value);
  }

  /** The profiles of the config file (`default` always), read without opening it for writing. */
  async profiles(): Promise<string[]> {
    await this.load();
    return this.store?.profiles() ?? ['default'];
  }

  async load(): Promise<void> {
    if (this.loaded) return;
    const data = readConfigFile(this.env);
    this.store = data ? new ConfigView(() => data) : undefined;
    this.loaded = true;
  }

  /**
   * A profile named by -p or OPS_PROFILE must exist: a typo would otherwise run with no settings at
   * all. (`ops config` creates profiles, so it does not ask.)
   */
  requireProfile(): void {
    const name = this.explicitProfile;
    if (name === undefined || name === 'default') return;
    if (this.store?.profiles().includes(name)) return;
    const known = this.store?.profiles() ?? ['default'];
    throw new ConfigError(
      `profile "${name}" does not exist`,
      `profiles: ${known.join(', ')}; create it with \`ops -p ${name} config set KEY VALUE\``,
    );
  }

  resolve(key: string, fallback?: string): Resolved {
    const envName = envNameFor(key);
    const flag = this.flags[key];
    if (flag !== undefined) return { value: flag, origin: 'flag', envName };
    const fromEnv = this.env[envName];
    if (fromEnv !== undefined && fromEnv !== '') return { value: fromEnv, origin: 'env', envName };
    if (this.store?.keyringKeys(this.profileName).includes(key)) {
      const held = this.fromKeyring.get(key);
      if (held !== undefined) return { value: held, origin: 'profile', envName, stored: 'keyring' };
    }
    const fromProfile = this.store?.get(this.profileName, key);
    if (fromProfile !== undefined) return { value: fromProfile, origin: 'profile', envName, stored: 'file' };
    if (fallback !== undefined) return { value: fallback, origin: 'default', envName };
    return { value: undefined, origin: undefined, envName };
  }

  get(key: string, fallback?: string): string | undefined {
    return this.resolve(key, fallback).value;
  }

  /** A reader for one service's keys, as the descriptor's auth function wants. */
  forService(service: string, defaults: Record<string, string | undefined> = {}): SettingsReader {
    return {
      get: (key) => this.get(`${service}.${key}`, defaults[key]),
      require: (key) => {
        const full = `${service}.${key}`;
        const v = this.get(full, defaults[key]);
        if (v === undefined || v === '') {
          throw new ConfigError(
            `${service}: no ${key.replace(/_/g, ' ')} is set`,
            `set ${envNameFor(full)}, or run: ops config set ${full} -   (reads the value from stdin)`,
            ExitCode.auth,
          );
        }
        return v;
      },
    };
  }
}
