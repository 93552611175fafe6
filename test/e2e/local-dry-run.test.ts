import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verbMeta } from '../../src/commands/shared/verbs.js';
import { SERVICE_NAMES } from '../../src/services.js';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { leafCommands } from '../helpers/tree-walk.js';

/**
 * `--dry-run` on the commands that change this machine rather than a service (the config file, the
 * keyring, aliases): each checks what it is given, says on stderr what it would do, and changes
 * nothing: the config file is the same, byte for byte. (`config set`, `unset` and `use` changed it.)
 */

/** Each local write, as the real CLI runs it under --dry-run, and the line it says. */
const RUNS: Array<{ argv: string[]; input?: string; says: string }> = [
  { argv: ['config', 'set', 'output', 'yaml'], says: 'dry run: would set output to yaml in profile default' },
  // A secret's value is never said.
  {
    argv: ['config', 'set', 'hosts.api_key', '-'],
    input: 'key-123',
    says: 'dry run: would set hosts.api_key in profile default',
  },
  { argv: ['config', 'unset', 'timeout'], says: 'dry run: would unset timeout in profile default' },
  { argv: ['config', 'use', 'prod'], says: 'dry run: would make prod the current profile' },
  { argv: ['alias', 'set', 'ht', 'hosts totals'], says: 'dry run: would set alias ht to hosts totals' },
  { argv: ['alias', 'delete', 'hl', '--yes'], says: 'dry run: would delete alias hl' },
  {
    argv: ['auth', 'logout', 'hosts', '--yes'],
    // The keys the profile holds, not every key a login may leave.
    says: 'dry run: would forget api_key, app_key of hosts in profile default',
  },
];

/** Local writes a dry run refuses or has its own tests for, each with why. */
const ELSEWHERE: Record<string, string> = {
  upgrade: 'plans its downloads: a dry run names the files it would fetch (test/e2e/upgrade.test.ts)',
  api: 'a request to a service: a dry run prints its curl line (test/e2e/dry-run-curl.test.ts)',
};

const CONFIG = {
  profiles: {
    default: { timeout: '20', hosts: { api_key: 'old-key', app_key: 'old-app' } },
    prod: { output: 'json' },
  },
  aliases: { hl: 'hosts list --limit $1' },
};

describe('--dry-run changes nothing on this machine either', () => {
  it('every write outside the services is run here or named with where it is held', async () => {
    const local = (await leafCommands())
      .filter(([p, c]) => !SERVICE_NAMES.includes(p.split(' ')[0]!) && verbMeta(c)?.effect !== 'read')
      .map(([p]) => p)
      .sort();
    const held = [...new Set([...RUNS.map((r) => r.argv.slice(0, 2).join(' ')), ...Object.keys(ELSEWHERE)])];
    expect(local).toEqual(held.sort());
  });

  it.each(RUNS.map((r) => [r.argv.join(' '), r] as const))('%s', async (_name, run) => {
    const dir = tempConfigDir();
    const file = join(dir, 'config.json');
    writeFileSync(file, `${JSON.stringify(CONFIG, null, 2)}\n`, { mode: 0o600 });
    const before = readFileSync(file);
    const r = await runCli([...run.argv, '--dry-run'], {
      env: { OPS_CONFIG_DIR: dir, OPS_NO_KEYRING: '1', HOME: dir },
      ...(run.input === undefined ? {} : { input: run.input }),
    });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', `${run.says}\n`]);
    expect(readFileSync(file).equals(before)).toBe(true);
    // The same line without --dry-run changes it: the runs above stand for a real change.
    const real = await runCli(run.argv, {
      env: { OPS_CONFIG_DIR: dir, OPS_NO_KEYRING: '1', HOME: dir },
      ...(run.input === undefined ? {} : { input: run.input }),
    });
    expect(real.code).toBe(0);
    expect(readFileSync(file).equals(before)).toBe(false);
  });

  it('a dry run still checks what it is given: a bad value is exit 2, nothing written', async () => {
    const dir = tempConfigDir();
    const r = await runCli(['config', 'set', 'output', 'xml', '--dry-run'], { env: { OPS_CONFIG_DIR: dir } });
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([2, 'ops: invalid value "xml" for output']);
    const use = await runCli(['config', 'use', 'nosuch', '--dry-run'], { env: { OPS_CONFIG_DIR: dir } });
    expect([use.code, use.stderr.split('\n')[0]]).toEqual([
      2,
      'ops: no profile "nosuch" in the config file (profiles: default)',
    ]);
  });
});
