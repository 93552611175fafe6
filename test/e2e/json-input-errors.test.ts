import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

// JSON that ops is given and cannot read is said by its place and the kind of fault, never by its text:
// JSON.parse's own message quotes the text there (`..."assword": hunter2-st"...`), perhaps a secret.
const sb = await useSandbox({ services: ['secrets', 'runs', 'tasks', 'meter'] });
const dir = mkdtempSync(join(tmpdir(), 'ops-json-input-'));
const SECRET = 'hunter2-stdin-secret';
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('JSON input that is not JSON', () => {
  it.each([
    [
      'secrets kv put - (stdin)',
      ['secrets', 'kv', 'put', 'secret/x', '-'],
      `{"password": ${SECRET}}`,
      'ops: stdin is not valid JSON: unexpected character at column 14',
    ],
    [
      'runs workflow dispatch --file',
      [
        'runs',
        'workflow',
        'dispatch',
        'release.yml',
        '--ref',
        'main',
        '--file',
        file('in.json', `{\n "token": ${SECRET}\n}`),
      ],
      undefined,
      'ops: --file is not valid JSON: unexpected character at line 2 column 11',
    ],
    [
      'tasks replace --file',
      ['tasks', 'replace', 'dDA6Mg', '--file', file('task.json', `{"notes": ${SECRET}}`)],
      undefined,
      `ops: --file "${join(dir, 'task.json')}" is not valid JSON: unexpected character at column 11`,
    ],
    [
      'api -F key:=',
      ['api', 'tasks', 'POST', '/tasks/v1/users/@me/lists', '-F', `p:={${SECRET}`],
      undefined,
      'ops: -F p:= is not valid JSON: expected a property name in double quotes at column 2',
    ],
  ])('%s: exit 2 naming the place, the text never quoted', async (_, args, input, line) => {
    const r = await runCli(args, { env: sb.env, ...(input === undefined ? {} : { input }) });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(line);
    expect(r.stdout + r.stderr).not.toContain('hunter2');
  });

  it('meter send: a line that is not JSON is rejected by its column, its text not quoted in the reason', async () => {
    const events = file('events.ndjson', `{"event_name": ${SECRET}}\n`);
    const r = await runCli(['meter', 'send', events], { env: sb.env });
    expect(r.stderr).toContain('ops: meter send: line 1: not valid JSON: unexpected character at column 16');
    expect(r.stderr).not.toContain('hunter2');
    expect(r.code).toBe(1);
  });
});
