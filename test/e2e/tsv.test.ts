import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

/** `-o tsv` (az's): for `while IFS=$'\t' read -r …` loops in shell. */
const sb = await useSandbox({ services: ['hosts', 'tasks'] });
const ops = (args: string[]) => runCli(args, { env: sb.env });

describe('-o tsv', () => {
  it("is a line an item, the table's columns in its order, no header", async () => {
    const table = await ops(['hosts', 'list', '--limit', '2']);
    const tsv = await ops(['hosts', 'list', '--limit', '2', '-o', 'tsv']);
    expect([tsv.code, tsv.stderr]).toEqual([0, '']);
    const lines = tsv.stdout.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    const columns = table.stdout.split('\n')[0]!.trim().split(/ {2,}/);
    expect(lines[0]!.split('\t')).toHaveLength(columns.length);
    expect(lines[0]!.split('\t').slice(0, 2)).toEqual(['api-001', '3000000000']);
  });

  it("takes --json fields' order, nested values as compact JSON", async () => {
    const r = await ops(['hosts', 'list', '--limit', '1', '--json', 'metrics,name,apps', '-o', 'tsv']);
    expect(r.stdout).toBe('{"cpu":38.1,"iowait":0.94,"load":1.59}\tapi-001\t["agent","ntp","nginx","aws"]\n');
  });

  it('escapes tabs and newlines in values, so that a value never splits a line', async () => {
    const made = await ops(['tasks', 'lists', 'create', 'Tab\there\nand a line', '--json']);
    expect(made.code).toBe(0);
    const r = await ops(['tasks', 'lists', 'list', '--json', 'title', '-o', 'tsv']);
    expect(r.stdout.split('\n')).toContain('Tab\\there\\nand a line');
  });

  it('prints nothing for an empty list, and is offered with the other formats', async () => {
    const empty = await ops(['hosts', 'list', '--filter', 'no-such-host-anywhere', '-o', 'tsv']);
    expect([empty.code, empty.stdout]).toEqual([0, '']);
    const bad = await ops(['hosts', 'list', '-o', 'tvs']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'ops: invalid output format "tvs"\nhint: use one of: table, json, yaml, ndjson, csv, tsv\n',
    ]);
  });
});
