import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compileJq } from '../../src/output/jq.js';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/**
 * --jq is jq itself: the same text as the jq binary's `jq -r` over the same JSON, the real outputs of
 * several services. The corpus keeps to what jq 1.6 (Debian 12), 1.7 and 1.8 (the build ops carries)
 * print alike. Without a jq binary the comparison is skipped, saying so (.ci/run installs Debian's).
 */
const sb = await useSandbox({ services: ['hosts', 'tasks', 'runs', 'cloud', 'breach'] });
const ops = (args: string[], input?: string) =>
  runCli(args, { env: sb.env, ...(input === undefined ? {} : { input }) });

const jqBinary = (() => {
  try {
    return execFileSync('jq', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
})();

const SOURCES = {
  hosts: ['hosts', 'list'],
  runs: ['runs', 'list', '--limit', '5'],
  cloud: ['cloud', 'instance', 'list'],
  breach: ['breach', 'list'],
  tasks: ['tasks', 'lists', 'list'],
} as const;

const CORPUS: Array<[keyof typeof SOURCES, string]> = [
  ['hosts', '.[0].name'],
  ['hosts', '.[].name'],
  ['hosts', '.[] | {name, id}'],
  ['hosts', 'map(.name)'],
  ['hosts', 'length'],
  ['hosts', '[.[] | select(.is_muted | not) | .name]'],
  ['hosts', '.[] | select(.metrics.cpu > 50) | .name'],
  ['hosts', '.[] | [.name, .id, .up] | @csv'],
  ['hosts', '.[] | [.name, .metrics.cpu] | @tsv'],
  ['hosts', '.[0].name | @base64'],
  ['hosts', '.[0].name | @base64 | @base64d'],
  ['hosts', '.[0] | [paths | map(tostring) | join(".")]'],
  ['hosts', '[.[0] | paths(type == "number")]'],
  ['hosts', 'reduce .[] as $h (0; . + $h.metrics.cpu) | floor'],
  ['hosts', 'group_by(.up) | map({up: .[0].up, count: length})'],
  ['hosts', '.[] | "\\(.name) has \\(.apps | length) apps"'],
  ['hosts', '.[0] as $first | .[] | select(.id == $first.id) | .host_name'],
  ['hosts', '[.[].apps[]] | unique'],
  ['hosts', '.[0].tags_by_source | keys'],
  ['hosts', '.[0].tags_by_source | to_entries | map("\\(.key)=\\(.value | join(","))") | .[]'],
  ['hosts', 'map(.metrics.cpu) | add / length | . * 100 | round'],
  ['hosts', 'sort_by(.metrics.cpu) | reverse | .[0:2] | map(.name)'],
  ['hosts', '[.[] | .aliases[] | select(test("^i-"))] | length'],
  ['hosts', 'map(select(.apps | index("nginx"))) | map(.name)'],
  ['hosts', '.[0] | del(.tags_by_source, .metrics) | keys'],
  ['hosts', '.[0].metrics | with_entries(.value |= tostring)'],
  ['hosts', 'first(.[] | select(.up)) | .name'],
  ['hosts', '[limit(2; .[])] | map(.id)'],
  ['hosts', '.[0].name | ascii_upcase | split("-") | join("_")'],
  ['hosts', '.[] | .name as $n | .apps[] | "\\($n)\\t\\(.)"'],
  ['hosts', 'map({(.name): .id}) | add'],
  ['hosts', '.[0] | to_entries | map(select(.value | type == "boolean")) | from_entries'],
  ['hosts', 'any(.[]; .is_muted)'],
  ['hosts', 'all(.[]; .id > 0)'],
  ['hosts', '.[0].nonexistent // "default"'],
  ['hosts', '[.[] | .metrics.cpu] | min, max'],
  ['hosts', 'def cpu: .metrics.cpu; map(cpu) | sort | .[0]'],
  ['hosts', '.[0] | [paths(scalars)] | length'],
  ['runs', '.[] | "\\(.id) \\(.status)/\\(.conclusion // "-")"'],
  ['runs', 'group_by(.event) | map({event: .[0].event, runs: map(.id)})'],
  ['runs', 'map(.actor.login) | unique | .[]'],
  ['runs', '.[] | [.id, .head_branch, .display_title] | @tsv'],
  ['runs', '.[0] | {id, sha: .head_sha[0:7]}'],
  ['runs', 'reduce .[] as $r ({}; .[$r.status] += 1)'],
  ['runs', '.[0].created_at | @text'],
  ['runs', '.[0].display_title | @json'],
  ['runs', '.[0].display_title | @html'],
  ['runs', '.[0].display_title | @uri'],
  ['runs', '.[0].display_title | @sh'],
  ['cloud', '.[] | "\\(.reference): \\(.resources.cpu.value) \\(.resources.cpu.unit)"'],
  ['cloud', 'map(select(.state == "RUNNING")) | length'],
  ['cloud', '[.[] | .resources | to_entries[] | .value.unit] | unique'],
  ['cloud', '.[0] | [paths(scalars)] | map(join("/")) | .[0:5][]'],
  ['cloud', 'group_by(.region) | map([.[0].region, length] | @csv) | .[]'],
  ['breach', 'map(.PwnCount) | add'],
  ['breach', '[.[] | .DataClasses[]] | group_by(.) | map({(.[0]): length}) | add'],
  ['breach', '.[] | select(.IsVerified) | .Name'],
  ['breach', 'sort_by(.BreachDate) | .[-1].Title'],
  ['breach', '.[0].Description | length'],
  ['tasks', '.[].title'],
  ['tasks', 'map(.title | ascii_downcase | gsub(" "; "-"))'],
  ['tasks', '.[] | select(.title | startswith("W")) | .id'],
];

describe('--jq beside the jq binary', () => {
  it.skipIf(!jqBinary)(
    `${CORPUS.length} expressions over real outputs print what \`${jqBinary ?? 'jq'} -r\` prints`,
    async () => {
      const outputs: Record<string, string> = {};
      for (const [name, args] of Object.entries(SOURCES)) {
        const r = await ops([...args, '-o', 'json']);
        expect([name, r.code, r.stderr]).toEqual([name, 0, '']);
        outputs[name] = r.stdout;
      }
      const differences: string[] = [];
      for (const [source, expression] of CORPUS) {
        const expected = execFileSync('jq', ['-r', expression], {
          input: outputs[source],
          encoding: 'utf8',
        });
        const got = (await compileJq(expression))(JSON.parse(outputs[source]!));
        if (got !== expected) differences.push(`${source} ${expression}:\n${got}\n---\n${expected}`);
        expect(expected.length, `${source} ${expression} prints something`).toBeGreaterThan(0);
      }
      expect(differences).toEqual([]);
      expect(CORPUS.length).toBeGreaterThanOrEqual(40);
    },
  );

  it.runIf(!jqBinary)('says why the comparison is skipped', () => {
    console.warn('test/e2e/jq.test.ts: no jq binary on PATH: the corpus comparison is skipped');
  });

  it.skipIf(!jqBinary)('the CLI prints the same as jq -r, a raw string a line, in ops api too', async () => {
    const listed = await ops(['hosts', 'list', '-o', 'json']);
    for (const expression of ['.[].name', '.[0] | {name, up}', '.[] | [.name, .id] | @tsv']) {
      const r = await ops(['hosts', 'list', '--jq', expression]);
      expect([expression, r.code, r.stderr]).toEqual([expression, 0, '']);
      expect(r.stdout).toBe(
        execFileSync('jq', ['-r', expression], { input: listed.stdout, encoding: 'utf8' }),
      );
    }
    const api = await ops([
      'api',
      'hosts',
      'GET',
      '/api/v1/hosts',
      '-f',
      'count=2',
      '--jq',
      '.host_list[].name',
    ]);
    expect([api.code, api.stderr]).toEqual([0, '']);
    expect(api.stdout).toBe('api-001\napi-002\n');
  });
});

describe('--jq', () => {
  it('keeps whitespace and empty strings of raw strings, and prints nothing for no result', async () => {
    const f = await compileJq('.[]');
    expect(f(['  indented', '', 'trailing  ', 'two\nlines'])).toBe('  indented\n\ntrailing  \ntwo\nlines\n');
    expect(f([])).toBe('');
  });

  it('a bad expression is exit 2 before any request, with jq message', async () => {
    const before = (await sb.counters()).requests.hosts ?? {};
    const cases: Array<[string, RegExp]> = [
      ['.[', /^ops: invalid --jq "\.\[": syntax error, unexpected end of file at <top-level>, line 1/],
      ['foo', /^ops: invalid --jq "foo": foo\/0 is not defined at <top-level>, line 1/],
      ['.a | $x', /^ops: invalid --jq "\.a \| \$x": \$x is not defined/],
      // It cannot close the brackets it is compiled in and so be taken for valid.
      ['1) | (2', /^ops: invalid --jq "1\) \| \(2": syntax error/],
      ['', /^ops: --jq is empty\nhint: give a jq expression/],
    ];
    for (const [expression, message] of cases) {
      const r = await ops(['hosts', 'list', '--jq', expression]);
      expect([expression, r.code, r.stdout]).toEqual([expression, 2, '']);
      expect(r.stderr).toMatch(message);
    }
    expect((await sb.counters()).requests.hosts ?? {}).toEqual(before);
  });

  it('with -o other than json or with --field is exit 2 naming the conflict; -o json is fine', async () => {
    const yaml = await ops(['hosts', 'list', '--jq', '.[0].name', '-o', 'yaml']);
    expect([yaml.code, yaml.stderr]).toEqual([
      2,
      'ops: --jq conflicts with -o yaml\nhint: --jq filters the JSON result and prints what jq prints: drop -o\n',
    ]);
    const field = await ops(['hosts', 'list', '--jq', '.[0].name', '--field', 'name']);
    expect([field.code, field.stderr.split('\n')[0]]).toEqual([2, 'ops: --jq conflicts with --field']);
    const json = await ops(['hosts', 'list', '--jq', '.[0].name', '-o', 'json']);
    expect([json.code, json.stdout]).toEqual([0, 'api-001\n']);
  });

  it('--field beside -o other than json is exit 2 before any request', async () => {
    const before = (await sb.counters()).requests.hosts ?? {};
    const csv = await ops(['hosts', 'list', '--field', 'name', '-o', 'csv']);
    expect([csv.code, csv.stdout, csv.stderr]).toEqual([
      2,
      '',
      'ops: --field conflicts with -o csv\nhint: --field prints one raw value a line: drop -o\n',
    ]);
    const tsv = await ops(['hosts', 'list', '--field', 'name', '--json=id,name', '-o', 'tsv']);
    expect([tsv.code, tsv.stderr.split('\n')[0]]).toEqual([2, 'ops: --field conflicts with -o tsv']);
    expect((await sb.counters()).requests.hosts ?? {}).toEqual(before);
    // -o json, a field list (--field reads the selected fields) and OPS_OUTPUT=csv leave it as it is.
    for (const r of [
      await ops(['hosts', 'list', '--limit', '2', '--field', 'name', '-o', 'json']),
      await ops(['hosts', 'list', '--limit', '2', '--field', 'name', '--json=id,name']),
      await runCli(['hosts', 'list', '--limit', '2', '--field', 'name'], {
        env: { ...sb.env, OPS_OUTPUT: 'csv' },
      }),
    ])
      expect([r.code, r.stdout]).toEqual([0, 'api-001\napi-002\n']);
  });

  it('OPS_OUTPUT does not conflict: --jq prints JSON whatever the default format', async () => {
    const r = await runCli(['hosts', 'list', '--jq', '.[0].id'], { env: { ...sb.env, OPS_OUTPUT: 'csv' } });
    expect([r.code, r.stdout]).toEqual([0, '3000000000\n']);
  });

  it('applies after --query, and a failure on the result is exit 1 with jq message', async () => {
    const r = await ops(['hosts', 'list', '--query', '[].name', '--jq', '.[1]']);
    expect([r.code, r.stdout]).toEqual([0, 'api-002\n']);
    const bad = await ops(['hosts', 'list', '--jq', '.[0].name | tonumber']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /^ops: --jq "\.\[0\]\.name \| tonumber" failed on the result: string \("api-001"\) cannot be parsed as a number\n/,
    );
  });
});
