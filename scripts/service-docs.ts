// The lists of services in the docs, made from the service table (src/services.ts), each service's
// descriptor and each command group's own flags (src/commands/<group>/flags.ts), so that a twelfth
// service is written once. Each list is a block between `<!-- generated: NAME … -->` and
// `<!-- end generated -->`: `npm run docs` (scripts/docs.mjs) writes the blocks again, and
// test/service-docs.test.ts fails while one is stale.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceEntry } from '../src/app/types.js';
import { numberWord } from '../src/output/text.js';
import { SERVICES } from '../src/services.js';

/** What the generated blocks are made from. */
export interface DocsInput {
  services: ReadonlyArray<Pick<ServiceEntry, 'name' | 'summary' | 'example' | 'mainSettings'>>;
  /** What the docs read of each service's descriptor, by service: its title and its `stdinCredential`. */
  descriptors: Readonly<Record<string, { title: string; stdinCredential: string }>>;
  /** Each command group's own flags (the keys of its `OWN_FLAGS`), by group. */
  ownFlags: Readonly<Record<string, readonly string[]>>;
  /** The files of the service docs/adding-a-service.md counts. */
  count: ServiceFiles;
}

/** The files of one service, by where they are (folders of its own, then its entry and its page). */
export interface ServiceFiles {
  service: string;
  clients: number;
  commands: number;
  sandbox: number;
  tests: number;
  e2e: number;
  /** The lines of its entry in src/services.ts. */
  entryLines: number;
  /** Its page in docs/services/, when it has one. */
  page: boolean;
}

/** The files holding generated blocks, and the blocks each holds. */
export const GENERATED: Readonly<Record<string, readonly string[]>> = {
  'README.md': ['how-many', 'titles', 'how-many', 'services', 'examples'],
  'docs/grammar.md': ['how-many', 'own-flags'],
  'docs/configuration.md': ['environment', 'token-stdin'],
  'docs/agents.md': ['service-names'],
  'docs/adding-a-service.md': ['count'],
  // JSON has no comments: its description's count is the tagline below.
  'package.json': [],
};

/** The tagline wherever it is written without markers (package.json): its count is the services'. */
const TAGLINE = /(One command-line tool for )(\w+)( HTTP APIs)/g;

/** The service whose files docs/adding-a-service.md counts: the largest. */
export const COUNTED = 'cloud';

const BLOCK = /(<!-- generated: ([a-z-]+)[^>]*-->)([\s\S]*?)(<!-- end generated -->)/g;
const env = (service: string, key: string) => `\`OPS_${service}_${key}\``.toUpperCase();
const code = (s: string) => `\`${s}\``;

