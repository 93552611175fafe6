import type { Context } from '../../app/types.js';
import { parseBoolean } from '../../config/boolean.js';

/**
 * Where a secret went, said on stderr unless `-q`/`OPS_QUIET`: unlike a hint it is said off a terminal
 * too, since a script that stores a secret should learn that it is in a file, not in the keyring.
 */
export function storageWarn(ctx: Pick<Context, 'io' | 'flags'>): (line: string) => void {
  const quiet = Boolean(ctx.flags.quiet) || parseBoolean(ctx.io.env.OPS_QUIET ?? '') === true;
  return (line) => {
    if (!quiet) ctx.io.stderr.write(`${line}\n`);
  };
}
