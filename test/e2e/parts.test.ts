import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtRuntime, runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * What a command loads of the built CLI (scripts/bundles.mjs): the runtime, its service's part, and
 * the parts its code runs. The sign-in flows, the OAuth token code, the picker, the git reader and
 * the other built-in commands are parts of their own, so that `ops hosts totals` compiles none of them.
 * A part loaded leaves its code cache in OPS_CACHE_DIR (scripts/disk-loader.cjs): that is the witness.
 */
const sb = await useSandbox({ services: ['hosts', 'tasks', 'runs'] });

async function partsLoaded(args: string[], o: { env?: Record<string, string>; input?: string } = {}) {
  const cache = mkdtempSync(join(tmpdir(), 'ops-parts-'));
  const r = await runCli(args, {
    env: { ...sb.env, OPS_CACHE_DIR: cache, ...o.env },
    ...(o.input === undefined ? {} : { input: o.input }),
  });
  expect([args, r.code]).toEqual([args, 0]);
  return readdirSync(join(cache, 'code'))
    .map((f) => /-lib_(.+)\.cache$/.exec(f)?.[1])
    .filter((p): p is string => p !== undefined)
    .sort();
}

describe('parts of the built CLI', () => {
  it('the runtime holds no sign-in, OAuth, picker, git, chart or built-in command code', () => {
    const runtime = readFileSync(join(builtRuntime(), 'run.cjs'), 'latin1');
    const modules = [...runtime.matchAll(/"(src\/[^"]+\.ts)"\(\)\{/g)].map((m) => m[1]!);
    expect(modules.length).toBeGreaterThan(50);
    expect(
      modules.filter((m) =>
        /^src\/(auth\/(login\.ts|oauth\/|stdin-token)|clients\/oauth\/|commands\/(shared\/(login-run|picker|git-remote)|config\/|api\/|sandbox\/|completion\/|alias\/|plugin\/)|dispatch\.ts|extensions\/external|output\/(chart|query|jq))/.test(
          m,
        ),
      ),
    ).toEqual([]);
  });

  // Each property added to an ordinary object makes V8 a new map: the namespaces esbuild makes at the
  // start (65 in the runtime, 292 exports) cost `ops hosts totals` about 3 million instructions
  // (scripts/bundles.mjs, dictionaryNamespaces). They are object literals of getters with a null
  // prototype (literalNamespaces), or, where a getter is not plain, `__export`'s on a null-prototype object.
  it('namespaces and lazy module wrappers are made in dictionary mode, in the runtime and in the parts', () => {
    for (const file of ['run.cjs', 'lib/service-hosts.cjs', 'lib/service-pipelines.cjs', 'lib/yaml.cjs']) {
      const code = readFileSync(join(builtRuntime(), file), 'latin1');
      const namespaces = [...code.matchAll(/__export\(([\w$]+),\{/g)].map((m) => m[1]!);
      const literals = code.match(/[\w$]+_exports=\{__proto__:null,get /g) ?? [];
      expect([file, literals.length > 0 || file !== 'run.cjs']).toEqual([file, true]);
      expect([file, code.match(/[\w$]+_exports=\{(?!__proto__:null,)/g)]).toEqual([file, null]);
      expect([file, code.match(/__export\([\w$]+,\{(?!__proto__:null,)/g)]).toEqual([file, null]);
      for (const name of namespaces) expect([file, code.includes(`${name}={}`)]).toEqual([file, false]);
      expect([file, code.match(/(__esm|__commonJS)\(\{"/g)]).toEqual([file, null]);
    }
  });

  // A module's namespace was copied, every export a getter, at each `require` (`__toCommonJS`) and again
  // by each part's `__toESM` of it: some 400 exports at each start of `ops hosts totals` (scripts/bundles.mjs,
  // directNamespaces).
  it("a part reads the runtime's modules through their own namespace, copied by no helper", () => {
    const runtime = readFileSync(join(builtRuntime(), 'run.cjs'), 'latin1');
    expect(runtime).toContain(
      '__toCommonJS=mod=>(__hasOwnProp.call(mod,"__esModule")||__defProp(mod,"__esModule",{value:!0}),mod)',
    );
    for (const file of ['lib/service-hosts.cjs', 'lib/service-pipelines.cjs', 'lib/query.cjs']) {
      const code = readFileSync(join(builtRuntime(), file), 'latin1');
      const core = [
        ...code.matchAll(/var (require_[\w$]+)=__commonJS\(\{__proto__:null,"ops-core:[^"]+\.ts"/g),
      ];
      expect([file, core.length > 0]).toEqual([file, true]);
      for (const [, name] of core) expect([file, code.includes(`__toESM(${name}()`)]).toEqual([file, false]);
    }
    // A package the runtime hands a part (commander) keeps Node's namespace, with its `default`.
    const pipelines = readFileSync(join(builtRuntime(), 'lib/service-pipelines.cjs'), 'latin1');
    expect(pipelines).toMatch(/__toESM\(require_commander\(\),1\)/);
  });

  it('hosts totals loads its service alone', async () => {
    expect(await partsLoaded(['hosts', 'totals'])).toEqual(['service-hosts']);
  });

  it('--jq loads jq (its part and its WebAssembly) for the command that asks for it alone', async () => {
    expect(await partsLoaded(['hosts', 'list', '--jq', '.[0].name'])).toEqual([
      'jq',
      'jq-wasm',
      'service-hosts',
    ]);
    expect(await partsLoaded(['hosts', 'list'])).toEqual(['service-hosts']);
  });

  it('a list of a service with a sign-in loads the OAuth token code, not the sign-in or the picker', async () => {
    expect(await partsLoaded(['tasks', 'lists', 'list'])).toEqual(['oauth', 'service-tasks']);
  });

  it('a login loads the sign-in', async () => {
    const parts = await partsLoaded(['tasks', 'login', '--token-stdin', '--insecure-storage'], {
      env: { OPS_TASKS_TOKEN: '', OPS_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'ops-parts-config-')) },
      input: 'a-token-from-elsewhere',
    });
    expect(parts).toEqual(expect.arrayContaining(['signin', 'service-tasks']));
  });

  it('runs list reads the git clone (its part), without the picker', async () => {
    expect(await partsLoaded(['runs', 'list', '--limit', '1'])).toEqual(['git', 'service-runs']);
  });
});
