import { describe, expect, it } from 'vitest';
import { INSTANCE_FIELDS } from '../../src/clients/cloud/types.js';
import { HOST_FIELDS } from '../../src/clients/hosts/types.js';
import { RUN_FIELDS } from '../../src/clients/runs/types.js';
import { TASK_LIST_FIELDS } from '../../src/clients/tasks/types.js';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/** gh's `--json FIELDS`, beside the bare `--json` that stays `-o json`. */
const sb = await useSandbox({
  services: ['hosts', 'runs', 'tasks', 'cloud', 'breach', 'pipelines', 'dataapi'],
});
const ops = (args: string[]) => runCli(args, { env: sb.env });
const hostRequests = async () => (await sb.counters()).requests.hosts ?? {};

describe('--json FIELDS', () => {
  it('keeps those fields of each item of a list, in the order given; a dotted one is a nested field', async () => {
    const r = await ops(['hosts', 'list', '--limit', '2', '--json', 'id,name,metrics.cpu']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const items = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(items.map((i) => Object.keys(i))).toEqual([
      ['id', 'name', 'metrics.cpu'],
      ['id', 'name', 'metrics.cpu'],
    ]);
    expect(items[0]).toEqual({ id: 3000000000, name: 'api-001', 'metrics.cpu': 38.1 });
  });

  it('of an object, and --json with no fields (after the argument or before it) is still -o json', async () => {
    const picked = await ops(['runs', 'view', '30433648', '--json', 'name,id']);
    expect([picked.code, picked.stdout]).toEqual([0, '{\n  "name": "CI",\n  "id": 30433648\n}\n']);
    for (const args of [
      ['runs', 'view', '30433648', '--json'],
      ['runs', 'view', '--json', '30433648'],
    ]) {
      const r = await ops(args);
      expect([args, r.code]).toEqual([args, 0]);
      expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(expect.arrayContaining([...RUN_FIELDS]));
    }
    // A word the verb still needs as its argument stays its argument.
    const breach = await ops(['breach', 'show', '--json', 'ZuluGames']);
    expect([breach.code, (JSON.parse(breach.stdout) as { Name: string }).Name]).toEqual([0, 'ZuluGames']);
    // Before the command's name --json is bare; --json=FIELDS says it outright anywhere.
    const root = await ops(['--json=name', 'hosts', 'list', '--limit', '1']);
    expect([root.code, root.stdout]).toEqual([0, '[\n  {\n    "name": "api-001"\n  }\n]\n']);
  });

  it('an unknown field is exit 2 before any request, naming it and listing the fields', async () => {
    const before = await hostRequests();
    const r = await ops(['hosts', 'list', '--json', 'nme,id', '-o', 'csv']);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(
      `ops: unknown JSON field "nme"\nhint: available fields: ${HOST_FIELDS.join(', ')}\n`,
    );
    expect(await hostRequests()).toEqual(before);
    // A name may hold `-` (pipelines names fields so); a list of such names is no argument.
    const dashed = await ops([
      'pipelines',
      'checkout-key',
      'list',
      'gh/acme/web-app',
      '--json',
      'created-at,type',
    ]);
    expect([dashed.code, Object.keys((JSON.parse(dashed.stdout) as object[])[0]!)]).toEqual([
      0,
      ['created-at', 'type'],
    ]);
    const bad = await ops(['hosts', 'list', '--json=name,,id']);
    // --json asks for errors as JSON too.
    expect([bad.code, (JSON.parse(bad.stderr) as { error: { message: string } }).error.message]).toEqual([
      2,
      'invalid --json field list "name,,id"',
    ]);
  });

  it('a verb that declares no fields checks them on the result: exit 1 naming the ones it has', async () => {
    const ok = await ops([
      'dataapi',
      'errors',
      'keywords',
      '--json',
      'function,error_code',
      '--jq',
      '.[0]|keys_unsorted|join(",")',
    ]);
    expect([ok.code, ok.stdout]).toEqual([0, 'function,error_code\n']);
    const r = await ops(['dataapi', 'errors', 'keywords', '--json', 'functon', '-o', 'csv']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^ops: JSON field "functon" not present in the result\nhint: fields of the result: id, datetime, function, /,
    );
  });

  it('composes with --query, --jq and --field, and gives the columns of csv', async () => {
    const query = await ops(['hosts', 'list', '--json', 'name,id', '--query', '[1]']);
    expect(JSON.parse(query.stdout)).toEqual({ name: 'api-002', id: 3000000001 });
    const jq = await ops(['hosts', 'list', '--json', 'name,up', '--jq', '.[0] | keys_unsorted | join(",")']);
    expect(jq.stdout).toBe('name,up\n');
    const field = await ops(['runs', 'view', '30433648', '--json', 'id,name', '--field', 'name']);
    expect(field.stdout).toBe('CI\n');
    const csv = await ops(['hosts', 'list', '--limit', '2', '--json', 'name,id', '-o', 'csv']);
    expect(csv.stdout).toBe('name,id\napi-001,3000000000\napi-002,3000000001\n');
    const ndjson = await ops(['tasks', 'lists', 'list', '--json', 'title', '-o', 'ndjson']);
    expect(ndjson.stdout.split('\n')[0]).toBe('{"title":"My Tasks"}');
  });

  it("a verb's help lists its fields, and they cover what it prints", async () => {
    const help = await ops(['hosts', 'list', '--help']);
    expect(help.stdout).toContain(
      'JSON fields (--json a,b; nested ones dotted, a.b):\n  aliases, apps, aws_id,',
    );
    const cases: Array<[string[], readonly string[]]> = [
      [['hosts', 'list', '--include-muted'], HOST_FIELDS],
      [['runs', 'list', '--limit', '5'], RUN_FIELDS],
      [['tasks', 'lists', 'list'], TASK_LIST_FIELDS],
      [['cloud', 'instance', 'list'], INSTANCE_FIELDS],
    ];
    for (const [args, fields] of cases) {
      const r = await ops([...args, '--jq', '[.[] | keys[]] | unique | .[]']);
      expect([args, r.code]).toEqual([args, 0]);
      const printed = r.stdout.trim().split('\n');
      expect([args, printed.filter((k) => !fields.includes(k))]).toEqual([args, []]);
    }
  });
});
