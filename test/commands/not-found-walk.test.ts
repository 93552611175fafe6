import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { memoryIo } from '../helpers/io.js';
import { type CountingServer, countingServer, everyServiceAt, leafCommands } from '../helpers/tree-walk.js';

/**
 * docs/grammar.md, "Errors": a 404 names the kind, the id and where it looked. Every verb of the tree
 * that takes an argument is run against a fake that answers 404 to every request and counts them;
 * each that sends one must end exit 3 with `<kind> <id> not found in <where>`, the id being what it was
 * given (or the scope it looked in). The verbs come from the built tree, not from a list.
 */

const UUID = '9d2f6a30-4b5c-4d6e-9f70-8a9b0c1d2e99';
const ORG_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
/** A value of each argument, by `service:argument`, in the form that needs no lookup first (an id). */
const SAMPLE: Record<string, string> = {
  'cloud:id': UUID,
  'cloud:load-balancer': UUID,
  'cloud:snapshot-id': UUID,
  'cloud:target-group': UUID,
  'cloud:metric': 'requests',
  'db:id': UUID,
  'docgen:job-id': '4242',
  'hosts:host': 'web-99',
  'pipelines:context': UUID,
  'pipelines:decision-id': UUID,
  'pipelines:definition-id': UUID,
  'pipelines:restriction-id': UUID,
  'pipelines:project': 'gh/acme/nope',
  'pipelines:project-slug': 'gh/acme/nope',
  'pipelines:fingerprint': 'SHA256:abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  'pipelines:name': 'NOPE_VAR',
  'pipelines:workflow': 'build',
  'pipelines:dir': '.',
  'runs:name': 'NOPE_SECRET',
  'runs:workflow': 'ci.yml',
  'runs:label': 'gpu',
  'secrets:path': 'secret/app/nope',
  'secrets:data': 'k=v',
  'tasks:list': 'LIST99',
  'tasks:task': 'TASK99',
  'tasks:title': 'Milk',
  'breach:name': 'Nope',
};
/** The scope each service looks in when the verb names none (set here as the environment does). */
const SCOPES = {
  OPS_RUNS_REPO: 'octo/nope',
  OPS_RUNS_ORG: 'octo',
  OPS_PIPELINES_ORG: ORG_ID,
  OPS_DB_SUBSCRIPTION: '00000000-0000-4000-8000-000000000001',
  OPS_DB_RESOURCE_GROUP: 'rg-nope',
  OPS_DB_ACCOUNT: 'acct-nope',
};

/** What a verb needs besides its arguments to get as far as its request: flags, and stdin. */
const MORE: Record<string, { flags?: string[]; input?: string }> = {
  'secrets kv metadata put': { flags: ['--max-versions', '5'] },
  'runs secret set': { input: 'v' },
  'runs variable set': { input: 'v' },
  'tasks update': { flags: ['--title', 'x'] },
  'tasks replace': { flags: ['--file', '-'], input: '{"title":"x"}' },
  'tasks lists replace': { flags: ['--file', '-'], input: '{"title":"x"}' },
  'pipelines context env set': { input: 'v' },
  'pipelines env set': { input: 'v' },
  'pipelines context restriction create': { flags: ['--type', 'expression', '--value', 'true'] },
  'pipelines definition update': { flags: ['--name', 'x'] },
  'pipelines checkout-key create': { flags: ['--type', 'deploy-key'] },
  'cloud instance update': { flags: ['--reference', 'x'] },
  'cloud instance credentials store': {
    flags: ['--type', 'OPERATING_SYSTEM', '--username', 'root'],
    input: 'pw-12345678',
  },
  'cloud instance credentials get': { flags: ['--type', 'OPERATING_SYSTEM', '--username', 'root'] },
  'cloud instance credentials update': {
    flags: ['--type', 'OPERATING_SYSTEM', '--username', 'root'],
    input: 'pw-12345678',
  },
  'cloud instance credentials delete': { flags: ['--type', 'OPERATING_SYSTEM', '--username', 'root'] },
  'cloud instance snapshot create': { flags: ['--name', 'x'] },
  'cloud asg update': { flags: ['--reference', 'x'] },
};

