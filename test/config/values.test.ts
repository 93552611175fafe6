import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sb = await useSandbox({ services: ['hosts'] });
const sent = async () => (await sb.counters()).requests.hosts?.['GET /api/v1/hosts/totals'] ?? 0;

/** A config folder whose default profile holds `values`, written as a person editing the file would. */
function profileWith(values: Record<string, unknown>): string {
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: values } }), { mode: 0o600 });
  return dir;
}

describe('a value names where it came from, and is checked before any request', () => {
  it.each([
    [
      { OPS_TIMEOUT: 'abc' },
      [],
      'ops: invalid OPS_TIMEOUT "abc"\nhint: give a number from 0.001 to 2147483\n',
    ],
    [{}, ['--timeout', '1e9'], 'ops: invalid --timeout "1e9"\nhint: give a number from 0.001 to 2147483\n'],
    [{}, ['--retries', '1.5'], 'ops: invalid --retries "1.5"\nhint: give a whole number from 0 to 100\n'],
    [
      { OPS_RETRIES: '0x10' },
      [],
      'ops: invalid OPS_RETRIES "0x10"\nhint: give a whole number from 0 to 100\n',
    ],
    [
      { OPS_OUTPUT: 'xml' },
      [],
      'ops: invalid OPS_OUTPUT "xml"\nhint: use one of: table, json, yaml, ndjson, csv, tsv\n',
    ],
    [
      { OPS_DEBUG: 'sometimes' },
      [],
      'ops: invalid OPS_DEBUG "sometimes"\nhint: give 1, true, yes, on, api or 0, false, no, off\n',
    ],
  ])('%j %j', async (env, flags, stderr) => {
    const before = await sent();
    const r = await runMain([...flags, 'hosts', 'totals'], { env: { ...sb.env, ...env } });
    expect(r.stderr).toBe(stderr);
    expect(r.code).toBe(2);
    expect(await sent()).toBe(before);
  });

  it('OPS_INSECURE takes only true and false words: "maybe" is refused, "no" keeps verification on', async () => {
    const maybe = await runMain(['hosts', 'totals'], { env: { ...sb.env, OPS_INSECURE: 'maybe' } });
    expect(maybe.code).toBe(2);
    expect(maybe.stderr).toMatch(/^ops: invalid OPS_INSECURE "maybe"\nhint: give one of: true, false/);
    const no = await runMain(['config', 'list', '--show-origin', '--json'], {
      env: { OPS_INSECURE: 'no', OPS_CONFIG_DIR: tempConfigDir() },
    });
    expect(JSON.parse(no.stdout)).toContainEqual({
      key: 'insecure',
      value: 'no',
      origin: 'env OPS_INSECURE',
    });
  });

  it("a bad stored value is reported as the profile's, and `ops config` still works to mend it", async () => {
    const dir = profileWith({ timeout: 'abc' });
    const r = await runMain(['hosts', 'totals'], { env: { ...sb.env, OPS_CONFIG_DIR: dir } });
    expect(r.stderr).toBe(
      'ops: invalid profile default: timeout "abc"\nhint: give a number from 0.001 to 2147483\n',
    );
    expect(r.code).toBe(2);
    const list = await runMain(['config', 'list', '--json'], { env: { OPS_CONFIG_DIR: dir } });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toContainEqual({ key: 'timeout', value: 'abc' });
    expect((await runMain(['config', 'set', 'timeout', '20'], { env: { OPS_CONFIG_DIR: dir } })).code).toBe(
      0,
    );
    expect((await runMain(['hosts', 'totals'], { env: { ...sb.env, OPS_CONFIG_DIR: dir } })).code).toBe(0);
  });

  it.each([
    ['output', 'xml', 'use one of: table, json, yaml, ndjson, csv, tsv'],
    ['timeout', 'abc', 'give a number from 0.001 to 2147483'],
    ['retries', 'x', 'give a whole number from 0 to 100'],
    ['insecure', 'maybe', 'give one of: true, false'],
    ['meter.api_version', '2025-13-45.preview', 'give a date and release such as 2025-08-27.preview'],
    ['db.api_version', '2025-02-30', 'give a date such as 2025-10-15'],
    ['ca_cert', '/nonexistent-ca.pem', 'cannot read it (no such file); give a readable PEM file'],
    ['breach.rate_per_minute', 'fast', 'give a whole number of requests per minute'],
  ])('config set %s %s is refused with the rule of the flag', async (key, value, hint) => {
    const env = { OPS_CONFIG_DIR: tempConfigDir() };
    const r = await runMain(['config', 'set', key, value], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`ops: invalid value "${value}" for ${key}\nhint: ${hint}`);
    expect((await runMain(['config', 'get', key], { env })).stdout).not.toBe(`${value}\n`);
  });

  it.each(['hosts.api_key', 'hosts.app_key', 'runs.token', 'dataapi.password', 'tasks.client_secret'])(
    'config set %s VALUE is refused: a secret is taken on stdin only, and the value is neither kept nor said',
    async (key) => {
      const env = { OPS_CONFIG_DIR: tempConfigDir(), OPS_NO_KEYRING: '1' };
      const r = await runMain(['config', 'set', key, 'sekrit-typed-value'], { env });
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toBe(
        `ops: ${key} is a secret: it is not taken on the command line, where shell history and ps keep it\nhint: give it on stdin: ops config set ${key} - (it asks at a terminal)\n`,
      );
      const list = await runMain(['config', 'list', '--json'], { env });
      expect(list.stdout).not.toContain(key);
      const piped = await runMain(['config', 'set', key, '-'], { env, input: 'sekrit-piped-value' });
      expect(piped.code).toBe(0);
      expect((await runMain(['auth', 'token', key.split('.')[0]!], { env })).stdout).not.toContain('typed');
    },
  );

  it('-p or OPS_PROFILE naming a profile that does not exist is an error; config creates it', async () => {
    const env = { ...sb.env, OPS_CONFIG_DIR: tempConfigDir() };
    const r = await runMain(['-p', 'stagign', 'hosts', 'totals'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^ops: profile "stagign" does not exist\nhint: profiles: default; create it with/,
    );
    expect((await runMain(['-p', 'staging', 'config', 'set', 'timeout', '5'], { env })).code).toBe(0);
    expect((await runMain(['hosts', 'totals'], { env: { ...env, OPS_PROFILE: 'staging' } })).code).toBe(0);
  });
});
