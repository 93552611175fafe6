import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$OPS_CONFIG_DIR`, else `$XDG_CONFIG_HOME/ops`, else `~/.config/ops`. */
export function configDir(env: Record<string, string | undefined>): string {
  if (env.OPS_CONFIG_DIR) return env.OPS_CONFIG_DIR;
  const xdg = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(xdg, 'ops');
}

export function configFile(env: Record<string, string | undefined>): string {
  return join(configDir(env), 'config.json');
}
