import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { Redactor } from '../src/clients/http/redact.js';
import { SERVICES, SERVICE_NAMES } from '../src/services.js';
import { handWrittenLists, listsIn } from './helpers/service-lists.js';

/**
 * A twelfth service is its folders, its tests and one entry in src/services.ts: no shared room names a
 * service. Outside `src/{clients,commands,sandbox}/<service>/` and `src/services.ts`, no string in `src`
 * is a service's name or one of its setting keys (`runs.repo`), and no object is keyed by one; what
 * differs by service is a capability of its entry or descriptor. A shared test (outside
 * `test/<service>/` and `test/e2e/<service>*.test.ts`) keeps no list of every service by name: a test
 * that needs a case per service derives it from the service table. Nor does any other file hold a list of
 * every service written by hand (the rows of `ops help environment`, the README's table of services, the
 * environment variables of docs/configuration.md were such lists): code reads the table when it runs,
 * and the docs' lists are generated blocks that `npm run docs` writes (scripts/service-docs.ts).
 */
const ROOT = join(import.meta.dirname, '..');
const SERVICE = new Set(SERVICE_NAMES);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const namesService = (text: string) =>
  SERVICE.has(text) || (/^[a-z]+\.[a-z_]+$/.test(text) && SERVICE.has(text.split('.')[0]!));

/** Each place in a file where a string, a template's text or an object key names a service. */
function namings(
  file: string,
  text = readFileSync(file, 'utf8'),
): Array<{ line: number; text: string; key: boolean }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Array<{ line: number; text: string; key: boolean }> = [];
  const at = (node: ts.Node, text: string, key: boolean) =>
    found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text, key });
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) && namesService(node.text)) {
      const parent = node.parent;
      const isKey = ts.isPropertyAssignment(parent) && parent.name === node;
      // Module paths are the import graph's business (architecture.test.ts).
      if (!ts.isImportDeclaration(parent) && !ts.isExportDeclaration(parent) && !ts.isCallExpression(parent))
        at(node, node.text, isKey);
      else if (ts.isCallExpression(parent) && parent.expression.kind !== ts.SyntaxKind.ImportKeyword)
        at(node, node.text, false);
    } else if (
      (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) &&
      namesService(node.text)
    ) {
      at(node, node.text, false);
    } else if (ts.isObjectLiteralExpression(node)) {
      // An object keyed by services (one key named `secrets` is a field of that name, not a table).
      const keys = node.properties.filter(
        (p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && SERVICE.has(p.name.text),
      );
      if (keys.length > 1) for (const k of keys) at(k, (k.name as ts.Identifier).text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const serviceRoom = (path: string) => {
  const [floor, service] = path.split('/');
  return (
    path === 'services.ts' || (['clients', 'commands', 'sandbox'].includes(floor!) && SERVICE.has(service!))
  );
};

describe('a twelfth service touches no shared room', () => {
  it('no file in src outside the service rooms and the table names a service', () => {
    const src = join(ROOT, 'src');
    const named = files(src)
      .map((f) => relative(src, f))
      .filter((path) => !serviceRoom(path))
      .flatMap((path) => namings(join(src, path)).map((n) => `${path}:${n.line} ${JSON.stringify(n.text)}`));
    expect(named).toEqual([]);
  });

  it('no shared test keeps a list of every service by name', () => {
    const test = join(ROOT, 'test');
    const perService = new RegExp(`^(${SERVICE_NAMES.join('|')})/|^e2e/(${SERVICE_NAMES.join('|')})[.-]`);
    const tables = files(test)
      .map((f) => relative(test, f))
      .filter((path) => !perService.test(path))
      .flatMap((path) => {
        const source = ts.createSourceFile(
          path,
          readFileSync(join(test, path), 'utf8'),
          ts.ScriptTarget.Latest,
          true,
        );
        const out: string[] = [];
        const visit = (node: ts.Node) => {
          const names = new Set<string>();
          if (ts.isArrayLiteralExpression(node))
            for (const e of node.elements)
              if (ts.isStringLiteralLike(e) && SERVICE.has(e.text)) names.add(e.text);
          if (ts.isObjectLiteralExpression(node))
            for (const p of node.properties)
              if (
                p.name &&
                (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) &&
                SERVICE.has(p.name.text)
              )
                names.add(p.name.text);
          if (names.size === SERVICE.size)
            out.push(`${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
          ts.forEachChild(node, visit);
        };
        visit(source);
        return out;
      });
    expect(tables).toEqual([]);
  });

  it('no file but the table holds a list of every service written by hand (src, tests, scripts, docs)', () => {
    expect(handWrittenLists(SERVICE_NAMES)).toEqual([expect.stringMatching(/^src\/services\.ts:\d+$/)]);
  });

  it('nor by their titles (a sentence naming every service by what it is)', async () => {
    const titles = await Promise.all(SERVICES.map(async (s) => (await s.descriptor()).title));
    expect(handWrittenLists(titles)).toEqual([]);
  });

  it('a hand-written list is a paragraph naming every service: in a template, a table; not a generated block', () => {
    const names = ['hosts', 'db', 'runs'];
    const help =
      'const ROWS = `\n  hosts  OPS_HOSTS_BASE_URL\n  db     OPS_DB_BASE_URL\n  runs   OPS_RUNS_BASE_URL\n`;';
    expect(listsIn(help, names)).toEqual([1]);
    const doc = [
      'Intro naming hosts alone.',
      '',
      '| service |',
      '|---|',
      '| hosts |',
      '| db |',
      '| runs |',
      '',
      '<!-- generated: services -->',
      '',
      '| hosts | db | runs |',
      '',
      '<!-- end generated -->',
      '',
      'hosts, db and runs-like words: runs-ish, dbs, hostsfile.',
    ].join('\n');
    expect(listsIn(doc, names)).toEqual([3]);
  });

  it('the check sees a name in a string, a template, a setting key and an object key; not in a comment', () => {
    const sample = [
      "// 'db' in a comment is prose",
      "if (service === 'db') x();",
      'const key = `runs.repo`;',
      "const s = settings.get('hosts.api_key');",
      'const t = { cloud: 1, hosts: 2 };',
      'const f = { secrets: [] };',
      "const m = import('./clients/db/index.js');",
      "const w = 'database';",
    ].join('\n');
    expect(namings('sample.ts', sample).map((n) => `${n.line} ${n.text}`)).toEqual([
      '2 db',
      '3 runs.repo',
      '4 hosts.api_key',
      '5 cloud',
      '5 hosts',
    ]);
  });

  it.each(SERVICE_NAMES)(
    '%s: every header its credential goes in is masked, from its descriptor',
    async (name) => {
      const descriptor = await SERVICES.find((s) => s.name === name)!.descriptor();
      const value = 'credential-value';
      const reader = { get: () => value, require: () => value };
      const auth = await descriptor.auth(reader);
      const redactor = new Redactor([], descriptor.secretHeaders);
      expect(Object.keys(auth?.headers ?? {}).length).toBeGreaterThan(0);
      for (const header of Object.keys(auth!.headers))
        expect(redactor.header(header, value)).not.toContain(value);
    },
  );
});
