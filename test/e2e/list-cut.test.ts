import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

// A list that fails on a later page has written the pages before it (docs/output.md): JSON's array is
// left open, so a JSON reader refuses it and a cut list never reads as whole; line formats keep their lines.
const sb = await useSandbox({ services: ['hosts'] });
const ops = (args: string[]) => runMain(args, { env: { ...sb.env, OPS_RETRIES: '0' } });

async function failSecondPage(format: string) {
  await sb.fault({ service: 'hosts', method: 'GET', kind: 'delay', delayMs: 1 });
  await sb.fault({ service: 'hosts', method: 'GET', kind: 'status', status: 503 });
  return ops(['hosts', 'list', '--all', '--count', '2', '-o', format]);
}

describe('--all when a later page fails', () => {
  it('json: the first page is written, the array left open, exit 7', async () => {
    const r = await failSecondPage('json');
    expect(r.code).toBe(7);
    expect(r.stdout).toMatch(/^\[\n {2}\{\n/);
    expect(r.stdout).toContain('"name": "api-002"');
    expect(r.stdout.trimEnd().endsWith(']')).toBe(false);
    expect(() => JSON.parse(r.stdout)).toThrow(SyntaxError);
    expect(JSON.parse(r.stderr).error).toMatchObject({ status: 503, service: 'hosts' });
  });

  it.each([
    ['ndjson', 2],
    ['csv', 3],
    ['tsv', 2],
  ])("%s: the first page's %s lines are kept, exit 7", async (format, lines) => {
    const r = await failSecondPage(format);
    expect(r.code).toBe(7);
    expect(r.stdout.split('\n').slice(0, -1)).toHaveLength(lines);
    expect(r.stderr).toBe('ops: hosts: injected fault (HTTP 503)\n');
  });
});
