import { existsSync, readFileSync } from 'node:fs';
import { ConfigError, ExitCode } from '../errors.js';
import { notJsonMessage } from './json-position.js';
import { configFile } from './paths.js';

export type ProfileData = Record<string, unknown>;

/**
 * `{ current_profile, profiles: { <name>: { <service>: { <key>: value } } }, keyring: { <name>: [keys] },
 * aliases: { <name>: <expansion> } }`: `keyring` names the keys of each profile that the OS keyring
 * holds (`hosts.api_key`), so that a read knows where to look without asking the keyring; `aliases`
 * are `ops alias`'s, for every profile (src/extensions/aliases.ts).
 */
export interface ConfigShape {
  current_profile?: string;
  profiles?: Record<string, ProfileData>;
  keyring?: Record<string, string[]>;
  aliases?: Record<string, string>;
}

const HINT = 'mend the file by hand, or move it away and set the values again with `ops config set`';

/**
 * Why the config folder or file cannot be used, as one line naming it. A file that is not JSON is said
 * by the place and kind of its first fault (`unexpected character at line 1 column 44`), never by
 * JSON.parse's message, which quotes the text there: perhaps part of a credential. `text`: the file's
 * text as read (read again when not given).
 */
export function configFileError(path: string, err: unknown, text?: string): ConfigError {
  const e = err as NodeJS.ErrnoException;
  if (e instanceof SyntaxError)
    return new ConfigError(
      notJsonMessage(`the config file ${path}`, text ?? readFileSync(path, 'utf8')),
      HINT,
    );
  const why =
    e.code === 'EISDIR'
      ? 'it is a folder'
      : e.code === 'ENOTDIR' || e.code === 'EEXIST'
        ? 'a part of its folder is a file'
        : e.code === 'EACCES' || e.code === 'EPERM'
          ? 'permission denied'
          : (e.message ?? String(err));
  // The OS refusing to let it be read is no bad input (exit 1), as it refusing a write is.
  const refused = e.code !== undefined && REFUSED_WRITES.has(e.code);
  return new ConfigError(
    `cannot use the config file ${path}: ${why}`,
    'OPS_CONFIG_DIR (or XDG_CONFIG_HOME) names the folder it is kept in',
    refused ? ExitCode.failure : ExitCode.usage,
  );
}

/** What the OS says when it will not let a file be written: not bad input, exit 1. */
const REFUSED_WRITES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EIO', 'EMFILE', 'ENFILE']);

/**
 * Why the config folder cannot be written, for a command that stores something: the OS's refusal
 * (`permission denied (EACCES)`, a full or read-only disk) is exit 1 naming the folder, as output that
 * cannot be written is; a folder that is a file or cannot be made is the path given, as `configFileError`.
 */
export function configWriteError(dir: string, file: string, err: unknown): ConfigError {
  const e = err as NodeJS.ErrnoException;
  if (!e.code || !REFUSED_WRITES.has(e.code)) return configFileError(file, err);
  const why = (e.message ?? '').replace(/^[A-Z0-9]+: /, '').replace(/, \w+( '[^']*')*$/, '');
  return new ConfigError(
    `cannot write the config folder ${dir}: ${why} (${e.code})`,
    'make it writable, or name another folder with OPS_CONFIG_DIR (or XDG_CONFIG_HOME)',
    ExitCode.failure,
  );
}

/** The config files a read of this process found missing. */
const missing = new Set<string>();

/**
 * The config file as it is on disk, read with Node alone (writing goes through `conf`, which costs a
 * command about 40 ms to load): undefined when there is none. A file that cannot be read or is not a
 * JSON object is one error naming it.
 */
export function readConfigFile(env: Record<string, string | undefined>): ConfigShape | undefined {
  const path = configFile(env);
  // No file is the common case of a server (`ops mcp` reads the file for every call) and of CI: once a
  // read has found none, the next ones ask existsSync, without the exception a failed read builds
  // (its message and stack cost a call more than the read). A first read, or one after the file was
  // there, says why there is none (a folder that is a file is an error).
  if (missing.has(path) && !existsSync(path)) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
    missing.delete(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      missing.add(path);
      return undefined;
    }
    throw configFileError(path, err);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw configFileError(path, err, text);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new ConfigError(`the config file ${path} does not hold a JSON object`, HINT);
  return data as ConfigShape;
}

/** Reading a config: its profiles and their values. */
export class ConfigView {
  constructor(protected readonly data: () => ConfigShape) {}

  currentProfile(): string {
    return this.data().current_profile ?? 'default';
  }

  profiles(): string[] {
    const names = new Set(Object.keys(this.data().profiles ?? {}));
    names.add('default');
    return [...names].sort();
  }

  profile(name: string): ProfileData {
    return this.data().profiles?.[name] ?? {};
  }

  /** The keys of a profile that the OS keyring holds. */
  keyringKeys(profile: string): string[] {
    const keys = this.data().keyring?.[profile];
    return Array.isArray(keys) ? keys.filter((k) => typeof k === 'string') : [];
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
}
