import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ops.cjs');

/**
 * Runs bin/ops.cjs with `args` (stdout a pipe) under this Node, told it runs on `platform` and `arch`
 * when given; says whether node:vm was loaded (main is compiled with it, the launcher's own answers
 * never load it) and what its fresh cache folder holds after.
 */
export function runLauncher(args: string[], pretend: { platform?: string; arch?: string } = {}) {
  const cache = mkdtempSync(join(tmpdir(), 'ops-launcher-'));
  const script = [
    ...Object.entries(pretend).map(
      ([key, value]) =>
        `Object.defineProperty(process, ${JSON.stringify(key)}, { value: ${JSON.stringify(value)} });`,
    ),
    "process.on('exit', () => process.stderr.write('\\n#' + process.moduleLoadList.includes('NativeModule vm')));",
    `process.argv = [process.argv[0], ${JSON.stringify(BIN)}, ...${JSON.stringify(args)}];`,
    `require(${JSON.stringify(BIN)});`,
  ].join('\n');
  const r = spawnSync(process.execPath, ['-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), OPS_CACHE_DIR: cache, OPS_NO_UPDATE_NOTIFIER: '1' },
  });
  const code = join(cache, 'code');
  return {
    status: r.status,
    stdout: r.stdout,
    // What ops wrote to stderr is left out: the last line is the witness's.
    vm: r.stderr.endsWith('\n#true'),
    caches: existsSync(code) ? readdirSync(code) : [],
  };
}
