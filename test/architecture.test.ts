import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '../src/services.js';

/**
 * The layering docs/style.md asks for, checked on the source: data flows command → client → http core,
 * nothing imports from a floor above it, and there is no import loop (static, lazy `import()` or of types
 * alone: a part loaded lazily takes its types from a file of their own, not from the file that loads it).
 */
const SRC = join(import.meta.dirname, '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

interface Edge {
  to: string;
  typeOnly: boolean;
}

/** Every relative import of a file: `import … from`, `export … from` and `import(…)`. */
function importsOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const edges: Edge[] = [];
  const re = /(import|export)\s+(type\s+)?[^;'"]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;
  for (const m of text.matchAll(re)) {
    const spec = m[3] ?? m[4]!;
    edges.push({
      to: relative(SRC, resolve(dirname(file), spec.replace(/\.js$/, '.ts'))),
      typeOnly: Boolean(m[2]),
    });
  }
  return edges;
}

const graph = new Map(files(SRC).map((f) => [relative(SRC, f), importsOf(f)]));
const floor = (path: string) => path.split('/')[0]!.replace(/\.ts$/, '');
/** The floors on the ground beside the http core: they import nothing from the composition root, types included. */
const BESIDE_CLIENTS = ['clients', 'sandbox'];

describe('architecture', () => {
  it('the style guide the tests cite is in the repository', () => {
    const cited = ['architecture.test.ts', 'function-length.test.ts'].map(
      (t) => readFileSync(join(import.meta.dirname, t), 'utf8').match(/\b[\w/]*style\.md\b/i)?.[0],
    );
    expect(cited).toEqual(['docs/style.md', 'docs/style.md']);
    expect(readFileSync(join(SRC, '..', 'docs', 'style.md'), 'utf8')).toMatch(/^# Style/);
  });

  it('every relative import names a file that exists', () => {
    const missing = [...graph].flatMap(([from, edges]) =>
      edges.filter((e) => !graph.has(e.to)).map((e) => `${from} → ${e.to}`),
    );
    expect(missing).toEqual([]);
  });

  it('no import loop, counting lazy and type-only imports', () => {
    const loops: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, path: string[]) => {
      if (state.get(node) === 'done') return;
      if (state.get(node) === 'open') {
        loops.push([...path.slice(path.indexOf(node)), node].join(' → '));
        return;
      }
      state.set(node, 'open');
      for (const e of graph.get(node) ?? []) visit(e.to, [...path, node]);
      state.set(node, 'done');
    };
    for (const node of graph.keys()) visit(node, []);
    expect(loops).toEqual([]);
  });

  it('no floor imports from a floor above it', () => {
    // What each floor may import at run time (type-only imports of the composition root's types are fine,
    // except on the floors beside the clients, which import nothing of the root, not even a type).
    const allowed: Record<string, string[]> = {
      clients: ['clients', 'errors', 'version', 'lazy'],
      sandbox: ['sandbox', 'errors', 'io', 'version', 'lazy'],
      output: ['output', 'errors', 'io', 'clients', 'lazy', 'clock'],
      config: ['config', 'errors', 'io', 'clients', 'output'],
      commands: [
        'commands',
        'clients',
        'output',
        'config',
        'errors',
        'io',
        'sandbox',
        'version',
        'lazy',
        'verb-meta',
        'auth',
        'update',
        'extensions',
        'clock',
      ],
      // The update check and the steps of `ops upgrade`: below the command, beside the config.
      update: ['update', 'clients', 'config', 'errors', 'io', 'version', 'lazy'],
      // Aliases and plugins: what they are and where they are found, below the commands that manage them.
      extensions: ['extensions', 'config', 'errors', 'io'],
      // The sign-in flows of the login commands (loopback, device code, PKCE): below the commands, which
      // build the login verbs on them (commands/shared/login-command.ts).
      auth: ['auth', 'clients', 'output', 'config', 'errors', 'io', 'lazy'],
      app: ['app', 'clients', 'sandbox', 'output', 'config', 'errors', 'io', 'version', 'verb-meta'],
      'verb-meta': [],
      // Now as the services see it (the wall's, or a sandbox's faster clock): on the ground, importing none of ours.
      clock: [],
    };
    const upward = [...graph].flatMap(([from, edges]) => {
      const rules = allowed[floor(from)];
      if (!rules) return [];
      return edges
        .filter((e) => !(e.typeOnly && floor(e.to) === 'app' && !BESIDE_CLIENTS.includes(floor(from))))
        .filter((e) => !rules.includes(floor(e.to)))
        .map((e) => `${from} → ${e.to}${e.typeOnly ? ' (type)' : ''}`);
    });
    expect(upward).toEqual([]);
  });

  it('the HTTP/1.1 transport (clients/http/transport/) is a room below the client core', () => {
    // The core sends through it (client.ts, answer.ts, the run's closeTransport); it knows nothing of
    // the core's retries, auth or pages: it imports only its own files and the errors.
    const upward = [...graph]
      .filter(([from]) => from.startsWith('clients/http/transport/'))
      .flatMap(([from, edges]) =>
        edges
          .filter((e) => !e.to.startsWith('clients/http/transport/') && e.to !== 'errors.ts')
          .map((e) => `${from} → ${e.to}`),
      );
    expect(upward).toEqual([]);
    // and what is the transport's alone sits in it, not beside the core's files
    const beside = [...graph.keys()].filter((p) =>
      /^clients\/http\/(h1-[^/]*|[^/]*transport[^/]*|undici)\.ts$/.test(p),
    );
    expect(beside).toEqual([]);
  });

  it('the sandbox never imports a client, and no client imports the sandbox', () => {
    const crossing = [...graph].flatMap(([from, edges]) =>
      edges
        .filter(
          (e) =>
            (floor(from) === 'sandbox' && floor(e.to) === 'clients') ||
            (floor(from) === 'clients' && floor(e.to) === 'sandbox'),
        )
        .map((e) => `${from} → ${e.to}`),
    );
    expect(crossing).toEqual([]);
  });

  it("every service verb starts through its service's one start (startService underneath)", () => {
    // Commands that are no service's verb, or that make their own context: the documented exceptions
    // (config, sandbox, completion, api, mcp, upgrade, alias, plugin, the login verbs and `ops auth`).
    const exempt = (path: string) =>
      /^commands\/(config|sandbox|completion|api|mcp|auth|upgrade|alias|plugin)\//.test(path) ||
      /\/login[^/]*\.ts$/.test(path) ||
      path === 'commands/shared/start.ts';
    const direct = [...graph.keys()]
      .filter((path) => path.startsWith('commands/'))
      .flatMap((path) => {
        const text = readFileSync(join(SRC, path), 'utf8');
        return ['factory.context(', 'ctx.serviceClient(', 'startService(']
          .filter((call) => text.includes(call) && !exempt(path))
          .map((call) => `${path}: ${call}`);
      });
    expect(direct).toEqual([]);
  });

  it('no service keeps its own wrapper around the start', () => {
    const wrappers =
      /\b(tasksStart|runsContext|runsBase|dbContext|dbClient|breachClient|meterClient|pipelinesStart|cloudContext|docgenClient|dataapiClient|contextWithEnvOutput)\b/;
    const found = [...graph.keys()]
      .filter((path) => path.startsWith('commands/'))
      .filter((path) => wrappers.test(readFileSync(join(SRC, path), 'utf8')));
    expect(found).toEqual([]);
  });

  it('every service declares its start once, with serviceStart', () => {
    const declared = [...graph.keys()]
      .filter((path) => path.startsWith('commands/') && path !== 'commands/shared/start.ts')
      .filter((path) => /\bserviceStart</.test(readFileSync(join(SRC, path), 'utf8')))
      .map((path) => path.split('/')[1])
      .sort();
    expect(declared).toEqual([...SERVICE_NAMES].sort());
  });
});
