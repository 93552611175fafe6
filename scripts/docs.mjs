// `npm run docs`: writes docs/reference/ again from the help pages of the build (scripts/manual.mjs),
// one page per command and per help topic; test/e2e/reference.test.ts fails while a page is stale.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REFERENCE_DIR, referencePages } from './manual.mjs';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const dir = join(root, REFERENCE_DIR);
const pages = referencePages(root);
mkdirSync(dir, { recursive: true });
for (const f of readdirSync(dir)) if (!pages.has(f)) rmSync(join(dir, f));
for (const [name, text] of pages) writeFileSync(join(dir, name), text);
console.error(`wrote ${pages.size} pages to ${REFERENCE_DIR}/`);
