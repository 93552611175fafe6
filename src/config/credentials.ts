import type { Settings } from './settings.js';
import type { ConfigStore } from './store.js';

/** Where `ops` kept a credential it was given (a login, `ops config set` of a secret). */
export type StoredIn = 'keyring' | 'file';

export interface SaveOptions {
  /** Keep secrets in the 0600 config file even where a keyring answers (`--insecure-storage`). */
  insecureStorage?: boolean;
  /** Says once on stderr where a secret went when no keyring answered. */
  warn?: (line: string) => void;
}

/**
 * The one line said when no keyring answered and a secret went to the file: callers print it on
 * stderr unless `-q`, terminal or not, since it tells where a secret is.
 */
export function fileFallbackLine(why: string, keys: readonly string[], path: string): string {
  return `ops: no OS keyring answered (${why}); kept ${keys.join(', ')} in ${path} (0600)`;
}

/** The runs (one Settings each) that said where a secret went: once a run. */
const warned = new WeakSet<Settings>();

/**
 * Keeps settings of one service in the current profile, the one way every login and `ops config set`
 * stores what it is given: the values of `secretKeys` go to the OS keyring (else, said once through
 * `warn`, to the 0600 config file; `insecureStorage` chooses the file without asking the keyring),
 * the others (an expiry, a fingerprint) to the config file; an undefined value removes its key
 * wherever it is. A key lives in one place only: saving it to one removes it from the other. Gives
 * the profile written and where the secrets went.
 */
export async function saveCredentials(
  settings: Settings,
  service: string,
  entries: Record<string, string | undefined>,
  secretKeys: readonly string[],
  o: SaveOptions = {},
): Promise<{ profile: string; storedIn: StoredIn }> {
  const store = await settings.openStore();
  const profile = settings.profileName;
  const secrets = Object.entries(entries).filter(([k, v]) => v !== undefined && secretKeys.includes(k));
  let storedIn: StoredIn = 'file';
  const toFile = new Map<string, string | undefined>();
  for (const [key, value] of Object.entries(entries))
    if (value === undefined || !secretKeys.includes(key)) toFile.set(key, value);
  if (secrets.length) {
    const why = o.insecureStorage ? undefined : await keepInKeyring(settings, store, service, secrets);
    if (why === undefined && !o.insecureStorage) storedIn = 'keyring';
    else {
      for (const [key, value] of secrets) toFile.set(key, value);
      if (why !== undefined && !warned.has(settings) && o.warn) {
        warned.add(settings);
        o.warn(
          fileFallbackLine(
            why,
            secrets.map(([k]) => `${service}.${k}`),
            store.path,
          ),
        );
      }
    }
  }
  const removed = [...toFile].filter(([, v]) => v === undefined).map(([k]) => k);
  await forgetInKeyring(
    settings,
    store,
    service,
    [...removed, ...(storedIn === 'file' ? secrets.map(([k]) => k) : [])],
    o.warn,
  );
  for (const [key, value] of toFile) {
    if (value === undefined) store.unset(profile, `${service}.${key}`);
    else store.set(profile, `${service}.${key}`, value);
  }
  return { profile, storedIn };
}

/** Puts secrets in the keyring and out of the file; gives why not when no keyring answered. */
async function keepInKeyring(
  settings: Settings,
  store: ConfigStore,
  service: string,
  secrets: [string, string | undefined][],
): Promise<string | undefined> {
  const { openKeyring, keyringAccount, keyringReason } = await import('./keyring.js');
  const { keyring, why } = await openKeyring(settings.environment);
  if (!keyring) return why;
  const profile = settings.profileName;
  try {
    for (const [key, value] of secrets) keyring.set(keyringAccount(profile, `${service}.${key}`), value!);
  } catch (err) {
    return keyringReason(err);
  }
  for (const [key, value] of secrets) {
    const full = `${service}.${key}`;
    store.markKeyring(profile, full, true);
    store.unset(profile, full);
    settings.keptInKeyring(full, value);
  }
  return undefined;
}

/**
 * Removes keys from the keyring where the file says it holds them; gives those removed. A keyring
 * that does not answer cannot forget them: the record goes all the same, and `warn` says so.
 */
async function forgetInKeyring(
  settings: Settings,
  store: ConfigStore,
  service: string,
  keys: readonly string[],
  warn?: (line: string) => void,
): Promise<string[]> {
  const profile = settings.profileName;
  const held = keys.filter((k) => store.keyringKeys(profile).includes(`${service}.${k}`));
  if (!held.length) return [];
  const { openKeyring, keyringAccount, keyringReason } = await import('./keyring.js');
  const { keyring, why } = await openKeyring(settings.environment);
  for (const key of held) {
    const full = `${service}.${key}`;
    try {
      if (keyring) keyring.delete(keyringAccount(profile, full));
      else warn?.(`ops: no OS keyring answered (${why}); ${full} may still be in it`);
    } catch (err) {
      warn?.(`ops: the OS keyring did not forget ${full}: ${keyringReason(err)}`);
    }
    store.markKeyring(profile, full, false);
    settings.keptInKeyring(full, undefined);
  }
  return held;
}

/** Forgets keys of one service in the current profile wherever they were kept; gives those removed. */
export async function forgetCredentials(
  settings: Settings,
  service: string,
  keys: readonly string[],
  o: { warn?: (line: string) => void } = {},
): Promise<string[]> {
  const store = await settings.openStore();
  const profile = settings.profileName;
  const fromKeyring = await forgetInKeyring(settings, store, service, keys, o.warn);
  const fromFile = keys.filter((key) => store.unset(profile, `${service}.${key}`));
  return keys.filter((k) => fromKeyring.includes(k) || fromFile.includes(k));
}

/** Every key of a profile that the keyring holds, of one service: `[token, refresh_token]`. */
export async function keyringKeysOf(settings: Settings, service: string): Promise<string[]> {
  await settings.load();
  const store = await settings.openStore();
  return store
    .keyringKeys(settings.profileName)
    .filter((k) => k.startsWith(`${service}.`))
    .map((k) => k.slice(service.length + 1));
}
