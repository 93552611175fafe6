// The CommonJS bundles the npm package and the single binary share: `run.cjs`, the runtime below
// main.ts that every command loads (command tree, HTTP core, config, output), and `lib/NAME.cjs`:
// each large package the CLI loads lazily, each service's commands and client, and the sandbox's
// server and emulators, so that a command compiles and deserialises only what it uses (`ops hosts
// totals` reads 0.2 MB of the CLI's 1 MB). All are loaded through scripts/sea-loader.cjs, each with a
// V8 code cache (made at build time for the binary, on the user's machine for the npm package:
// scripts/disk-loader.cjs). The runtime asks for a bundle with `require('ops-lib:NAME')`.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { lazyBuiltins, commanderBuiltins } from './esbuild-plugins.mjs';

const require = createRequire(import.meta.url);
const { libAsset, WRAP_START, WRAP_END } = require('./sea-loader.cjs');

/**
 * What the bundles are built with: the version of package.json, and the commit and date the build
 * is made from, for `ops --version`. The date is the commit's own (or SOURCE_DATE_EPOCH's), not the
 * clock's, so that two builds of one commit are the same bytes; outside a git checkout, `unknown`.
 */
export function buildDefines(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const git = (...args) => {
    try {
      return execFileSync('git', args, {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return '';
    }
  };
  const epoch = process.env.SOURCE_DATE_EPOCH || git('log', '-1', '--format=%ct');
  const date = epoch ? new Date(Number(epoch) * 1000).toISOString().slice(0, 10) : 'unknown';
  return {
    __OPS_VERSION__: JSON.stringify(pkg.version),
    __OPS_COMMIT__: JSON.stringify(git('rev-parse', '--short=7', 'HEAD') || 'unknown'),
    __OPS_BUILD_DATE__: JSON.stringify(date),
  };
}

/**
 * The packages kept apart, and what their bundle exports: what `__toESM(require(…), 1)`, esbuild's
 * import of a CommonJS module from an ES one, makes the same namespace the code reads (the package's
 * own exports; for conf and ora, whose default export is the one used, that export).
 */
export const LIBS = {
  yaml: "module.exports = require('yaml');",
  selfsigned: "module.exports = require('selfsigned');",
  'libsodium-wrappers': "module.exports = require('libsodium-wrappers');",
  fflate: "module.exports = require('fflate');",
  'csv-parse': "module.exports = require('csv-parse');",
  asciichart: "module.exports = require('asciichart');",
  '@jmespath-community/jmespath': "module.exports = require('@jmespath-community/jmespath');",
  // jq compiled to WebAssembly (src/output/jq-wasm.ts, imported as './jq-wasm.js'): --jq. Its bytes
  // are lib/jq.wasm beside the bundles (JQ_WASM).
  'jq-wasm': "module.exports = require('./src/output/jq-wasm.ts');",
  conf: "import Conf from 'conf';\nmodule.exports = Conf;",
  ora: "import ora from 'ora';\nmodule.exports = ora;",
  // The picker of a missing id on a terminal (src/commands/shared/pick.ts).
  '@inquirer/search': "import search from '@inquirer/search';\nmodule.exports = search;",
  // The parts of undici the core uses (src/clients/http/transport/undici.ts), imported as './undici.js'.
  undici: "module.exports = require('./src/clients/http/transport/undici.ts');",
  // The MCP SDK's parts `ops mcp` uses (src/commands/mcp/sdk.ts), imported as './sdk.js'.
  'mcp-sdk': "module.exports = require('./src/commands/mcp/sdk.ts');",
  // Its Streamable HTTP transport (src/commands/mcp/sdk-http.ts), loaded by `ops mcp --http` alone.
  'mcp-sdk-http': "module.exports = require('./src/commands/mcp/sdk-http.ts');",
};

/**
 * The LIBS shipped by their package already bundled, with esbuild's helpers of their own: their
 * namespaces are none of the CLI's to share (shareNamespaces), and their helper is not the one it expects.
 */
const PREBUILT = new Set(['jq-wasm']);

/**
 * jq's WebAssembly, a file of every build, read by src/output/jq-wasm.ts through the loader: brotli, 248
 * KB where deflate (the Windows zip's) makes 343 of it, unpacked in about 3 ms by the commands with a --jq.
 */
const JQ_WASM = 'lib/jq.wasm.br';

/**
 * jq-wasm's CommonJS build wherever it is imported: its ES module build finds its own folder from
 * `import.meta.url` as it loads, which a bundle has not (the bundles give it its bytes: JQ_WASM).
 */
const jqWasmCommonJs = {
  name: 'jq-wasm-commonjs',
  setup(b) {
    b.onResolve({ filter: /^jq-wasm$/ }, () => ({ path: require.resolve('jq-wasm') }));
  },
};

/** The LIBS made from a module of src/: its import, and the folder it is imported from. */
const LOCAL_LIBS = [
  { name: 'undici', spec: './undici.js', dir: /[\\/]src[\\/]clients[\\/]http[\\/]transport$/ },
  { name: 'mcp-sdk', spec: './sdk.js', dir: /[\\/]src[\\/]commands[\\/]mcp$/ },
  { name: 'mcp-sdk-http', spec: './sdk-http.js', dir: /[\\/]src[\\/]commands[\\/]mcp$/ },
  { name: 'jq-wasm', spec: './jq-wasm.js', dir: /[\\/]src[\\/]output$/ },
];

const libNames = new RegExp(
  `^(${Object.keys(LIBS)
    .filter((n) => !LOCAL_LIBS.some((l) => l.name === n))
    .map((n) => n.replace(/[/]/g, '\\/'))
    .join('|')})$`,
);

/** Each package of LIBS, imported anywhere in the runtime, becomes `require('ops-lib:NAME')`. */
const libsAsAssets = {
  name: 'libs-as-assets',
  setup(b) {
    b.onResolve({ filter: libNames }, (args) => ({ path: args.path, namespace: 'ops-lib' }));
    b.onResolve({ filter: /^\.\/(undici|sdk|sdk-http|jq-wasm)\.js$/ }, (args) => {
      const lib = LOCAL_LIBS.find((l) => l.spec === args.path && l.dir.test(args.resolveDir));
      return lib ? { path: lib.name, namespace: 'ops-lib' } : undefined;
    });
    b.onResolve({ filter: /^ops-lib:/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: 'ops-lib' }, (args) => ({
      loader: 'js',
      contents: `module.exports = require(${JSON.stringify(`ops-lib:${args.path}`)});\n`,
    }));
  },
};

/**
 * Bundles one file: CommonJS, whitespace and syntax minified. Identifiers keep their names, so that
 * `--debug` stack traces name the source's functions. The result must be ASCII: the loader reads
 * it as Latin-1, a plain copy, rather than decoding UTF-8 (2 to 3 ms for 2 MB); esbuild escapes
 * strings but not regular expressions, where a \uXXXX escape means the same character.
 */
async function bundleAsset(root, define, options, file, packages, share = true) {
  const { metafile } = await build({
    ...options,
    outfile: file,
    bundle: true,
    // The OS keyring's library loads a native module per platform: it stays a package, required at
    // run time (the single binary loads its module from an asset instead: src/config/keyring-native.ts).
    external: ['@napi-rs/keyring'],
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    define,
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: root,
    metafile: true,
  });
  for (const input of Object.keys(metafile.inputs)) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) packages.add(m[1]);
  }
  const code = readFileSync(file, 'utf8').replace(
    /[^\x00-\x7f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (!/^[\x00-\x7f]*$/.test(code)) throw new Error(`${file} is not ASCII after escaping`);
  // The namespace rewrites, in order: one namespace per module, dictionary mode, handed over without a
  // copy, made as literals.
  const shared = share
    ? literalNamespaces(directNamespaces(dictionaryNamespaces(shareNamespaces(code, file), file), file))
    : code;
  // Wrapped as the loader compiles it (scripts/sea-loader.cjs), so that it compiles the file's own string
  // rather than a copy joined to the wrapper: 0.3 MB less for the runtime to allocate and copy at start.
  writeFileSync(file, WRAP_START + shared + WRAP_END);
  return shared;
}

const TO_ESM = 'var __toESM=(mod,isNodeMode,target)=>';

/**
 * esbuild gives each file that imports a CommonJS module (commander, and in a part each module it
 * reads from the runtime's `__core`) a namespace of its own, every export copied as a getter: pipelines
 * did it 119 times on each start, about 1 ms. The namespace is read-only, so one per module (and
 * import mode) serves every file. A bundle whose helper is not the one expected fails the build.
 */
function shareNamespaces(code, file) {
  if (!code.includes('__toESM(')) return code;
  if (code.split(TO_ESM).length !== 2)
    throw new Error(`${file}: esbuild's __toESM helper is not as expected`);
  return code.replace(
    TO_ESM,
    'var __toESMShared=new WeakMap,__toESM=(mod,isNodeMode)=>{' +
      'if(mod==null||typeof mod!="object"&&typeof mod!="function")return __toESMFresh(mod,isNodeMode);' +
      'let s=__toESMShared.get(mod);return s||__toESMShared.set(mod,s=[]),s[isNodeMode?1:0]??=__toESMFresh(mod,isNodeMode)},' +
      '__toESMFresh=(mod,isNodeMode,target)=>',
  );
}

const EXPORT = 'var __export=(target,all)=>{';
const TO_COMMON_JS = '__toCommonJS=mod=>__copyProps(__defProp({},"__esModule",{value:!0}),mod)';

/**
 * esbuild gives each module that is required or imported lazily a namespace object, made at the
 * bundle's start: an object literal of getters (`{a:()=>a,…}`) whose accessors are then defined one by
 * one on an empty object (and copied again for each `require`: see directNamespaces). V8 gives an
 * object a new hidden class (a map, with a transition from the last) for each property added to it:
 * the runtime's 65 namespaces and 292 exports made some 700 maps at every start, and each of its 153
 * lazily run modules one more (below). These objects are made in dictionary mode instead (a null
 * prototype, as an ES module namespace has): their properties go into a hash table, with no map each.
 * `ops hosts totals` does about 3 million instructions fewer (bench/startup-instructions.mjs). A
 * bundle whose helpers are not the ones expected fails the build.
 */
function dictionaryNamespaces(code, file) {
  if (code.includes('__export(') && code.split(EXPORT).length !== 2)
    throw new Error(`${file}: esbuild's __export helper is not as expected`);
  const names = new Set([...code.matchAll(/__export\(([\w$]+),\{/g)].map((m) => m[1]));
  return (
    code
      // Each lazily run module's body is the one method of an object named for its file (stack traces
      // show the name): one more map each, made at the start.
      .replace(/(__esm|__commonJS)\(\{"/g, '$1({__proto__:null,"')
      .replace(/__export\(([\w$]+),\{/g, '__export($1,{__proto__:null,')
      .replace(/([\w$]+)=\{\}/g, (all, name) => (names.has(name) ? `${name}=Object.create(null)` : all))
  );
}

/**
 * A module's namespace handed over as it is, not copied. esbuild's `__toCommonJS` copies every export of
 * a module into a new object of getters at each `require` of it (the runtime's `__core` getters are
 * one each), and a part's `__toESM(require_x(), 1)` copies that copy again, in Node's mode (its
 * `default` the module object): a part's every read of a runtime module went through three getters,
 * and `ops hosts totals` copied some 400 exports at each start. The namespace is marked `__esModule`
 * once and is itself what `require` gives; a part reads the runtime's modules of src/ (`ops-core:…ts`,
 * which have no default export) from it directly. Packages (commander, the keyring) keep Node's
 * namespace, with its `default`. A bundle whose helper is not the one expected fails the build.
 */
function directNamespaces(code, file) {
  let out = code;
  if (code.includes('__toCommonJS(')) {
    if (code.split(TO_COMMON_JS).length !== 2)
      throw new Error(`${file}: esbuild's __toCommonJS helper is not as expected`);
    out = out.replace(
      TO_COMMON_JS,
      '__toCommonJS=mod=>(__hasOwnProp.call(mod,"__esModule")||__defProp(mod,"__esModule",{value:!0}),mod)',
    );
  }
  const core = [
    ...code.matchAll(/var (require_[\w$]+)=__commonJS\(\{__proto__:null,"ops-core:[^"]+\.ts"/g),
  ].map((m) => m[1]);
  for (const name of core) out = out.replaceAll(`__toESM(${name}(),1)`, `${name}()`);
  return out;
}

/**
 * A namespace made as one object literal of getters (`x={__proto__:null,get a(){return a},…}`) rather
 * than an empty object whose getters `__export` defines one by one from an object of arrow functions (a
 * closure, a descriptor object and a call of `Object.defineProperty` each, in a loop of `for…in`): the
 * runtime makes 63 namespaces, some 300 exports, at each start. A getter of the literal is enumerable as
 * `__export`'s are; it is also configurable, which no code of the bundles asks of a namespace. A
 * namespace whose getters are not all `name:()=>binding` keeps `__export`.
 */
function literalNamespaces(code) {
  const ENTRY = /^(?:[\w$]+|"[^"\\]*"):\(\)=>[\w$]+$/;
  return code.replace(
    /([\w$]+)=Object\.create\(null\);__export\(\1,\{__proto__:null,([^{}]*)\}\)/g,
    (all, name, body) => {
      const entries = body.split(',');
      if (!entries.every((e) => ENTRY.test(e))) return all;
      const getters = entries.map((e) => {
        const at = e.indexOf(':()=>');
        return `get ${e.slice(0, at)}(){return ${e.slice(at + 5)}}`;
      });
      return `${name}={__proto__:null,${getters.join(',')}}`;
    },
  );
}

/**
 * The parts of the CLI kept out of the runtime, each a bundle of its own (`lib/NAME.cjs`) that only
 * the commands using it compile: each service's commands and client, and the sandbox's server and
 * emulators. A part's `entries` are the modules the runtime imports from it (always by `import()`);
 * its files import the rest of the CLI (errors, output, the HTTP core…) from the runtime itself,
 * through the runtime's `__core` export, so that there is one copy of each module and its classes.
 * The sandbox's settings, credentials and TLS stay in the runtime: `ops sandbox env`
 * and the checks of `ops sandbox start` use them without starting a server.
 */
function parts(root) {
  const src = join(root, 'src');
  const services = readdirSync(join(src, 'clients')).filter(
    (d) => d !== 'http' && existsSync(join(src, 'commands', d, 'index.ts')),
  );
  return {
    ...Object.fromEntries(
      services.map((svc) => [
        `service-${svc}`,
        {
          folders: [`commands/${svc}/`, `clients/${svc}/`],
          except: [],
          entries: { commands: `commands/${svc}/index.ts`, client: `clients/${svc}/index.ts` },
        },
      ]),
    ),
    // Code that only some commands run, kept out of the runtime (which `ops hosts totals` compiles):
    // parts import it from these bundles, each loaded by the first part that needs it.
    ...sharedParts(src, {
      // The sign-in flows of the login verbs (browser, device code, loopback, PKCE), loaded when a
      // login runs (the verbs' flags are the runtime's: auth/login-flags.ts).
      signin: ['auth/login.ts', 'auth/oauth/', 'auth/stdin-token.ts', 'commands/shared/login-run.ts'],
      // OAuth tokens: their endpoints, renewal and storage (the services whose credential is a sign-in).
      oauth: ['clients/oauth/'],
      // The repository of the git clone a command runs in.
      git: ['commands/shared/git-remote.ts'],
      // The picker of a missing id on a terminal (its search prompt is the lib `@inquirer/search`).
      picker: ['commands/shared/picker.ts'],
      // The charts of the insights and metrics verbs (asciichart is a lib of its own).
      charts: ['output/chart.ts'],
      // A --query's compiler (JMESPath is a lib of its own).
      query: ['output/query.ts'],
      // A --jq's compiler and runner (jq itself is the lib `jq-wasm`).
      jq: ['output/jq.ts'],
      // The pager, loaded only when stdout is a terminal.
      pager: ['output/pager.ts'],
    }),
    // The built-in commands besides the services, each loaded by its own commands alone.
    config: { folders: ['commands/config/'], except: [], entries: { commands: 'commands/config/index.ts' } },
    api: { folders: ['commands/api/'], except: [], entries: { commands: 'commands/api/index.ts' } },
    'sandbox-commands': {
      folders: ['commands/sandbox/'],
      except: [],
      entries: { commands: 'commands/sandbox/index.ts' },
    },
    completion: {
      folders: ['commands/completion/'],
      except: [],
      entries: {
        commands: 'commands/completion/index.ts',
        script: 'commands/completion/script.ts',
        complete: 'commands/completion/complete.ts',
      },
    },
    // `ops upgrade`, and the update notice and check a run on a terminal loads (src/update/).
    upgrade: {
      folders: ['commands/upgrade/', 'update/'],
      except: [],
      entries: {
        commands: 'commands/upgrade/index.ts',
        notice: 'update/notice.ts',
        check: 'update/check.ts',
      },
    },
    // `ops alias`, `ops plugin`, and what runs an alias or a plugin (a word that is no command of ops).
    alias: { folders: ['commands/alias/'], except: [], entries: { commands: 'commands/alias/index.ts' } },
    plugin: { folders: ['commands/plugin/'], except: [], entries: { commands: 'commands/plugin/index.ts' } },
    dispatch: {
      folders: ['dispatch.ts', 'extensions/external.ts'],
      except: [],
      entries: { dispatch: 'dispatch.ts' },
    },
    // `ops mcp`: its commands, loaded by it alone (the SDK itself is the lib `mcp-sdk`).
    mcp: { folders: ['commands/mcp/'], except: [], entries: { commands: 'commands/mcp/index.ts' } },
    // `ops auth`, and the OS keyring's code, loaded only where the config file says it holds a key.
    auth: { folders: ['commands/auth/'], except: [], entries: { commands: 'commands/auth/index.ts' } },
    // `ops help <topic>`: pages no other command reads.
    help: { folders: ['commands/help/'], except: [], entries: { topics: 'commands/help/index.ts' } },
    keyring: { folders: ['config/keyring'], except: [], entries: { keyring: 'config/keyring.ts' } },
    sandbox: {
      folders: ['sandbox/'],
      except: [
        'sandbox/core/settings.ts',
        'sandbox/core/credentials.ts',
        'sandbox/core/tls.ts',
        'sandbox/core/clock-file.ts',
      ],
      entries: {
        server: 'sandbox/core/server.ts',
        ...Object.fromEntries(
          readdirSync(join(src, 'sandbox'))
            .filter((d) => existsSync(join(src, 'sandbox', d, 'index.ts')))
            .map((d) => [`emulator_${d}`, `sandbox/${d}/index.ts`]),
        ),
      },
    },
  };
}

/**
 * Parts that other parts import: every module of one is an entry (keyed by its path), and a part
 * that imports one of them reads it from that part's bundle instead of the runtime's.
 */
function sharedParts(src, folders) {
  const modules = (f) =>
    f.endsWith('.ts')
      ? [f]
      : readdirSync(join(src, f), { recursive: true })
          .map(String)
          .filter((n) => n.endsWith('.ts'))
          .map((n) => `${f}${n}`);
  return Object.fromEntries(
    Object.entries(folders).map(([name, list]) => [
      name,
      {
        folders: list,
        except: [],
        shared: true,
        entries: Object.fromEntries(list.flatMap(modules).map((rel) => [entryKey(rel), rel])),
      },
    ]),
  );
}

/** A module's export name in a shared part's bundle. */
const entryKey = (rel) => rel.replace(/\.ts$/, '').replace(/[^A-Za-z0-9]/g, '_');

const partOf = (all, rel) =>
  Object.keys(all).find(
    (name) => all[name].folders.some((f) => rel.startsWith(f)) && !all[name].except.includes(rel),
  );

/** Resolves a relative import of a file in src/ to its path under src/, or undefined. */
async function resolveInSrc(b, src, args) {
  if (args.pluginData?.inner || !args.importer.startsWith(src)) return undefined;
  const r = await b.resolve(args.path, {
    resolveDir: args.resolveDir,
    kind: args.kind,
    importer: args.importer,
    pluginData: { inner: true },
  });
  return r.errors.length === 0 && r.path.startsWith(src) ? relative(src, r.path) : undefined;
}

/** In the runtime, an import of a part's entry reads it from the part's bundle. */
function partsAsAssets(src, all) {
  return {
    name: 'parts-as-assets',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, async (args) => {
        const rel = await resolveInSrc(b, src, args);
        const part = rel && partOf(all, rel);
        if (!part) return undefined;
        const key = Object.keys(all[part].entries).find((k) => all[part].entries[k] === rel);
        if (!key)
          throw new Error(`${relative(src, args.importer)} imports ${rel}, which is not an entry of ${part}`);
        return { path: `${part}#${key}`, namespace: 'ops-part' };
      });
      b.onLoad({ filter: /.*/, namespace: 'ops-part' }, (args) => {
        const [part, key] = args.path.split('#');
        return {
          loader: 'js',
          contents: `module.exports = require(${JSON.stringify(`ops-lib:${part}`)})[${JSON.stringify(key)}];\n`,
        };
      });
    },
  };
}

/**
 * In a part's bundle, an import of a file outside the part, or of a package (commander), reads the
 * runtime's copy; `used` collects them.
 */
function coreFromRuntime(src, all, part, used) {
  return {
    name: 'core-from-runtime',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (!args.importer.startsWith(src) || isBuiltin(args.path) || args.path.startsWith('ops-'))
          return undefined;
        used.add(args.path);
        return { path: args.path, namespace: 'ops-core' };
      });
      b.onResolve({ filter: /^\.\.?\// }, async (args) => {
        const rel = await resolveInSrc(b, src, args);
        const other = rel && partOf(all, rel);
        if (!rel || other === part) return undefined;
        if (other) {
          // Another part's entry (a shared part's module, the sandbox's server) is read from its bundle.
          const key = Object.keys(all[other].entries).find((k) => all[other].entries[k] === rel);
          if (!key)
            throw new Error(
              `${relative(src, args.importer)} imports ${rel}, which is not an entry of ${other}`,
            );
          return { path: `${other}#${key}`, namespace: 'ops-part' };
        }
        used.add(rel);
        return { path: rel, namespace: 'ops-core' };
      });
      b.onResolve({ filter: /^ops-run$/ }, (args) => ({ path: args.path, external: true }));
      b.onLoad({ filter: /.*/, namespace: 'ops-part' }, (args) => {
        const [name, key] = args.path.split('#');
        return {
          loader: 'js',
          contents: `module.exports = require(${JSON.stringify(`ops-lib:${name}`)})[${JSON.stringify(key)}];\n`,
        };
      });
      b.onLoad({ filter: /.*/, namespace: 'ops-core' }, (args) => ({
        loader: 'js',
        contents: `module.exports = require('ops-run').__core[${JSON.stringify(args.path)}];\n`,
      }));
    },
  };
}

/**
 * Writes `<dir>/run.cjs`, `<dir>/lib/NAME.cjs` (packages and parts) and `<dir>/packages.json`. Returns the files (asset name
 * → path) and a build id, a hash of their contents, which names the code caches made from them.
 */
export async function buildRuntime(root, dir, define) {
  const src = join(root, 'src');
  const all = parts(root);
  const files = {};
  const hash = createHash('sha256');
  const packages = new Set();
  mkdirSync(join(dir, 'lib'), { recursive: true });
  const asset = async (name, options, share = true) => {
    const file = join(dir, `${name}.cjs`);
    hash.update(await bundleAsset(root, define, options, file, packages, share));
    files[`${name}.cjs`] = file;
  };
  for (const [name, contents] of Object.entries(LIBS))
    await asset(
      libAsset(name),
      { stdin: { contents, resolveDir: root, loader: 'ts' }, plugins: [jqWasmCommonJs] },
      !PREBUILT.has(name),
    );
  const wasm = brotliCompressSync(
    readFileSync(join(dirname(require.resolve('jq-wasm')), 'build', 'jq.wasm')),
    {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_LGWIN]: 24 },
    },
  );
  writeFileSync(join(dir, JQ_WASM), wasm);
  hash.update(wasm);
  files[JQ_WASM] = join(dir, JQ_WASM);
  const used = new Set();
  for (const [name, part] of Object.entries(all)) {
    const contents = Object.entries(part.entries)
      .map(([key, rel]) => `export * as ${key} from './src/${rel}';\n`)
      .join('');
    await asset(libAsset(name), {
      stdin: { contents, resolveDir: root, loader: 'ts' },
      plugins: [lazyBuiltins, libsAsAssets, coreFromRuntime(src, all, name, used)],
    });
  }
  // The runtime: run.ts, and the modules the parts import from it, each through a getter that
  // `require`s it, which esbuild makes a lazy initialisation: a module that only parts use runs only
  // when a part is loaded, as it did inside the runtime.
  const getters = [...used]
    .sort()
    .map(
      (rel) =>
        `  get ${JSON.stringify(rel)}() { return require(${JSON.stringify(rel.endsWith('.ts') ? `./src/${rel}` : rel)}); },`,
    );
  const contents = ["export * from './src/run.ts';", 'export const __core = {', ...getters, '};'].join('\n');
  await asset('run', {
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'run-entry.ts' },
    plugins: [lazyBuiltins, commanderBuiltins, partsAsAssets(src, all), libsAsAssets],
  });
  // The packages the bundles carry (their folders under node_modules), for the third-party notices
  // and the SBOM of a release (scripts/release/notices.mjs).
  writeFileSync(join(dir, 'packages.json'), `${JSON.stringify([...packages].sort(), null, 1)}\n`);
  return { files, buildId: hash.digest('hex').slice(0, 16) };
}

/**
 * Bundles main.ts alone (version, help pages, signals) into `outfile`, from `entry` (source importing
 * it), with `./run.js` replaced by `runLoader`: source that sets `module.exports` to the loaded runtime.
 */
export async function buildMain(root, outfile, { define, entry, runLoader }) {
  const loadRun = {
    name: 'run-through-loader',
    setup(b) {
      b.onResolve({ filter: /^\.\/run\.js$/ }, () => ({ path: 'run', namespace: 'ops-run' }));
      b.onLoad({ filter: /.*/, namespace: 'ops-run' }, () => ({
        loader: 'js',
        resolveDir: root,
        contents: runLoader,
      }));
    },
  };
  await build({
    stdin: {
      contents: entry,
      resolveDir: root,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    define,
    plugins: [loadRun],
    minifyWhitespace: true,
    minifySyntax: true,
    // Its names too (15 KiB to 10): the version and the help pages read no more than they must, and
    // what it runs of its own is too little for a stack trace to need them.
    minifyIdentifiers: true,
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: root,
  });
}
