import { type ConfigShape, readConfigFile } from './config/file.js';
import { configDir } from './config/paths.js';
import { namedProfile } from './config/settings.js';
import { UsageError } from './errors.js';
import type { Io } from './io.js';
import { targetIndex } from './command-word.js';
import { nameAlone } from './usage-errors.js';
import { aliasesIn } from './extensions/aliases.js';
import { expandAlias } from './extensions/expand.js';
import { runExternal } from './extensions/external.js';
import { findPlugin } from './extensions/plugins.js';

/** What a command word that is no command of ops became: other words to run, or a program's exit code. */
export type Dispatched = { argv: string[] } | { code: number };

/**
 * `ops NAME …` where NAME is neither a service nor a built-in command: an alias (gh's rules), else a
 * plugin, an executable `ops-NAME` on PATH (kubectl's), else undefined (the unknown-command error).
 * An alias's words are run once more as a command line, their first word a command or a plugin,
 * never another alias. The config file is read only here, so a built-in command never reads it.
 */
export async function dispatchExtension(
  argv: string[],
  io: Io,
  o: { own: boolean; isCommand: (word: string) => boolean; beforeExternal: () => void },
): Promise<Dispatched | undefined> {
  const args = argv.slice(2);
  const at = targetIndex(args);
  if (at === undefined) return undefined;
  const word = args[at]!;
  const data = readConfigFile(io.env);
  const alias = aliasesIn(data).find((a) => a.name === word);
  const before = args.slice(0, at);
  const rest = args.slice(at + 1);
  if (alias?.shell) {
    return {
      code: await runExternal(
        {
          command: 'sh',
          args: ['-c', alias.expansion, word, ...rest],
          env: contextEnv(before, data, io.env, `the alias ${word}`),
          what: `the shell alias ${word} (sh)`,
        },
        io,
        o.own,
        o.beforeExternal,
      ),
    };
  }
  if (alias) {
    const expanded = [...argv.slice(0, 2), ...before, ...expandAlias(word, alias.expansion, rest)];
    const next = targetIndex(expanded.slice(2));
    const first = next === undefined ? undefined : expanded[next + 2];
    if (first === undefined || o.isCommand(first)) return { argv: expanded };
    return (await plugin(expanded, data, io, o)) ?? { argv: expanded };
  }
  return plugin(argv, data, io, o);
}

/** Runs the plugin that the command line's first word names, or undefined when there is none. */
async function plugin(
  argv: string[],
  data: ConfigShape | undefined,
  io: Io,
  o: { own: boolean; beforeExternal: () => void },
): Promise<Dispatched | undefined> {
  const args = argv.slice(2);
  const at = targetIndex(args)!;
  const name = args[at]!;
  const path = findPlugin(name, io.env);
  if (path === undefined) return undefined;
  const env = contextEnv(args.slice(0, at), data, io.env, `the plugin ${name}`);
  return {
    code: await runExternal(
      {
        command: path,
        args: args.slice(at + 1),
        env,
        what: `the plugin ${path}`,
        viaCmd: process.platform === 'win32' && /\.(cmd|bat)$/i.test(path),
      },
      io,
      o.own,
      o.beforeExternal,
    ),
  };
}

/** Root flags that a plugin learns through its environment, as the variables that mirror them. */
const VALUE_ENV: Record<string, string> = {
  '-o': 'OPS_OUTPUT',
  '--output': 'OPS_OUTPUT',
  '-p': 'OPS_PROFILE',
  '--profile': 'OPS_PROFILE',
  '--timeout': 'OPS_TIMEOUT',
  '--retries': 'OPS_RETRIES',
  '--max-wait': 'OPS_MAX_WAIT',
  '--ca-cert': 'OPS_CA_CERT',
};
const SWITCH_ENV: Record<string, [string, string]> = {
  '--json': ['OPS_OUTPUT', 'json'],
  '--debug': ['OPS_DEBUG', '1'],
  '-q': ['OPS_QUIET', '1'],
  '--quiet': ['OPS_QUIET', '1'],
  '--insecure': ['OPS_INSECURE', '1'],
  '--no-color': ['NO_COLOR', '1'],
};

/**
 * The environment of a plugin or a shell alias: ours, the root flags given before its name as the
 * variables that mirror them, and the context every plugin may rely on: OPS_PROFILE (the profile this
 * command line resolves to), OPS_CONFIG_DIR (the config folder), OPS_OUTPUT (the output format, when
 * one is given or set). A root flag that no variable mirrors (`--dry-run`, `--query`, `--base-url`)
 * would be lost: it is exit 2, pointing after the name, where the program reads its own arguments.
 */
export function contextEnv(
  before: readonly string[],
  data: ConfigShape | undefined,
  env: Record<string, string | undefined>,
  what: string,
): Record<string, string | undefined> {
  const given: Record<string, string> = {};
  for (let i = 0; i < before.length; i++) {
    const a = before[i]!;
    if (a === '--') continue;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const flag = eq < 0 ? a : a.slice(0, eq);
    if (VALUE_ENV[flag] !== undefined) {
      const value = eq < 0 ? before[++i] : a.slice(eq + 1);
      if (value !== undefined) given[VALUE_ENV[flag]!] = value;
    } else if (SWITCH_ENV[flag] !== undefined && eq < 0) {
      const [name, value] = SWITCH_ENV[flag]!;
      given[name] = value;
    } else
      throw new UsageError(
        `'${nameAlone(a)}' before ${what} has no variable to pass it in`,
        `give it after the name, where ${what} reads its own arguments`,
      );
  }
  const out = { ...env, ...given };
  // A name ops would refuse is refused here too: the program may call ops back with it.
  out.OPS_PROFILE = namedProfile(given.OPS_PROFILE, env) ?? (data?.current_profile || 'default');
  out.OPS_CONFIG_DIR = configDir(env);
  const profiled = data?.profiles?.[out.OPS_PROFILE]?.output;
  const output =
    given.OPS_OUTPUT ?? (env.OPS_OUTPUT || (typeof profiled === 'string' ? profiled : undefined));
  if (output === undefined) delete out.OPS_OUTPUT;
  else out.OPS_OUTPUT = output;
  return out;
}
