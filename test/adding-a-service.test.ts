import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTED, collect, type DocsInput, serviceFiles, writeGenerated } from '../scripts/service-docs.js';
import { numberWord } from '../src/output/text.js';
import { SERVICE_NAMES } from '../src/services.js';
import { ROOT } from './helpers/examples.js';
import { handWrittenLists, handWrittenWord } from './helpers/service-lists.js';

/**
 * docs/adding-a-service.md says which files a twelfth service touches; this test measures it. It copies
 * the checkout's hand-written files into a temporary tree, adds a throwaway service there as the page
 * says (its rooms, one entry in src/services.ts, its docs page, a line in CHANGELOG.md), has the docs
 * generator write the lists again with the entry added, and then lists what differs from the checkout
 * and looks for any list of every service the throwaway is missing from. The page's lists and figures
 * must be what it finds.
 */
const NAME = 'throwaway';
const COPIED = [
  'src',
  'test',
  'docs',
  'scripts',
  'bench',
  'bin',
  'README.md',
  'CHANGELOG.md',
  'package.json',
];
/** The rooms a service has to itself. */
const ROOMS = [
  `src/clients/${NAME}/`,
  `src/commands/${NAME}/`,
  `src/sandbox/${NAME}/`,
  `test/${NAME}/`,
  `test/e2e/${NAME}.test.ts`,
  `docs/services/${NAME}.md`,
];
/** The throwaway's own files: what each of its rooms holds at the least. */
const OWN_FILES: Record<string, string> = {
  [`src/clients/${NAME}/index.ts`]: '// its descriptor\n',
  [`src/commands/${NAME}/index.ts`]: '// its subtree\n',
  [`src/commands/${NAME}/flags.ts`]:
    "export const OWN_FLAGS: Record<string, string> = { '--thing': 'list: why' };\n",
  [`src/commands/${NAME}/list.ts`]: '// a verb\n',
  [`src/sandbox/${NAME}/index.ts`]: '// its emulator\n',
  [`test/${NAME}/list.test.ts`]: '// its tests\n',
  [`test/e2e/${NAME}.test.ts`]: '// the real CLI on its emulator\n',
  [`docs/services/${NAME}.md`]: `# ${NAME}\n\nIts page.\n`,
};
const ENTRY = `  {
    name: '${NAME}',
    summary: 'A service made by a test',
    example: 'ops ${NAME} list',
    mainSettings: ['api_key'],
    descriptor: d(() => import('./clients/${NAME}/index.js')),
    commands: () => import('./commands/${NAME}/index.js'),
    sandbox: {
      emulator: e(() => import('./sandbox/${NAME}/index.js')),
      credentials: { api_key: 'sandbox-${NAME}-key' },
      settings: {},
    },
    spec: null,
  },
`;

let tree: string;
let touched: { own: string[]; byHand: string[]; byDocs: string[] };

/** Every file under a folder, as paths relative to the tree. */
function filesUnder(root: string, path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [relative(root, path)];
  return readdirSync(path).flatMap((name) => filesUnder(root, join(path, name)));
}

beforeAll(async () => {
  tree = mkdtempSync(join(tmpdir(), 'ops-add-a-service-'));
  for (const p of COPIED) cpSync(join(ROOT, p), join(tree, p), { recursive: true });
  // The throwaway, as docs/adding-a-service.md says to write it.
  for (const [file, text] of Object.entries(OWN_FILES)) {
    mkdirSync(dirname(join(tree, file)), { recursive: true });
    writeFileSync(join(tree, file), text);
  }
  const table = join(tree, 'src', 'services.ts');
  const source = readFileSync(table, 'utf8');
  const end = source.indexOf('\n];\n');
  writeFileSync(table, `${source.slice(0, end + 1)}${ENTRY}${source.slice(end + 1)}`);
  const changelog = join(tree, 'CHANGELOG.md');
  writeFileSync(
    changelog,
    readFileSync(changelog, 'utf8').replace(
      '\n### Added\n',
      `\n### Added\n- \`ops ${NAME}\`: a new service.\n`,
    ),
  );
  // `npm run docs`, with the entry added to the table (the generator reads it when it runs).
  const input = await collect(ROOT);
  const added: DocsInput = {
    ...input,
    services: [
      ...input.services,
      {
        name: NAME,
        summary: 'A service made by a test',
        example: `ops ${NAME} list`,
        mainSettings: ['api_key'],
      },
    ],
    descriptors: { ...input.descriptors, [NAME]: { title: 'throwaway things', stdinCredential: 'api_key' } },
    ownFlags: { ...input.ownFlags, [NAME]: ['--thing'] },
  };
  const byDocs = writeGenerated(tree, added);
  const differs = COPIED.flatMap((p) =>
    filesUnder(tree, join(tree, p)).filter(
      (f) =>
        !existsSync(join(ROOT, f)) ||
        readFileSync(join(ROOT, f), 'utf8') !== readFileSync(join(tree, f), 'utf8'),
    ),
  ).sort();
  const own = differs.filter((f) => ROOMS.some((r) => f === r || f.startsWith(r)));
  touched = { own, byDocs, byHand: differs.filter((f) => !own.includes(f) && !byDocs.includes(f)) };
}, 60_000);

