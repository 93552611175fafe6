// esbuild plugins shared by the bundle (scripts/build.mjs) and the single binary (build-binary.mjs).

/**
 * commander requires node:child_process when it loads, for executable subcommands, which ops never
 * has; with it come net, dgram and child_process's internals, about 1 ms of every command's start.
 * commander gets a stand-in that loads the module on first use instead.
 */
export const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: 'child_process', namespace: 'lazy-builtin' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
      loader: 'js',
      contents:
        "let real;\nmodule.exports = new Proxy({}, { get: (_, key) => (real ??= require('node:child_process'))[key] });\n",
    }));
  },
};

/**
 * Node's built-in modules, in the ES module bundle, read through `process.getBuiltinModule` instead
 * of an ES `import`. An import of a built-in builds its namespace, and listing a built-in's exports
 * runs their lazy getters: for node:http `WebSocket` (Node's bundled undici, 30 to 40 ms), for
 * node:fs its streams (and so readline and the REPL's history), for node:util `parseArgs`, `diff` and
 * worker_threads. `import { a, b as c } from 'node:x'` becomes
 * `const { a, b: c } = process.getBuiltinModule('node:x')`, which reads only those. Type-only
 * imports stay imports, which TypeScript erases.
 */
export const builtinsWithoutNamespace = {
  name: 'builtins-without-namespace',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      return { loader: 'ts', contents: rewriteBuiltinImports(source) };
    });
  },
};

const BUILTIN_IMPORT = /^import\s+(?!type\s)([^'";]*?)\s+from\s+'(node:[a-z_/]+)';$/gm;

/** The source with each value import of a built-in turned into a read of the module object. */
export function rewriteBuiltinImports(source) {
  return source.replace(BUILTIN_IMPORT, (whole, clause, id) => {
    const module = `process.getBuiltinModule(${JSON.stringify(id)})`;
    const named = /^\{([^}]*)\}$/s.exec(clause.trim());
    const whole1 = /^(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)$/.exec(clause.trim());
    if (whole1) return `const ${whole1[1]} = ${module};`;
    if (!named) throw new Error(`cannot rewrite the import of ${id}: ${whole}`);
    const specifiers = named[1]
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const types = specifiers.filter((x) => x.startsWith('type '));
    const values = specifiers
      .filter((x) => !x.startsWith('type '))
      .map((x) => x.replace(/^([\w$]+)\s+as\s+([\w$]+)$/, '$1: $2'));
    const typeImport = types.length
      ? `import type { ${types.map((x) => x.slice(5)).join(', ')} } from '${id}'; `
      : '';
    return `${typeImport}${values.length ? `const { ${values.join(', ')} } = ${module};` : ''}`;
  });
}
