import { describe, expect, it } from 'vitest';
import { parseHeader } from '../../src/commands/api/fields.js';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sb = await useSandbox({ services: ['hosts'] });

describe('ops api -H', () => {
  it('takes Name: value', () => {
    expect(parseHeader('X-Trace:  abc ')).toEqual(['X-Trace', 'abc']);
  });

  it.each([
    ['no colon', 'invalid -H "no colon"'],
    ['Bad Name: v', 'invalid -H header name "Bad Name"'],
    ['X-Ok: a\r\nInjected: yes', 'invalid -H value for X-Ok: it holds a line break or NUL'],
  ])('%j is refused before sending, and the value is never echoed', async (raw, message) => {
    expect(() => parseHeader(raw)).toThrow(message);
    const before = (await sb.counters()).requests.hosts ?? {};
    const r = await runMain(['api', 'hosts', 'GET', '/api/v1/hosts/totals', '-H', raw], { env: sb.env });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('Injected');
    expect((await sb.counters()).requests.hosts ?? {}).toEqual(before);
  });
});
