import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';

// A value a person typed is quoted back as typed, whatever case the check compares in.
describe('-o: an unknown format is named as it was typed', () => {
  it.each([['CUSTOM-COLUMNS=NAME:.name'], ['Yaml2'], ['JSONL']])('%s', async (value) => {
    const r = await runMain(['hosts', 'list', '-o', value]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `ops: invalid output format "${value}"\nhint: use one of: table, json, yaml, ndjson, csv, tsv\n`,
    );
  });

  it('from OPS_OUTPUT too, and a known format in another case is taken', async () => {
    const bad = await runMain(['hosts', 'list'], { env: { OPS_OUTPUT: 'Xml' } });
    expect(bad.stderr.split('\n')[0]).toBe('ops: invalid OPS_OUTPUT "Xml"');
    const ok = await runMain(['config', 'list', '-o', 'JSON']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual(expect.any(Array));
  });
});
