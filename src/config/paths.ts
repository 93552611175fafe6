import { sep } from 'node:path';

/**
 * `a` and `b` joined by one separator, without path.join: its normalisation is compiled on a process's
 * first use (about 0.2 ms of every command's start, which reads the config file), and these paths are
 * the user's own, kept as they were given.
 */
export function join(a: string, ...rest: string[]): string {
  let out = a;
  for (const b of rest) out = out.endsWith(sep) || out.endsWith('/') ? out + b : out + sep + b;
  return out;
}

/** `$OPS_CONFIG_DIR`, else `$XDG_CONFIG_HOME/ops`, else `~/.config/ops`. */
export function configDir(env: Record<string, string | undefined>): string {
  if (env.OPS_CONFIG_DIR) return env.OPS_CONFIG_DIR;
  // node:os only when HOME is unset: loading it costs every command's start.
  const xdg =
    env.XDG_CONFIG_HOME || join(env.HOME || process.getBuiltinModule('node:os').homedir(), '.config');
  return join(xdg, 'ops');
}

export function configFile(env: Record<string, string | undefined>): string {
  return join(configDir(env), 'config.json');
}

/**
 * The folder for what ops keeps between runs and may lose (completion answers, the update check):
 * `$XDG_CACHE_HOME/ops`, else `~/.cache/ops`. The compiled code caches live in its `code` folder
 * (`OPS_CACHE_DIR` moves those alone).
 */
export function cacheDir(env: Record<string, string | undefined>): string {
  const home = env.HOME || process.getBuiltinModule('node:os').homedir();
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'ops');
}
