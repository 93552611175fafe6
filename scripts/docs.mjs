// `npm run docs`: writes docs/reference/ again from the help pages of the build (scripts/manual.mjs),
// one page per command and per help topic, and the lists of services in the docs from the service
// table (scripts/service-docs.ts); test/e2e/reference.test.ts and test/service-docs.test.ts fail while
// a page or a list is stale.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { buildDefines } from './bundles.mjs';
import { REFERENCE_DIR, referencePages } from './manual.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const dir = join(root, REFERENCE_DIR);
const pages = referencePages(root);
mkdirSync(dir, { recursive: true });
for (const f of readdirSync(dir)) if (!pages.has(f)) rmSync(join(dir, f));
for (const [name, text] of pages) writeFileSync(join(dir, name), text);
console.error(`wrote ${pages.size} pages to ${REFERENCE_DIR}/`);

// The generator reads the TypeScript sources (the table, the descriptors, each group's flags.ts):
// bundled into dist/ first, where the packages it names resolve from node_modules.
const bundle = join(root, 'dist', 'service-docs.mjs');
await build({
  entryPoints: [join(root, 'scripts', 'service-docs.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  define: buildDefines(root),
  logLevel: 'warning',
});
const { collect, writeGenerated } = await import(pathToFileURL(bundle).href);
const changed = writeGenerated(root, await collect(root));
console.error(
  `wrote the lists of services again${changed.length ? `: ${changed.join(', ')}` : ' (none had changed)'}`,
);
