import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { verbMeta } from '../../src/commands/shared/verbs.js';
import { testFactory } from '../helpers/factory.js';
import { memoryIo } from '../helpers/io.js';
import { runCli, runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * `--json FIELDS` over the whole tree: every verb that reads and prints data declares its fields (so
 * an unknown one is exit 2 before any request, and `--help` lists them), or is named below with why
 * not. A write prints the resource it changed; its field list is checked against that result (exit 1).
 */
const EXCEPTIONS: Record<string, string> = {
  'secrets read': "a path's data: the keys are the user's own",
  'secrets list': 'key names: a list of strings, no fields',
  'secrets help': "the path's help text or its OpenAPI document",
  'secrets kv get': "a secret's data: the keys are the user's own",
  'secrets kv list': 'key names: a list of strings, no fields',
  'breach account': 'a map from each account to its breaches: the keys are the accounts given',
  'breach domain': 'a map from each alias of the domain to its breaches: the keys are the aliases',
  'breach dataclasses': 'a list of strings, no fields',
  'breach stealer-logs': 'a list of website domains, or a map keyed by alias',
  'runs watch': 'a live view; its last run is runs view (declared)',
  'runs logs': 'log text or files, not JSON',
  'runs job logs': 'log text, not JSON',
  'runs artifact download': 'files, not JSON',
  'pipelines policy decisions bundle': 'a bundle keyed by policy name: the keys are the policies',
  'pipelines policy bundle get': 'a bundle keyed by policy name: the keys are the policies',
  'dataapi errors keywords':
    "the tasks' results: their fields differ by endpoint version; checked against the result",
  'dataapi errors backlinks':
    "the tasks' results: their fields differ by endpoint version; checked against the result",
  'cloud instance credentials get': 'a credential to reveal',
  'cloud instance metrics cpu': 'a series of values and times (a chart), not items',
  'cloud lb metrics': 'series of values and times (a chart), not items',
  'auth token': 'a credential to reveal',
  'mcp tools': 'tool descriptions for agents',
};

const tree = await testFactory(memoryIo()).tree();
const leaves: Array<[string, Command]> = [];
(function walk(cmd: Command, path: string[]) {
  for (const sub of cmd.commands) {
    const p = [...path, sub.name()];
    if (sub.commands.length === 0) leaves.push([p.join(' '), sub]);
    walk(sub, p);
  }
})(tree, []);
// A verb that prints text (a script, a path, a server's messages) refuses --json: its `text` says why.
const reads = leaves.filter(([, c]) => verbMeta(c)?.effect === 'read' && verbMeta(c)?.text === undefined);

describe('every read verb declares its --json fields, or says why not', () => {
  it('declared or excepted, never both; every exception names a verb that exists', () => {
    const neither = reads.filter(([p, c]) => !verbMeta(c)?.fields && !(p in EXCEPTIONS)).map(([p]) => p);
    expect(neither).toEqual([]);
    const both = reads.filter(([p, c]) => verbMeta(c)?.fields && p in EXCEPTIONS).map(([p]) => p);
    expect(both).toEqual([]);
    const paths = new Set(reads.map(([p]) => p));
    expect(Object.keys(EXCEPTIONS).filter((p) => !paths.has(p))).toEqual([]);
    expect(reads.filter(([, c]) => verbMeta(c)?.fields).length).toBeGreaterThanOrEqual(75);
  });

  it("each declared verb's --help lists its fields", { timeout: 60_000 }, async () => {
    for (const [path, cmd] of reads) {
      const fields = verbMeta(cmd)?.fields;
      if (!fields) continue;
      const help = (await runMain([...path.split(' '), '--help'])).stdout.replace(/\s+/g, ' ');
      expect([
        path,
        help.includes(`JSON fields (--json a,b; nested ones dotted, a.b): ${fields.join(', ')}`),
      ]).toEqual([path, true]);
    }
  });
});

const sb = await useSandbox({
  services: ['secrets', 'meter', 'hosts', 'runs', 'tasks', 'db', 'pipelines', 'docgen', 'cloud', 'breach'],
});
const ops = (args: string[]) => runCli(args, { env: sb.env });

/** Each declared verb as the sandbox runs it: what it prints must name no field it does not declare. */
const RUNS: string[][] = [
  ['secrets', 'status'],
  // Its JSON is the API's envelope; the declared fields are those of the metadata, its data.
  ['secrets', 'kv', 'metadata', 'get', 'secret/app/config', '--query', 'data'],
  ['meter', 'catalogue'],
  ['hosts', 'list'],
  ['hosts', 'totals'],
  ['breach', 'domains'],
  ['breach', 'list'],
  ['breach', 'show', 'Adobe'],
  ['breach', 'latest'],
  ['breach', 'subscription'],
  ['runs', 'list'],
  ['runs', 'view', '30433648'],
  ['runs', 'job', 'list', '30433642'],
  ['runs', 'job', 'view', '399444120'],
  ['runs', 'workflow', 'list'],
  ['runs', 'workflow', 'view', '161335'],
  ['runs', 'artifact', 'list', '30433643'],
  ['runs', 'cache', 'list'],
  ['runs', 'secret', 'list'],
  ['runs', 'secret', 'list', '--org', 'octo-org'],
  ['runs', 'secret', 'repos', 'list', 'DEPLOY_KEY', '--org', 'octo-org'],
  ['runs', 'variable', 'list'],
  ['runs', 'variable', 'get', 'LOG_LEVEL'],
  ['runs', 'variable', 'repos', 'list', 'BUILD_FLAGS', '--org', 'octo-org'],
  ['runs', 'permissions', 'repos', '--org', 'octo-org'],
  ['runs', 'runner', 'list'],
  ['runs', 'runner', 'downloads'],
  ['runs', 'runner', 'labels', 'list', '7'],
  ['runs', 'runner', 'hosted', 'list', '--org', 'octo-org'],
  ['runs', 'runner', 'hosted', 'get', '5', '--org', 'octo-org'],
  ['runs', 'runner-group', 'list'],
  ['runs', 'runner-group', 'get', '1'],
  ['tasks', 'lists', 'list'],
  ['tasks', 'lists', 'get', '@default'],
  ['tasks', 'list'],
  ['tasks', 'get', 'dDA6Mg'],
  ['db', 'role-assignment', 'list'],
  ['db', 'role-assignment', 'get', '4a4d6c1e-8f0b-4d35-9b2e-1c7a5e3f9d21'],
  ['db', 'role-definition', 'list'],
  ['db', 'role-definition', 'get', '00000000-0000-0000-0000-000000000001'],
  ['pipelines', 'context', 'list'],
  ['pipelines', 'context', 'get', 'a0c17523-e4af-46ab-965f-4a57cbc4a90f'],
  ['pipelines', 'context', 'env', 'list', 'a0c17523-e4af-46ab-965f-4a57cbc4a90f'],
  ['pipelines', 'context', 'restriction', 'list', 'a0c17523-e4af-46ab-965f-4a57cbc4a90f'],
  ['pipelines', 'oidc-claims', 'get'],
  ['pipelines', 'oidc-claims', 'get', '--project', 'web-app'],
  ['pipelines', 'insights', 'summary', 'gh/acme/web-app'],
  ['pipelines', 'insights', 'summary', '--org', 'gh/acme'],
  ['pipelines', 'insights', 'workflows', 'gh/acme/web-app'],
  ['pipelines', 'insights', 'runs', 'gh/acme/web-app', 'build-and-test'],
  ['pipelines', 'insights', 'jobs', 'gh/acme/web-app', 'build-and-test'],
  ['pipelines', 'insights', 'branches', 'gh/acme/web-app'],
  ['pipelines', 'insights', 'flaky-tests', 'gh/acme/web-app'],
  ['pipelines', 'insights', 'time-series', 'gh/acme/web-app', 'build-and-test'],
  ['pipelines', 'policy', 'decisions', 'list'],
  ['pipelines', 'policy', 'decisions', 'get', '2f775b21-2322-4752-931c-4cef7e2821de'],
  ['pipelines', 'policy', 'settings', 'get'],
  ['pipelines', 'definition', 'list', 'gh/acme/web-app'],
  ['pipelines', 'definition', 'get', 'gh/acme/web-app', '0f6ccd99-1209-4ee3-bcb4-62eddf789eb3'],
  ['pipelines', 'project', 'get', 'gh/acme/web-app'],
  ['pipelines', 'checkout-key', 'list', 'gh/acme/web-app'],
  [
    'pipelines',
    'checkout-key',
    'get',
    'gh/acme/web-app',
    'SHA256:LcQPdX7piyJuHM8YN6nfj0qy4ObTe2LE9U3UaY+aFBQ',
  ],
  ['pipelines', 'env', 'list', 'gh/acme/web-app'],
  ['pipelines', 'env', 'get', 'gh/acme/web-app', 'NPM_TOKEN'],
  ['docgen', 'jobs', 'list'],
  ['docgen', 'jobs', 'get', '91847520'],
  ['cloud', 'regions'],
  ['cloud', 'instance-types', '--region', 'eu-west-3'],
  ['cloud', 'images'],
  ['cloud', 'instance', 'list'],
  ['cloud', 'instance', 'get', '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b01'],
  ['cloud', 'instance', 'credentials', 'list', '4b7d2a10-5c3e-4f8a-9b1c-2d3e4f5a6b03'],
  ['cloud', 'asg', 'list'],
  ['cloud', 'asg', 'get', 'a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c01'],
  ['cloud', 'asg', 'instances', 'a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c01'],
  ['auth', 'status', 'runs', '--check'],
  ['config', 'list', '--all', '--show-origin'],
  ['config', 'profiles'],
];

describe('the declared fields are those the JSON shows', () => {
  it('every field each verb prints in the sandbox is declared', { timeout: 120_000 }, async () => {
    const byPath = new Map(reads.map(([p, c]) => [p, verbMeta(c)?.fields]));
    for (const argv of RUNS) {
      const declared = [...byPath.entries()].find(
        ([p]) => p === argv.slice(0, p.split(' ').length).join(' '),
      )?.[1];
      expect([argv, 'declared', declared !== undefined]).toEqual([argv, 'declared', true]);
      const r = await ops([...argv, '-o', 'json']);
      expect([argv, r.code]).toEqual([argv, 0]);
      const data = JSON.parse(r.stdout) as unknown;
      const items = (Array.isArray(data) ? data : [data]) as Array<Record<string, unknown>>;
      expect([argv, items.length > 0]).toEqual([argv, true]);
      const shown = [...new Set(items.flatMap((i) => Object.keys(i)))];
      expect([argv, shown.filter((k) => !declared!.includes(k))]).toEqual([argv, []]);
    }
  });

  it('a local list takes its fields too: config list --json key is a field list, not a service', async () => {
    const r = await ops(['config', 'list', '--all', '--json', 'key']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((row) => Object.keys(row).join() === 'key')).toBe(true);
    const status = await ops(['auth', 'status', '--json', 'service,source']);
    expect(JSON.parse(status.stdout)[0]).toEqual({ service: 'secrets', source: 'env OPS_SECRETS_TOKEN' });
  });

  it('an unknown field is exit 2 before any request, naming it and the available ones', async () => {
    const r = await ops(['docgen', 'jobs', 'list', '--json', 'id,nope']);
    expect(r.code).toBe(2);
    // --json FIELDS asks for JSON, so the error is JSON too.
    const { error } = JSON.parse(r.stderr) as { error: { message: string; hint?: string } };
    expect(error.message).toBe('unknown JSON field "nope"');
    expect(JSON.stringify(error)).toContain(
      'available fields: batch, created_at, created_by, enterprise, failures, id,',
    );
    expect((await sb.counters()).requests.docgen ?? {}).toEqual({});
  });
});
