import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The whole run's temporary files in one folder of its own, removed when the run ends. Tests make a
 * config folder, an example folder and the like for each case (os.tmpdir(), read from TMPDIR by the
 * test workers and every process they start); left in /tmp they came to 166,000 entries after some
 * runs, and esbuild, listing /tmp on its way up from a checkout there, took minutes over each build.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'ops-tests-'));
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
