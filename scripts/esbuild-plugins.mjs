// esbuild plugins of the CommonJS bundles (scripts/bundles.mjs), shared by the npm package and the binary.

/**
 * commander requires node:child_process when it loads, for executable subcommands, which ops never
 * has; with it come net, dgram and child_process's internals, about 1 ms of every command's start.
 * commander gets a stand-in that loads the module on first use instead. It requires node:process too,
 * a module whose export is the `process` every script has, compiled at each start (about 50
 * microseconds): commander is given that object.
 */
export const commanderBuiltins = {
  name: 'commander-builtins',
  setup(b) {
    b.onResolve({ filter: /^(node:)?(child_process|process)$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: args.path.replace(/^node:/, ''), namespace: 'commander-builtin' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'commander-builtin' }, (args) => ({
      loader: 'js',
      contents:
        args.path === 'process'
          ? 'module.exports = process;\n'
          : "let real;\nmodule.exports = new Proxy({}, { get: (_, key) => (real ??= require('node:child_process'))[key] });\n",
    }));
  },
};

/** Built-ins that no command needs to start and that cost a command 2 to 6 ms each to load. */
const LAZY_BUILTINS = ['node:crypto', 'node:fs/promises', 'node:child_process'];

/**
 * The CLI's imports of LAZY_BUILTINS load the module on the first call instead of when the importing
 * file runs: a command loads every file of its service's subtree when it builds the command tree, and
 * a file's `import { createHash } from 'node:crypto'` cost every list of meter 6 ms of crypto it never
 * used; `node:fs/promises` brings readline and the REPL's history with it. Each import becomes a module
 * of wrappers, one for each function the built-in exports; importing anything else (a constant, a
 * class) from these fails the build, so each import stays a function call.
 */
export const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) =>
      LAZY_BUILTINS.includes(args.path) && /[\\/]src[\\/]/.test(args.importer)
        ? { path: args.path, namespace: 'lazy-builtin' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, async (args) => {
      const { createRequire } = await import('node:module');
      const real = createRequire(import.meta.url)(args.path);
      const functions = Object.keys(real).filter(
        (k) => typeof real[k] === 'function' && /^[a-z]\w*$/.test(k),
      );
      return {
        loader: 'js',
        contents: [
          'let real;',
          `const m = () => (real ??= process.getBuiltinModule(${JSON.stringify(args.path)}));`,
          ...functions.map((f) => `export function ${f}(...a) { return m().${f}(...a); }`),
        ].join('\n'),
      };
    });
  },
};
