import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Under `set -o pipefail`, `writer | grep -q pattern` fails with 141 (SIGPIPE) whenever grep stops reading
// at its first match while the writer still writes: a race the writer's size and the machine's load decide.
// CI failed so once (`dpkg-deb --info … | grep -q` in check.sh). A script keeps the output whole first
// (`out="$(writer)"; grep -q pattern <<< "$out"`).
const root = new URL('../../', import.meta.url);
const scripts = execFileSync('git', ['ls-files', '*.sh', '.ci/run'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
/** A pipe into a reader that may stop before the writer has finished. */
const EARLY_READER = /\|\s*(head\b|grep\s+-[A-Za-z]*[qm]|grep\s+--(quiet|max-count)|sed\s+-n\s+['"]?\d*q)/;

describe('shell scripts under pipefail', () => {
  it('finds the scripts', () => {
    expect(scripts).toContain('scripts/release/check.sh');
  });

  it.each(scripts)('%s pipes into no reader that stops early', (file) => {
    const text = readFileSync(new URL(file, root), 'utf8');
    if (!/set -[a-z]*o pipefail|set -o pipefail/.test(text)) return;
    const offending = text
      .split('\n')
      .map((line, i) => ({ line: line.trim(), n: i + 1 }))
      .filter(({ line }) => !line.startsWith('#') && EARLY_READER.test(line))
      .map(({ line, n }) => `${file}:${n}: ${line}`);
    expect(offending).toEqual([]);
  });
});
