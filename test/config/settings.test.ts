import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFileError, configWriteError, readConfigFile } from '../../src/config/file.js';
import { configDir, configFile } from '../../src/config/paths.js';
import { Settings } from '../../src/config/settings.js';
import { ConfigStore } from '../../src/config/store.js';
import { runMain } from '../helpers/cli.js';

const dir = () => mkdtempSync(join(tmpdir(), 'ops-cfg-'));

describe('config file', () => {
  it('lives at $XDG_CONFIG_HOME/ops/config.json, or $OPS_CONFIG_DIR, with no -nodejs suffix', () => {
    expect(configFile({ XDG_CONFIG_HOME: '/x' })).toBe('/x/ops/config.json');
    expect(configFile({ HOME: '/home/u' })).toBe('/home/u/.config/ops/config.json');
    expect(configDir({ OPS_CONFIG_DIR: '/c', XDG_CONFIG_HOME: '/x' })).toBe('/c');
    // Joined without path.join (paths.ts): one separator, whether or not a folder ends with one.
    expect(configFile({ OPS_CONFIG_DIR: '/c/' })).toBe('/c/config.json');
    expect(configFile({ XDG_CONFIG_HOME: '/x/' })).toBe('/x/ops/config.json');
    expect(configFile({ HOME: '/' })).toBe('/.config/ops/config.json');
    const d = dir();
    const store = new ConfigStore({ OPS_CONFIG_DIR: d });
    store.set('default', 'hosts.api_key', 'k');
    expect(store.path).toBe(join(d, 'config.json'));
  });

  it('is written with mode 0600', () => {
    const d = dir();
    new ConfigStore({ OPS_CONFIG_DIR: d }).set('default', 'hosts.api_key', 'secret');
    expect(statSync(join(d, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('keeps profiles apart and remembers the current one', () => {
    const env = { OPS_CONFIG_DIR: dir() };
    const store = new ConfigStore(env);
    store.set('default', 'hosts.base_url', 'http://a');
    store.set('staging', 'hosts.base_url', 'http://b');
    store.useProfile('staging');
    const again = new ConfigStore(env);
    expect(again.currentProfile()).toBe('staging');
    expect(again.profiles()).toEqual(['default', 'staging']);
    expect(again.get('default', 'hosts.base_url')).toBe('http://a');
    expect(again.unset('staging', 'hosts.base_url')).toBe(true);
    expect(again.get('staging', 'hosts.base_url')).toBeUndefined();
  });
});

describe('precedence: flag > env > profile > default', () => {
  const env = { OPS_CONFIG_DIR: dir(), OPS_TIMEOUT: '20', OPS_HOSTS_BASE_URL: 'http://env' };
  const store = new ConfigStore(env);
  store.set('default', 'timeout', '10');
  store.set('default', 'retries', '2');
  store.set('default', 'hosts.base_url', 'http://profile');
  store.set('default', 'meter.api_key', 'p-key');

  it.each([
    ['timeout', { timeout: '30' }, '30', 'flag'],
    ['timeout', {}, '20', 'env'],
    ['retries', {}, '2', 'profile'],
    ['max_wait', {}, '60', 'default'],
    ['hosts.base_url', {}, 'http://env', 'env'],
    ['meter.api_key', {}, 'p-key', 'profile'],
  ])('%s with flags %j → %s from %s', async (key, flags, value, origin) => {
    const s = new Settings(env, undefined, flags);
    await s.load();
    expect(s.resolve(key, '60')).toMatchObject({ value, origin });
  });

  it('the profile is -p, else the current one, else default', async () => {
    store.set('ci', 'retries', '9');
    const s = new Settings(env, 'ci');
    await s.load();
    expect(s.get('retries')).toBe('9');
  });

  it('a missing credential names the env var and the config line', async () => {
    const s = new Settings({ OPS_CONFIG_DIR: dir() }, undefined);
    await s.load();
    expect(() => s.forService('hosts').require('app_key')).toThrow(/no app key is set/);
    try {
      s.forService('hosts').require('app_key');
    } catch (err) {
      expect((err as { hint: string }).hint).toContain('OPS_HOSTS_APP_KEY');
      expect((err as { hint: string }).hint).toContain('ops config set hosts.app_key -');
      expect((err as { exitCode: number }).exitCode).toBe(4);
    }
  });
});

describe('reading the config file again in one process (ops mcp reads it for every call)', () => {
  it('a file found missing is read once it is there, and missing again once removed', () => {
    const d = dir();
    const env = { OPS_CONFIG_DIR: d };
    expect(readConfigFile(env)).toBeUndefined();
    expect(readConfigFile(env)).toBeUndefined();
    writeFileSync(join(d, 'config.json'), '{"current_profile":"p"}');
    expect(readConfigFile(env)).toEqual({ current_profile: 'p' });
    rmSync(join(d, 'config.json'));
    expect(readConfigFile(env)).toBeUndefined();
    writeFileSync(join(d, 'config.json'), '{"profiles":');
    expect(() => readConfigFile(env)).toThrow(/cannot use the config file|not valid JSON|JSON/);
  });

  it('a folder that is a file is an error each time, never taken for a missing file', () => {
    const d = dir();
    writeFileSync(join(d, 'file'), '');
    const env = { OPS_CONFIG_DIR: join(d, 'file') };
    expect(() => readConfigFile(env)).toThrow(/a part of its folder is a file/);
    expect(() => readConfigFile(env)).toThrow(/a part of its folder is a file/);
  });
});

describe('a config file or folder that cannot be used', () => {
  const run = (d: string, args: string[]) => runMain(args, { env: { OPS_CONFIG_DIR: d } });

  it('a file that is not JSON is one line naming it, for commands and for ops config alike', async () => {
    const d = dir();
    writeFileSync(join(d, 'config.json'), '{"profiles": {');
    for (const args of [
      ['hosts', 'totals'],
      ['config', 'list'],
      ['config', 'set', 'output', 'json'],
    ]) {
      const r = await run(d, args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(
          `^ops: the config file ${join(d, 'config.json')} is not valid JSON: .*\\nhint: mend the file by hand`,
        ),
      );
      expect(r.stderr.split('\n')).toHaveLength(3);
    }
    expect(readFileSync(join(d, 'config.json'), 'utf8')).toBe('{"profiles": {');
    expect((await run(d, ['config', 'path'])).stdout).toBe(`${join(d, 'config.json')}\n`);
  });

  it('a file holding something other than an object is refused', async () => {
    const d = dir();
    writeFileSync(join(d, 'config.json'), '[1]');
    const r = await run(d, ['config', 'get', 'output']);
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([
      2,
      `ops: the config file ${join(d, 'config.json')} does not hold a JSON object`,
    ]);
  });

  it('a config folder that is a file, or one that cannot be made, is an error at once, never a hang', async () => {
    const d = dir();
    writeFileSync(join(d, 'file'), '');
    for (const folder of [join(d, 'file'), join(d, 'file', 'below'), '/proc/1/no-such-folder']) {
      const r = await run(folder, ['config', 'set', 'output', 'json']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^ops: cannot use the config file .*config\.json: .*\nhint: OPS_CONFIG_DIR/);
    }
    const read = await run(join(d, 'file'), ['config', 'get', 'output']);
    expect(read.stderr).toMatch(/^ops: cannot use the config file .*: a part of its folder is a file\n/);
  });

  it('the OS refusing a write is exit 1 naming the folder and the error; a path that cannot be one stays exit 2', () => {
    const refusal = (code: string, message: string) =>
      configWriteError('/c/ops', '/c/ops/config.json', Object.assign(new Error(message), { code }));
    for (const [code, message, why] of [
      ['EACCES', "EACCES: permission denied, access '/c/ops'", 'permission denied (EACCES)'],
      ['EROFS', "EROFS: read-only file system, mkdir '/c/ops'", 'read-only file system (EROFS)'],
      ['ENOSPC', 'ENOSPC: no space left on device, write', 'no space left on device (ENOSPC)'],
    ]) {
      const e = refusal(code!, message!);
      expect([e.exitCode, e.message], code).toEqual([1, `cannot write the config folder /c/ops: ${why}`]);
    }
    // Read, the same refusal is exit 1 too: the file is there, the OS will not let it be read.
    const unreadable = configFileError(
      '/c/ops/config.json',
      Object.assign(new Error('EACCES'), { code: 'EACCES' }),
    );
    expect([unreadable.exitCode, unreadable.message]).toEqual([
      1,
      'cannot use the config file /c/ops/config.json: permission denied',
    ]);
    const file = refusal('ENOTDIR', "ENOTDIR: not a directory, mkdir '/c/ops'");
    expect([file.exitCode, file.message]).toEqual([
      2,
      'cannot use the config file /c/ops/config.json: a part of its folder is a file',
    ]);
  });

  it('reads what it wrote, and the parents it makes are 0700', async () => {
    const d = join(dir(), 'a', 'b');
    expect((await run(d, ['config', 'set', 'timeout', '9'])).code).toBe(0);
    expect((await run(d, ['config', 'get', 'timeout'])).stdout).toBe('9\n');
    expect(statSync(join(d, '..')).mode & 0o777).toBe(0o700);
  });
});
