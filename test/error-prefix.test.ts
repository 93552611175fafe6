import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from './helpers/cli.js';

/**
 * `ops: ` is put before every error line in one place (src/render-error.ts): a message that starts with
 * `ops …` itself reads `ops: ops db login …` (issue 37, item 8).
 */
const SRC = join(import.meta.dirname, '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('no error message carries the ops: prefix itself', () => {
  it('no error, confirmation or message of the source starts with `ops `', () => {
    const found: string[] = [];
    // The agent interface's CallError is answered as a tool's text, not through render-error.
    const re = /(?:new (\w*Error)|confirm|message:)\(?\s*[`'"]ops[ :]/g;
    for (const file of files(SRC))
      for (const m of readFileSync(file, 'utf8').matchAll(re))
        if (m[1] !== 'CallError') found.push(`${relative(SRC, file)}: ${m[0]}`);
    expect(found).toEqual([]);
  });

  it.each([
    [['--dry-run', 'db', 'login', '--token-stdin'], {}, 'ops: db login has no --dry-run'],
    [['tasks', 'login', '--dry-run'], {}, 'ops: tasks login has no --dry-run'],
    [['docgen', 'login', '--dry-run', '--token-stdin'], {}, 'ops: docgen login has no --dry-run'],
    [['auth', 'token', 'hosts'], { tty: true }, 'ops: the hosts credential is not printed on a terminal'],
  ])('%j', async (args, o, first) => {
    const r = await runMain(args, { input: 'a-token\n', ...o });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(new RegExp(`^${first}(: it signs in and stores what it gets)?$`));
    expect(r.stderr).not.toMatch(/^ops: ops[ :]/m);
  });
});