/** "a, b and c". */
function and(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A Markdown table, with a blank line on each side. */
const table = (head: string, rows: string[]) =>
  `\n\n${head}\n${head.replace(/[^|]+/g, '---')}\n${rows.join('\n')}\n\n`;

const BLOCKS: Record<string, (input: DocsInput) => string> = {
  services: ({ services }) =>
    table(
      '| service | what it talks to | one example |',
      services.map(
        (s) => `| [${code(s.name)}](docs/services/${s.name}.md) | ${s.summary} | ${code(s.example)} |`,
      ),
    ),
  examples: ({ services }) => `\n\n\`\`\`sh\n${services.map((s) => `${s.example}\n`).join('')}\`\`\`\n\n`,
  'own-flags': ({ ownFlags }) =>
    table(
      '| group | its own flags |',
      Object.keys(ownFlags)
        .sort()
        .filter((group) => ownFlags[group]!.length > 0)
        .map((group) => `| ${group} | ${[...ownFlags[group]!].sort().map(code).join(', ')} |`),
    ),
  environment: ({ services }) =>
    table(
      '| service | address | credentials and options |',
      services.map(
        (s) =>
          `| ${s.name} | ${env(s.name, 'base_url')} | ${s.mainSettings.map((k) => env(s.name, k)).join(', ')} |`,
      ),
    ),
  'token-stdin': ({ services, descriptors }) => {
    // The credential most services take is named alone; the others with their services.
    const by = new Map<string, string[]>();
    for (const s of services) {
      const key = descriptors[s.name]!.stdinCredential;
      by.set(key, [...(by.get(key) ?? []), s.name]);
    }
    const [usual] = [...by].sort((a, b) => b[1].length - a[1].length)[0]!;
    const words = (key: string) => key.replace(/_/g, ' ').replace(/\bapi\b/, 'API');
    return `(the ${words(usual)}; ${[...by]
      .filter(([key]) => key !== usual)
      .map(([key, names]) => `the ${words(key)} of ${and(names)}`)
      .join('; ')})`;
  },
  'how-many': ({ services }) => numberWord(services.length),
  titles: ({ services, descriptors }) => and(services.map((s) => descriptors[s.name]!.title)),
  'service-names': ({ services }) => services.map((s) => code(s.name)).join(', '),
  count: ({ count: c }) => {
    const own = c.clients + c.commands + c.sandbox + c.tests + c.e2e;
    return `\n\n${code(c.service)} is ${own} files in its own rooms and ${c.page ? 'two' : 'one'} outside them:\n\n${[
      `- \`src/clients/${c.service}/\`: ${c.clients} files`,
      `- \`src/commands/${c.service}/\`: ${c.commands} files`,
      `- \`src/sandbox/${c.service}/\`: ${c.sandbox} files`,
      `- \`test/${c.service}/\`: ${c.tests} files; \`test/e2e/${c.service}*.test.ts\`: ${c.e2e} ${c.e2e === 1 ? 'file' : 'files'}`,
      `- \`src/services.ts\`: its entry (${c.entryLines} lines)`,
      ...(c.page ? [`- its page, \`docs/services/${c.service}.md\``] : []),
    ].join('\n')}\n\n`;
  },
};

/** The text of a file with each of its generated blocks made again; an unknown block's name throws. */
export function generate(text: string, input: DocsInput): string {
  return text
    .replace(BLOCK, (_, start: string, name: string, _old: string, end: string) => {
      const block = BLOCKS[name];
      if (!block) throw new Error(`unknown generated block "${name}"`);
      return start + block(input) + end;
    })
    .replace(
      TAGLINE,
      (_, before: string, _count: string, after: string) =>
        before + numberWord(input.services.length) + after,
    );
}

/** The names of the generated blocks a file holds, in order. */
export function blocksOf(text: string): string[] {
  return [...text.matchAll(BLOCK)].map((m) => m[2]!);
}

/** Writes every generated block under `root` again; returns the files whose text changed. */
export function writeGenerated(root: string, input: DocsInput): string[] {
  const changed: string[] = [];
  for (const file of Object.keys(GENERATED)) {
    const path = join(root, file);
    const text = readFileSync(path, 'utf8');
    const next = generate(text, input);
    if (next !== text) {
      writeFileSync(path, next);
      changed.push(file);
    }
  }
  return changed;
}

const filesIn = (dir: string): number =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).reduce(
        (n, e) => n + (e.isDirectory() ? filesIn(join(dir, e.name)) : 1),
        0,
      )
    : 0;

/** The lines of a service's entry in the table's source: from its `{` to its `},`. */
export function entryLines(source: string, service: string): number {
  const lines = source.split('\n');
  const at = lines.findIndex((l) => l.trim() === `name: '${service}',`);
  if (at < 0) return 0;
  let start = at;
  while (start > 0 && lines[start]!.trim() !== '{') start--;
  let end = at;
  while (end < lines.length && lines[end]!.trim() !== '},') end++;
  return end - start + 1;
}

/** The files of one service in a checkout. */
export function serviceFiles(root: string, service: string): ServiceFiles {
  return {
    service,
    clients: filesIn(join(root, 'src', 'clients', service)),
    commands: filesIn(join(root, 'src', 'commands', service)),
    sandbox: filesIn(join(root, 'src', 'sandbox', service)),
    tests: filesIn(join(root, 'test', service)),
    e2e: readdirSync(join(root, 'test', 'e2e')).filter(
      (f) => f.startsWith(`${service}.`) || f.startsWith(`${service}-`),
    ).length,
    entryLines: entryLines(readFileSync(join(root, 'src', 'services.ts'), 'utf8'), service),
    page: existsSync(join(root, 'docs', 'services', `${service}.md`)),
  };
}

/** Everything the blocks are made from, read from the checkout at `root` and the service table. */
export async function collect(root: string): Promise<DocsInput> {
  const descriptors: Record<string, { title: string; stdinCredential: string }> = {};
  for (const s of SERVICES) {
    const { title, stdinCredential } = await s.descriptor();
    descriptors[s.name] = { title, stdinCredential };
  }
  const ownFlags: Record<string, readonly string[]> = {};
  for (const group of readdirSync(join(root, 'src', 'commands')).sort())
    if (existsSync(join(root, 'src', 'commands', group, 'flags.ts'))) {
      const m = (await import(`../src/commands/${group}/flags.ts`)) as { OWN_FLAGS?: Record<string, string> };
      ownFlags[group] = Object.keys(m.OWN_FLAGS ?? {});
    }
  return { services: SERVICES, descriptors, ownFlags, count: serviceFiles(root, COUNTED) };
}
