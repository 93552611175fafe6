import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempConfigDir } from '../helpers/cli.js';

describe('ops config', () => {
  it('set reads a secret from stdin, stores it 0600, list masks it, get reveals it', async () => {
    const dir = tempConfigDir();
    const env = { OPS_CONFIG_DIR: dir };
    expect((await runMain(['config', 'set', 'hosts.api_key', '-'], { env, input: 'k-123456\n' })).code).toBe(
      0,
    );
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({
      profiles: { default: { hosts: { api_key: 'k-123456' } } },
    });
    const list = await runMain(['config', 'list', 'hosts', '--json'], { env });
    expect(JSON.parse(list.stdout)).toEqual([{ key: 'hosts.api_key', value: '***' }]);
    expect((await runMain(['config', 'get', 'hosts.api_key'], { env })).stdout).toBe('k-123456\n');
  });

  it('set KEY - drops exactly one trailing newline; an empty value is exit 2', async () => {
    const dir = tempConfigDir();
    const env = { OPS_CONFIG_DIR: dir };
    expect((await runMain(['config', 'set', 'tasks.list', '-'], { env, input: 'Work\n\n' })).code).toBe(0);
    const stored = () =>
      JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default.tasks.list;
    expect(stored()).toBe('Work\n');
    expect((await runMain(['config', 'set', 'tasks.list', '-'], { env, input: 'Home\r\n' })).code).toBe(0);
    expect(stored()).toBe('Home');
    const empty = await runMain(['config', 'set', 'tasks.list', '-'], { env, input: '\n' });
    expect(empty.code).toBe(2);
    expect(empty.stderr.split('\n')[0]).toBe('ops: the value of tasks.list is empty');
  });

  it('list --all shows every key, set or not, and an unknown key points there', async () => {
    const env = { OPS_CONFIG_DIR: tempConfigDir(), OPS_TASKS_LIST: 'Errands' };
    const bare = JSON.parse((await runMain(['config', 'list', 'tasks', '--json'], { env })).stdout);
    // Settings with a default are listed with it (the authorization server of ops tasks login).
    expect(bare).toEqual([
      { key: 'tasks.auth_url', value: 'https://oauth2.googleapis.com' },
      { key: 'tasks.list', value: 'Errands' },
    ]);
    const all = JSON.parse((await runMain(['config', 'list', 'tasks', '--all', '--json'], { env })).stdout);
    expect(all.map((r: { key: string; value: string | null }) => [r.key, r.value])).toEqual([
      ['tasks.base_url', null],
      ['tasks.token', null],
      ['tasks.refresh_token', null],
      ['tasks.token_expires_at', null],
      ['tasks.token_fingerprint', null],
      ['tasks.auth_url', 'https://oauth2.googleapis.com'],
      ['tasks.client_id', null],
      ['tasks.client_secret', null],
      ['tasks.list', 'Errands'],
    ]);
    expect(all[1].description).toMatch(/token/i);
    const unknown = await runMain(['config', 'set', 'nosuch.key', 'x'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'ops: unknown setting "nosuch.key"\nhint: run `ops config list --all` to see every key\n',
    );
    const listed = await runMain(['config', 'list', '--all', '--json'], { env });
    const keys = JSON.parse(listed.stdout).map((r: { key: string }) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['output', 'timeout', 'hosts.app_key', 'cloud.base_url']));
  });

  it('get answers the default of a global setting nobody set, as the commands use it', async () => {
    const env = { OPS_CONFIG_DIR: tempConfigDir() };
    const got: Record<string, string> = {};
    for (const key of ['output', 'timeout', 'retries', 'max_wait', 'insecure']) {
      const r = await runMain(['config', 'get', key], { env });
      expect(r.code).toBe(0);
      got[key] = r.stdout;
    }
    expect(got).toEqual({
      output: 'table\n',
      timeout: '30\n',
      retries: '4\n',
      max_wait: '60\n',
      insecure: 'false\n',
    });
    const origin = await runMain(['config', 'get', 'timeout', '--show-origin', '--json'], { env });
    expect(JSON.parse(origin.stdout)).toEqual({ key: 'timeout', value: '30', origin: 'default' });
    const unset = await runMain(['config', 'get', 'ca_cert'], { env });
    expect([unset.code, unset.stderr]).toEqual([3, 'ops: ca_cert is not set\n']);
  });

  it('get in JSON, YAML or CSV prints the row config list has for the key; --field, --query and --jq read it', async () => {
    const env = { OPS_CONFIG_DIR: tempConfigDir() };
    await runMain(['config', 'set', 'hosts.base_url', 'http://h.test/hosts'], { env });
    const get = (...more: string[]) => runMain(['config', 'get', 'hosts.base_url', ...more], { env });
    expect(JSON.parse((await get('--json')).stdout)).toEqual({
      key: 'hosts.base_url',
      value: 'http://h.test/hosts',
    });
    expect(JSON.parse((await get('-o', 'json', '--show-origin')).stdout)).toEqual({
      key: 'hosts.base_url',
      value: 'http://h.test/hosts',
      origin: 'profile default',
    });
    expect((await get('-o', 'yaml')).stdout).toBe('key: hosts.base_url\nvalue: http://h.test/hosts\n');
    expect((await get('-o', 'csv')).stdout).toBe('key,value\nhosts.base_url,http://h.test/hosts\n');
    expect((await get('--field', 'value')).stdout).toBe('http://h.test/hosts\n');
    expect((await get('--query', 'value', '--json')).stdout).toBe('"http://h.test/hosts"\n');
    expect((await get('--jq', '.key')).stdout).toBe('hosts.base_url\n');
    expect(JSON.parse((await get('--json', 'value')).stdout)).toEqual({ value: 'http://h.test/hosts' });
    const unknown = await get('--json', 'nope');
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stderr).error).toMatchObject({
      message: 'unknown JSON field "nope"',
      hint: 'available fields: key, origin, value',
    });
    // Text stays the value alone, for $(…).
    expect((await get()).stdout).toBe('http://h.test/hosts\n');
  });

  it('get of a secret key follows auth token: not on a terminal without --show (exit 2), to a pipe as is', async () => {
    const env = { OPS_CONFIG_DIR: tempConfigDir(), OPS_NO_KEYRING: '1' };
    await runMain(['config', 'set', 'hosts.app_key', '-'], { env, input: 'app-Secret-4455' });
    const refused = await runMain(['config', 'get', 'hosts.app_key'], { env, tty: true });
    const token = await runMain(['auth', 'token', 'hosts', '--key', 'app_key'], { env, tty: true });
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'ops: the hosts credential is not printed on a terminal\nhint: pass --show to print it here, or pipe it\n',
    });
    expect(token).toEqual(refused);
    // Refused before the value is read, as auth token is: an unset one says the same.
    expect((await runMain(['config', 'get', 'hosts.api_key'], { env, tty: true })).code).toBe(2);
    const shown = await runMain(['config', 'get', 'hosts.app_key', '--show'], { env, tty: true });
    expect(shown).toMatchObject({ code: 0, stdout: 'app-Secret-4455\n' });
    expect((await runMain(['config', 'get', 'hosts.app_key'], { env })).stdout).toBe('app-Secret-4455\n');
    expect((await runMain(['config', 'get', 'output'], { env, tty: true })).stdout).toBe('table\n');
  });

  it('list --show-origin says flag, env, profile or default', async () => {
    const env = { OPS_CONFIG_DIR: tempConfigDir(), OPS_HOSTS_BASE_URL: 'http://from-env' };
    await runMain(['config', 'set', 'output', 'yaml'], { env });
    const r = await runMain(['config', 'list', '--show-origin', '-o', 'json', '--timeout', '9'], { env });
    const rows = JSON.parse(r.stdout) as Array<{ key: string; value: string; origin: string }>;
    expect(rows).toContainEqual({
      key: 'hosts.base_url',
      value: 'http://from-env',
      origin: 'env OPS_HOSTS_BASE_URL',
    });
    expect(rows).toContainEqual({ key: 'output', value: 'json', origin: 'flag' });
    expect(rows).toContainEqual({ key: 'timeout', value: '9', origin: 'flag' });
    expect(rows).toContainEqual({ key: 'meter.api_version', value: '2025-08-27.preview', origin: 'default' });
  });

  it('a profile output setting applies when no flag or env is given', async () => {
    const env = { OPS_CONFIG_DIR: tempConfigDir() };
    await runMain(['config', 'set', 'output', 'json'], { env });
    expect(JSON.parse((await runMain(['config', 'profiles'], { env })).stdout)).toEqual([
      { name: 'default', current: true },
    ]);
  });

  it('profiles, use and -p', async () => {
    const env = { OPS_CONFIG_DIR: tempConfigDir() };
    await runMain(['-p', 'staging', 'config', 'set', 'hosts.base_url', 'http://staging'], { env });
    await runMain(['config', 'use', 'staging'], { env });
    expect((await runMain(['config', 'get', 'hosts.base_url'], { env })).stdout).toBe('http://staging\n');
    expect((await runMain(['config', 'profiles', '-o', 'csv'], { env })).stdout).toBe(
      'name,current\ndefault,\nstaging,*\n',
    );
    expect((await runMain(['-p', 'default', 'config', 'get', 'hosts.base_url'], { env })).code).toBe(3);
    expect(
      (await runMain(['config', 'get', 'hosts.base_url'], { env: { ...env, OPS_PROFILE: 'default' } })).code,
    ).toBe(3);
  });

  it('use of a profile that does not exist, and list of an unknown service, say what there is', async () => {
    const env = { OPS_CONFIG_DIR: tempConfigDir() };
    await runMain(['-p', 'staging', 'config', 'set', 'output', 'json'], { env });
    const use = await runMain(['config', 'use', 'stagign'], { env });
    expect(use).toMatchObject({ code: 2, stdout: '' });
    expect(use.stderr).toBe(
      'ops: no profile "stagign" in the config file (profiles: default, staging)\nhint: create it with a setting first: ops -p stagign config set <key> <value>\n',
    );
    expect((await runMain(['config', 'profiles', '-o', 'csv'], { env })).stdout).toBe(
      'name,current\ndefault,*\nstaging,\n',
    );
    const list = await runMain(['config', 'list', 'hots'], { env });
    expect(list.code).toBe(2);
    expect(list.stderr).toMatch(/^ops: unknown service "hots"\nhint: give one of: secrets, meter, hosts, /);
  });

  it('set, unset and use: nothing on stdout with a table; {kind, id, action} with JSON or YAML, never a value', async () => {
    const env = { OPS_CONFIG_DIR: tempConfigDir() };
    expect(await runMain(['config', 'set', 'timeout', '20'], { env })).toMatchObject({ code: 0, stdout: '' });
    const set = await runMain(['config', 'set', 'timeout', '21', '--json'], { env });
    expect(JSON.parse(set.stdout)).toEqual({ kind: 'setting', id: 'timeout', action: 'set' });
    const secret = await runMain(['config', 'set', 'hosts.api_key', '-', '-o', 'json'], {
      env: { ...env, OPS_NO_KEYRING: '1' },
      input: 'k-98765',
    });
    expect(JSON.parse(secret.stdout)).toEqual({ kind: 'setting', id: 'hosts.api_key', action: 'set' });
    expect(secret.stdout + secret.stderr).not.toContain('k-98765');
    expect(
      (await runMain(['-p', 'ci', 'config', 'set', 'output', 'yaml', '-o', 'yaml'], { env })).stdout,
    ).toBe('kind: setting\nid: output\naction: set\n');
    const use = await runMain(['config', 'use', 'ci', '--json'], { env });
    expect(JSON.parse(use.stdout)).toEqual({ kind: 'profile', id: 'ci', action: 'use' });
    const unset = await runMain(['config', 'unset', 'output', '--json'], { env });
    expect(JSON.parse(unset.stdout)).toEqual({ kind: 'setting', id: 'output', action: 'unset' });
    // A dry run changes nothing, and says so on stderr only.
    expect((await runMain(['config', 'set', 'timeout', '5', '--json', '--dry-run'], { env })).stdout).toBe(
      '',
    );
  });

  it('bad input exits 2 with one line', async () => {
    const env = { OPS_CONFIG_DIR: tempConfigDir() };
    for (const args of [
      ['config', 'set', 'hosts.nokey', 'x'],
      ['config', 'set', 'hosts.base_url', 'ftp://x'],
      ['config', 'use', 'bad name'],
      ['config', 'use', 'nosuch'],
      ['config', 'list', 'nosuch'],
      ['config', 'get'],
    ]) {
      const r = await runMain(args, { env });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^ops: /);
    }
    expect((await runMain(['config', 'set', 'hosts.nokey', 'x'], { env })).stderr).toContain(
      'hosts has: hosts.base_url, hosts.api_key, hosts.app_key',
    );
  });

  it('path prints the file location', async () => {
    const dir = tempConfigDir();
    expect((await runMain(['config', 'path'], { env: { OPS_CONFIG_DIR: dir } })).stdout).toBe(
      `${join(dir, 'config.json')}\n`,
    );
  });
});
