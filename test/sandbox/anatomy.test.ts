import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { Clock, type EmulatorFactory } from '../../src/sandbox/core/framework.js';
import { SERVICES } from '../../src/services.js';
import { SANDBOX_CREDENTIALS, SANDBOX_SETTINGS } from '../helpers/sandbox-tables.js';

/** Methods of a client that send no request of their own: its dry-run view, the ids it composes. */
const NOT_OPERATIONS = new Set(['planning', 'accountId', 'roleDefinitionId']);

/** The method names of a service's client (src/clients/<service>/client.ts), made over an http that is never called. */
async function clientMethods(service: string): Promise<string[]> {
  const url = new URL(`../../src/clients/${service}/client.ts`, import.meta.url).href;
  const mod = (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
  const create = Object.entries(mod).find(([k]) => /^create\w+Client$/.test(k))?.[1] as (
    ...args: unknown[]
  ) => object;
  // An http client that is never called while the client is made, and no options.
  const http = new Proxy({}, { get: (_t, key) => (key === 'baseUrl' ? 'http://sandbox' : () => undefined) });
  const client = create(http, {}) as Record<string, unknown>;
  return Object.keys(client).filter((k) => typeof client[k] === 'function');
}

describe('one emulator anatomy: routes named by the client operation they serve', async () => {
  const emulators = await Promise.all(
    SERVICES.map(async (s) => {
      const { createEmulator } = await s.sandbox.emulator();
      const e = (createEmulator as EmulatorFactory)({
        clock: new Clock(),
        options: { credentials: SANDBOX_CREDENTIALS, settings: {}, rules: SANDBOX_SETTINGS },
      });
      return [s.name, e.operations] as const;
    }),
  );
  const declared = emulators.filter(([, ops]) => ops !== undefined) as Array<[string, readonly string[]]>;

  it('every emulator is declared with defineEmulator: none has a dispatcher of its own', () => {
    expect(emulators.filter(([, ops]) => ops === undefined).map(([name]) => name)).toEqual([]);
  });

  it.each(declared)(
    '%s: every operation of its client is served by a route of that name',
    async (name, ops) => {
      const missing = (await clientMethods(name)).filter((m) => !NOT_OPERATIONS.has(m) && !ops.includes(m));
      expect(missing).toEqual([]);
    },
  );

  it.each(declared)('%s: its entry is a declaration of at most 80 lines, each function in it too', (name) => {
    const file = join(import.meta.dirname, '../../src/sandbox', name, 'index.ts');
    const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const lines = (n: ts.Node) =>
      src.getLineAndCharacterOfPosition(n.getEnd()).line -
      src.getLineAndCharacterOfPosition(n.getStart()).line +
      1;
    const long: string[] = [];
    let entry = 0;
    const visit = (n: ts.Node) => {
      if (ts.isVariableDeclaration(n) && n.name.getText() === 'createEmulator') entry = lines(n);
      if (ts.isFunctionLike(n) && 'body' in n && n.body && lines(n) > 80)
        long.push(`line ${src.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${lines(n)} lines`);
      ts.forEachChild(n, visit);
    };
    visit(src);
    expect(entry).toBeGreaterThan(0);
    expect(entry).toBeLessThanOrEqual(80);
    expect(long).toEqual([]);
  });
});

const SANDBOX = join(import.meta.dirname, '../../src/sandbox');
const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);
const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
/** The names a module imports, each with the module it comes from. */
const importsOf = (src: ts.SourceFile) =>
  new Map(
    src.statements.filter(ts.isImportDeclaration).flatMap((d) => {
      const from = (d.moduleSpecifier as ts.StringLiteral).text;
      const named = d.importClause?.namedBindings;
      return named && ts.isNamedImports(named) ? named.elements.map((e) => [e.name.text, from] as const) : [];
    }),
  );

describe("one anatomy for every emulator folder (moto's): index, state, seed, routes; the framework in core/", () => {
  it('src/sandbox/ holds core/ and one folder per service of the table, and no file of its own', () => {
    const entries = readdirSync(SANDBOX, { withFileTypes: true });
    expect(entries.filter((e) => !e.isDirectory()).map((e) => e.name)).toEqual([]);
    expect(entries.map((e) => e.name).sort()).toEqual(['core', ...SERVICES.map((s) => s.name)].sort());
  });

  it.each(SERVICES.map((s) => s.name))(
    '%s: index.ts, state.ts, seed.ts and routes.ts (or routes/)',
    (name) => {
      const dir = join(SANDBOX, name);
      for (const f of ['index.ts', 'state.ts', 'seed.ts']) expect(existsSync(join(dir, f)), f).toBe(true);
      expect(existsSync(join(dir, 'routes.ts')) !== existsSync(join(dir, 'routes', 'index.ts'))).toBe(true);
    },
  );

  it.each(SERVICES.map((s) => s.name))(
    '%s: index.ts is the defineEmulator declaration only, its state and routes from state.ts and routes',
    (name) => {
      const src = parse(join(SANDBOX, name, 'index.ts'));
      const other = src.statements.filter(
        (s) =>
          !ts.isImportDeclaration(s) &&
          !ts.isInterfaceDeclaration(s) &&
          !ts.isTypeAliasDeclaration(s) &&
          !(
            ts.isVariableStatement(s) &&
            s.declarationList.declarations[0]?.name.getText() === 'createEmulator'
          ),
      );
      expect(other.map((s) => s.getText().split('\n')[0])).toEqual([]);
      const decl = src.statements.find(ts.isVariableStatement)?.declarationList.declarations[0];
      const call = decl?.initializer;
      expect(call && ts.isCallExpression(call) && call.expression.getText()).toBe('defineEmulator');
      const spec = (call as ts.CallExpression).arguments[0] as ts.ObjectLiteralExpression;
      const field = (key: string) =>
        spec.properties
          .find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === key)
          ?.initializer.getText();
      const imports = importsOf(src);
      expect(field('state')).toBe(`make${pascal(name)}State`);
      expect(imports.get(`make${pascal(name)}State`)).toBe('./state.js');
      expect(['./routes.js', './routes/index.js']).toContain(imports.get(field('routes') ?? ''));
      expect(imports.get(`${pascal(name)}State`) ?? './state.js').toBe('./state.js');
    },
  );

  it.each(SERVICES.map((s) => s.name))('%s: state.ts names its state <Service>State and makes it', (name) => {
    const src = parse(join(SANDBOX, name, 'state.ts'));
    const exported = (s: ts.Statement) =>
      ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const names = src.statements
      .filter(exported)
      .flatMap((s) =>
        ts.isVariableStatement(s)
          ? s.declarationList.declarations.map((d) => d.name.getText())
          : [(s as ts.DeclarationStatement).name?.getText() ?? ''],
      );
    expect(names).toContain(`${pascal(name)}State`);
    expect(names).toContain(`make${pascal(name)}State`);
  });

  it('no emulator imports another: each reads core/ and its own folder', () => {
    const crossing: string[] = [];
    for (const s of SERVICES)
      for (const f of readdirSync(join(SANDBOX, s.name), { recursive: true }).map(String)) {
        if (!f.endsWith('.ts')) continue;
        const file = join(SANDBOX, s.name, f);
        for (const [, from] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
          const target = join(dirname(file), from!);
          const rel = relative(SANDBOX, target).split(sep)[0];
          if (rel !== 'core' && rel !== s.name) crossing.push(`${s.name}/${f}: ${from}`);
        }
      }
    expect(crossing).toEqual([]);
  });
});
