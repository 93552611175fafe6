import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { Clock, type EmulatorFactory } from '../../src/sandbox/core/framework.js';
import { SANDBOX_CREDENTIALS, SANDBOX_SETTINGS, SERVICES } from '../../src/services.js';

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
