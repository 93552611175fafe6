import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from './framework.js';
import { privateRoot } from './tls.js';

/**
 * Where `ops sandbox start` keeps its clock for the CLI (`OPS_SANDBOX_CLOCK`, which `ops sandbox env`
 * exports): the sandbox's clock runs faster than the wall's, so relative times (`--end 1h`) are read on
 * it, not on the machine's (src/clock.ts).
 */
export function sandboxClockPath(port: number, base = tmpdir()): string {
  return join(privateRoot(false, base), `ops-sandbox-${port}`, 'clock.json');
}

/**
 * Writes the clock's state (origin, speed, offset) now and after each advance or reset, each time
 * whole (a temporary file renamed over it, so a reader never sees half); gives what removes it.
 */
export function keepClockFile(port: number, clock: Clock, base = tmpdir()): () => void {
  const dir = join(privateRoot(true, base), `ops-sandbox-${port}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, 'clock.json');
  const write = () => {
    writeFileSync(`${path}.tmp`, `${JSON.stringify(clock.state())}\n`, { mode: 0o644 });
    renameSync(`${path}.tmp`, path);
  };
  write();
  clock.onChange(write);
  return () => rmSync(path, { force: true });
}