/**
 * Verbs whose 404 is not a missing thing, each with why: the breach service answers 404 for an
 * address or a domain with no breach (an empty result, exit 0).
 */
const NOT_A_MISS = new Set([
  // creates a list in the account: nothing it names can be missing
  'tasks lists create',
  'breach account',
  'breach domain',
  'breach stealer-logs',
  'breach pastes',
]);

/**
 * What every service has, answered as it would be: a missing answer here is not a missing thing (a
 * 404 to the mount preflight means an old server). The secrets mount is KV v2; the account has the
 * task list the walk names.
 */
const ALWAYS: Array<[RegExp, unknown]> = [
  [/\/v1\/sys\/internal\/ui\/mounts\//, { data: { path: 'secret/', type: 'kv', options: { version: '2' } } }],
  [/\/users\/@me\/lists(\?|$)/, { items: [{ id: 'LIST99', title: 'Chores' }] }],
];

function argv(path: string, cmd: Command): string[] {
  const service = path.split(' ')[0];
  const args = cmd.registeredArguments.map(
    (a) => a.argChoices?.[0] ?? SAMPLE[`${service}:${a.name()}`] ?? '4242',
  );
  for (const o of cmd.options) if (o.mandatory) args.push(o.long!, o.argChoices?.[0] ?? '1');
  return [...path.split(' '), ...args, ...(MORE[path]?.flags ?? []), '--yes'];
}

/**
 * One line for one miss, whichever verb met it (a read's 404, or a delete's read first): the service that
 * answered, the kind, the id, where, and the status (`ops: secrets: secret app/nope not found in mount
 * secret/ (HTTP 404)`).
 */
const MESSAGE = /^ops: ([a-z]+): (.+) (\S+) not found in (.+?) \(HTTP 404\)$/;

const verbs = (await leafCommands()).filter(
  ([p, c]) =>
    c.registeredArguments.length > 0 &&
    !NOT_A_MISS.has(p) &&
    !/^(api|config|auth|completion|sandbox|mcp)\b/.test(p),
);

describe('every verb that can 404 names the kind, the id and where it looked', () => {
  let server: CountingServer;
  beforeAll(async () => {
    server = await countingServer((req, res) => {
      const ok = ALWAYS.find(([re]) => re.test(req.url ?? ''));
      res
        .writeHead(ok ? 200 : 404, { 'content-type': 'application/json' })
        .end(JSON.stringify(ok ? ok[1] : { message: 'Not Found' }));
    });
  });
  afterAll(() => server.close());
  const walked: string[] = [];

  it.each(verbs.map(([p, c]) => [p, c] as const))('%s', async (path, cmd) => {
    const line = argv(path, cmd);
    const io = memoryIo({ env: { ...everyServiceAt(server.url), ...SCOPES }, input: MORE[path]?.input });
    const before = server.requests.length;
    const code = await main(['node', 'ops', ...line], io);
    if (server.requests.length === before) return; // refused before any request (its own test says why)
    walked.push(path);
    const first = io.err().split('\n')[0]!;
    const m = MESSAGE.exec(first);
    expect(m, `${line.join(' ')} → ${first}`).not.toBeNull();
    const [, service, kind, id, where] = m!;
    expect(service, first).toBe(path.split(' ')[0]);
    expect(kind!.length, first).toBeGreaterThan(0);
    const given = [...line, ...Object.values(SCOPES), '@default'];
    expect(
      given.some((g) => g.includes(id!) || where!.includes(g)),
      `${first} names none of ${line.join(' ')}`,
    ).toBe(true);
    expect(code, first).toBe(3);
  });

  it('walks the verbs of every service with ids', () => {
    const services = new Set(walked.map((p) => p.split(' ')[0]));
    expect([...services].sort()).toEqual(
      ['breach', 'cloud', 'db', 'docgen', 'hosts', 'pipelines', 'runs', 'secrets', 'tasks'].sort(),
    );
    expect(walked.length).toBeGreaterThan(100);
  });
});
