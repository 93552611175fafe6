import { parseBoolean } from './boolean.js';

/**
 * The OS keyring (Secret Service on Linux, Keychain on macOS, Credential Manager on Windows) through
 * `@napi-rs/keyring`, loaded only when a keyring-held key is read or a secret is stored. Each secret
 * is one item: service `ops`, account `<profile>:<service>.<key>` (`default:hosts.api_key`).
 */
export const KEYRING_SERVICE = 'ops';

export function keyringAccount(profile: string, key: string): string {
  return `${profile}:${key}`;
}

/** One item of the keyring, as the library's synchronous `Entry` has it. */
interface EntryLike {
  getPassword(): string | null;
  setPassword(password: string): void;
  deletePassword(): boolean;
}

interface Library {
  Entry: new (
    service: string,
    account: string,
    options?: { linux?: { store?: 'secret-service' | 'keyutils' } },
  ) => EntryLike;
}

/** A keyring that answered: reads, writes and deletes items of `ops`. */
export interface Keyring {
  get(account: string): string | undefined;
  set(account: string, value: string): void;
  delete(account: string): boolean;
}

export type Opened = { keyring: Keyring; why?: undefined } | { keyring?: undefined; why: string };

/** What a failure of the library says, as a short reason (`no D-Bus session bus`). */
export function keyringReason(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  if (/DBUS_SESSION_BUS_ADDRESS|autolaunch/.test(m)) return 'no D-Bus session bus';
  if (/ServiceUnknown|org\.freedesktop\.secrets/.test(m)) return 'no Secret Service on the session bus';
  return m.replace(/^Couldn't access platform storage: /, 'platform storage refused: ').split('\n')[0]!;
}

/**
 * The library itself: in the single binary, the native module kept as an asset is written once to
 * the cache folder and loaded from there (a binary cannot load a module from inside itself); else
 * the installed package.
 */
async function loadLibrary(env: Record<string, string | undefined>): Promise<Library> {
  const sea = process.getBuiltinModule('node:sea') as { isSea(): boolean } | undefined;
  if (sea?.isSea()) return (await import('./keyring-native.js')).loadFromBinary(env) as Library;
  // The bundles (where the build defines import.meta.url away) are CommonJS run in a vm script,
  // where `import()` of a package cannot work.
  if (import.meta.url === undefined) return require('@napi-rs/keyring') as Library;
  return (await import('@napi-rs/keyring')) as unknown as Library;
}

const opened = new Map<string, Promise<Opened>>();

/**
 * The keyring, or why none answered. `OPS_NO_KEYRING=1` says none does; on Linux so does an
 * environment without `DBUS_SESSION_BUS_ADDRESS` (the library would refuse the same, after loading).
 * The first use asks the keyring for an item that does not exist, so that a session without a
 * Secret Service fails here, once.
 */
export function openKeyring(env: Record<string, string | undefined>): Promise<Opened> {
  if (env.OPS_NO_KEYRING !== undefined && parseBoolean(env.OPS_NO_KEYRING) !== false)
    return Promise.resolve({ why: 'OPS_NO_KEYRING is set' });
  const bus = env.DBUS_SESSION_BUS_ADDRESS;
  if (process.platform === 'linux' && !bus) return Promise.resolve({ why: 'no D-Bus session bus' });
  let o = opened.get(bus ?? '');
  if (!o) {
    o = open(env);
    opened.set(bus ?? '', o);
  }
  return o;
}

async function open(env: Record<string, string | undefined>): Promise<Opened> {
  let lib: Library;
  try {
    lib = await loadLibrary(env);
  } catch (err) {
    return { why: `the keyring library did not load: ${keyringReason(err)}` };
  }
  // On Linux the Secret Service only: the library would otherwise fall back to the kernel's keyutils,
  // which forgets everything at the end of the session or at a reboot.
  const entry = (account: string) =>
    new lib.Entry(KEYRING_SERVICE, account, { linux: { store: 'secret-service' } });
  const keyring: Keyring = {
    get: (account) => entry(account).getPassword() ?? undefined,
    set: (account, value) => entry(account).setPassword(value),
    delete: (account) => entry(account).deletePassword(),
  };
  try {
    keyring.get(keyringAccount('', 'probe'));
  } catch (err) {
    return { why: keyringReason(err) };
  }
  return { keyring };
}
