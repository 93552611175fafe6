import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts file under a folder. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('column headers (docs/grammar.md, "Tables")', () => {
  it('are written as lower-case words apart in every column spec: no snake_case, kebab-case or capitals', () => {
    const root = join(import.meta.dirname, '..', '..', 'src', 'commands');
    const headers = files(root).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/header: ['`]([^'`]*)['`]/g)].map(
        (m) => `${f.slice(root.length + 1)}: ${m[1]}`,
      ),
    );
    expect(headers.length).toBeGreaterThan(300);
    expect(
      headers.filter((h) => !/: [a-z0-9 %()./${}?]*$/.test(h) || /[_-]/.test(h.split(': ')[1]!)),
    ).toEqual([]);
  });
});
