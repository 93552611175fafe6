// esbuild plugins of the CommonJS bundles (scripts/bundles.mjs), shared by the npm package and the binary.

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
