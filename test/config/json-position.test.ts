import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFileError } from '../../src/config/file.js';
import { jsonFault } from '../../src/config/json-position.js';
import { runMain } from '../helpers/cli.js';

const SECRET = 'SuperSecretConfigKey-123456789';
const BROKEN = `{"profiles":{"default":{"hosts":{"api_key":${SECRET}}}}}`;

describe('jsonFault: the first fault of JSON text by line, column and kind', () => {
  it('finds where JSON.parse stops, and says nothing of the text there', () => {
    const cases: Array<[string, ReturnType<typeof jsonFault>]> = [
      [BROKEN, { line: 1, column: 44, kind: 'unexpected character' }],
      ['{\n  "a": 1,\n  "b" 2\n}', { line: 3, column: 7, kind: "expected ':' after a property name" }],
      ['{"profiles": {', { line: 1, column: 15, kind: 'unexpected end of the text' }],
      ['{"a": "x\ty"}', { line: 1, column: 9, kind: 'control character in a string' }],
      ['{"a": "\\q"}', { line: 1, column: 9, kind: 'bad escape in a string' }],
      ['{"a": 01}', { line: 1, column: 8, kind: "expected ',' or '}' after a property value" }],
      ["{'a': 1}", { line: 1, column: 2, kind: 'expected a property name in double quotes' }],
      ['[1, 2] x', { line: 1, column: 8, kind: 'unexpected text after the JSON value' }],
      ['{"a": [1 2]}', { line: 1, column: 10, kind: "expected ',' or ']' after an array item" }],
    ];
    for (const [text, fault] of cases) {
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
      expect([text, jsonFault(text)]).toEqual([text, fault]);
    }
  });

  it('none in valid JSON', () => {
    for (const text of ['{}', ' [1, -2.5e3, true, false, null, "a\\u00e9\\n"] ', '{"a":{"b":[{}]}}'])
      expect([text, jsonFault(text)]).toEqual([text, undefined]);
  });
});

describe('a config file that is not valid JSON', () => {
  it("is said by the fault's line, column and kind, never by the text there", () => {
    let caught: unknown;
    try {
      JSON.parse(BROKEN);
    } catch (err) {
      caught = err;
    }
    expect((caught as Error).message).toContain('SuperSecre');
    const e = configFileError('/cfg/config.json', caught, BROKEN);
    expect(e.message).toBe(
      'the config file /cfg/config.json is not valid JSON: unexpected character at column 44',
    );
  });

  it('a command says so in one line, and its --json envelope the same, without any of the credential', async () => {
    const d = mkdtempSync(join(tmpdir(), 'ops-cfg-'));
    const file = join(d, 'config.json');
    writeFileSync(file, BROKEN);
    const line = `the config file ${file} is not valid JSON: unexpected character at column 44`;
    const plain = await runMain(['hosts', 'totals'], { env: { OPS_CONFIG_DIR: d } });
    expect(plain.code).toBe(2);
    expect(plain.stderr.split('\n')[0]).toBe(`ops: ${line}`);
    const json = await runMain(['hosts', 'totals', '--json'], { env: { OPS_CONFIG_DIR: d } });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr).error.message).toBe(line);
    for (const r of [plain, json]) {
      expect(r.stdout + r.stderr).not.toMatch(/Super|Secret|123456789|api_key/);
    }
  });
});