afterAll(() => rmSync(tree, { recursive: true, force: true }));

/** The lines of a section of docs/adding-a-service.md, from its heading to the next. */
function section(heading: string): string {
  const page = readFileSync(join(ROOT, 'docs', 'adding-a-service.md'), 'utf8');
  const at = page.indexOf(`\n## ${heading}\n`);
  expect(at, `docs/adding-a-service.md has a section "${heading}"`).toBeGreaterThan(0);
  const next = page.indexOf('\n## ', at + 1);
  return page.slice(at, next < 0 ? undefined : next);
}

describe('a throwaway service touches what docs/adding-a-service.md says', () => {
  it('no list of every service in the tree is missing it: the table has it, npm run docs wrote the rest', () => {
    const lists = handWrittenLists(SERVICE_NAMES, tree);
    const withIt = handWrittenLists([...SERVICE_NAMES, NAME], tree);
    expect(
      lists.filter((l) => !withIt.includes(l)),
      'lists of every service that the throwaway is missing from',
    ).toEqual([]);
    expect(lists).toEqual([expect.stringMatching(/^src\/services\.ts:\d+$/)]);
  });

  it('npm run docs writes again the files the page lists, and no other', () => {
    const listed = [...section('What `npm run docs` writes').matchAll(/^- `([^`]+)`/gm)]
      .map((m) => m[1]!)
      .filter((f) => !f.startsWith('docs/reference/'));
    expect(touched.byDocs.sort(), 'the files npm run docs wrote for the throwaway').toEqual(listed.sort());
  });

  it('by hand, outside its own rooms, it touches the files the page names, as many as it says', () => {
    expect(touched.byHand).toEqual(['CHANGELOG.md', 'src/services.ts']);
    const text = section('What `npm run docs` writes').replace(/\s+/g, ' ');
    const said = /touches by hand outside its own rooms are (\w+), (.+?)\.(?: |$)/.exec(text);
    expect(said, 'the page says how many files a new service touches by hand').not.toBeNull();
    expect(said![1]).toBe(numberWord(touched.byHand.length));
    expect([...said![2]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]).sort()).toEqual(touched.byHand);
  });

  it('the number of services, written out, is generated but in a figure measured with them', () => {
    // Where the old count may stay: a size measured with that many services (bench/mcp.mjs measures it
    // again), the table of number words and its test, and a fixture of a release manifest.
    const kept = [
      'docs/agents.md',
      'src/output/text.ts',
      'test/output/number-word.test.ts',
      'test/release/winget.test.ts',
    ];
    const stale = handWrittenWord(numberWord(SERVICE_NAMES.length), tree).map((at) => at.split(':')[0]!);
    expect([...new Set(stale)]).toEqual(kept);
    expect(section('What `npm run docs` writes')).toContain('docs/agents.md');
  });

  it('its own files are in its rooms alone', () => {
    expect(touched.own).toEqual(Object.keys(OWN_FILES).sort());
  });
});

describe('the count, for the largest service', () => {
  it('is what the checkout holds (docs/adding-a-service.md, "The count")', () => {
    const c = serviceFiles(ROOT, COUNTED);
    const text = section(`The count, for \`${COUNTED}\``);
    const figure = (label: string) => Number(new RegExp(`${label}[^\\n]*?: (\\d+)`).exec(text)?.[1]);
    const measured = {
      own: c.clients + c.commands + c.sandbox + c.tests + c.e2e,
      clients: c.clients,
      commands: c.commands,
      sandbox: c.sandbox,
      tests: c.tests,
      entry: c.entryLines,
    };
    expect(
      {
        own: Number(new RegExp(`\`${COUNTED}\` is (\\d+) files`).exec(text)?.[1]),
        clients: figure(`src/clients/${COUNTED}/`),
        commands: figure(`src/commands/${COUNTED}/`),
        sandbox: figure(`src/sandbox/${COUNTED}/`),
        tests: figure(`test/${COUNTED}/`),
        entry: Number(/its entry \((\d+) lines\)/.exec(text)?.[1]),
      },
      'the figures of docs/adding-a-service.md (run `npm run docs`)',
    ).toEqual(measured);
  });
});
