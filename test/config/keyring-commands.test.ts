import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runMain, tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { items } from './fake-keyring.js';

vi.mock('@napi-rs/keyring', () => import('./fake-keyring.js'));

const sb = await useSandbox({ services: ['hosts', 'secrets'] });
const setup = () => {
  items.clear();
  const dir = tempConfigDir();
  const env = {
    OPS_CONFIG_DIR: dir,
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/test-bus',
    OPS_HOSTS_BASE_URL: sb.env.OPS_HOSTS_BASE_URL,
    OPS_SECRETS_BASE_URL: sb.env.OPS_SECRETS_BASE_URL,
  };
  const file = () => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
  return { env, file };
};

describe('ops config with the OS keyring', () => {
  it('set keeps a secret there; list masks it with origin keyring; get reveals it; a command uses it; unset forgets it', async () => {
    const { env, file } = setup();
    const set = await runMain(['config', 'set', 'hosts.api_key', '-'], {
      env,
      input: 'sandbox-hosts-api-key\n',
    });
    expect(set).toEqual({ code: 0, stdout: '', stderr: '' });
    await runMain(['config', 'set', 'hosts.app_key', '-'], { env, input: 'sandbox-hosts-app-key' });
    expect(items.get('ops/default:hosts.api_key')).toBe('sandbox-hosts-api-key');
    expect(JSON.stringify(file())).not.toContain('sandbox-hosts');

    const list = await runMain(['config', 'list', 'hosts', '--show-origin', '-o', 'json'], { env });
    expect(JSON.parse(list.stdout)).toEqual([
      { key: 'hosts.base_url', value: sb.env.OPS_HOSTS_BASE_URL, origin: 'env OPS_HOSTS_BASE_URL' },
      { key: 'hosts.api_key', value: '***', origin: 'keyring' },
      { key: 'hosts.app_key', value: '***', origin: 'keyring' },
    ]);
    const get = await runMain(['config', 'get', 'hosts.api_key', '--show-origin', '-o', 'json'], { env });
    expect(JSON.parse(get.stdout)).toEqual({
      key: 'hosts.api_key',
      value: 'sandbox-hosts-api-key',
      origin: 'keyring',
    });
    const totals = await runMain(['hosts', 'totals', '-o', 'json'], { env });
    expect(totals.code).toBe(0);
    expect(JSON.parse(totals.stdout)).toHaveProperty('total_up');

    const unset = await runMain(['config', 'unset', 'hosts.api_key'], { env, tty: true });
    expect(unset.stderr).toBe('unset hosts.api_key\n');
    expect(items.has('ops/default:hosts.api_key')).toBe(false);
    expect(file().keyring).toEqual({ default: ['hosts.app_key'] });
    const again = await runMain(['config', 'unset', 'hosts.api_key'], { env, tty: true });
    expect(again.stderr).toBe('hosts.api_key was not set in profile default\n');
  });

  it('a profile keeps its own items (account <profile>:<key>); a setting that is no secret stays in the file', async () => {
    const { env, file } = setup();
    await runMain(['-p', 'staging', 'config', 'set', 'hosts.api_key', '-'], {
      env,
      input: 'staging-key-0123',
    });
    await runMain(['-p', 'staging', 'config', 'set', 'secrets.namespace', 'team-a'], { env });
    expect([...items]).toEqual([['ops/staging:hosts.api_key', 'staging-key-0123']]);
    expect(file()).toEqual({
      keyring: { staging: ['hosts.api_key'] },
      profiles: { staging: { secrets: { namespace: 'team-a' } } },
    });
    const status = await runMain(['-p', 'staging', 'auth', 'status', 'hosts', '-o', 'json'], { env });
    expect(JSON.parse(status.stdout)[0]).toMatchObject({ source: 'keyring', credential: 'stag****' });
  });
});

describe('ops secrets login with the OS keyring', () => {
  it('keeps the new token there, and says so on a terminal', async () => {
    const { env, file } = setup();
    const r = await runMain(['secrets', 'login'], {
      env: { ...env, NO_COLOR: '1' },
      input: 'sandbox-root-token',
      tty: true,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      'Success! Token stored in profile default (secrets.token, in the OS keyring).',
    );
    expect(items.get('ops/default:secrets.token')).toBe('sandbox-root-token');
    expect(file()).toEqual({ keyring: { default: ['secrets.token'] } });
  });

  it('--insecure-storage keeps it in the file', async () => {
    const { env, file } = setup();
    const r = await runMain(['secrets', 'login', '--insecure-storage'], { env, input: 'sandbox-root-token' });
    expect(r.code).toBe(0);
    expect(items.size).toBe(0);
    expect(file().profiles.default.secrets.token).toBe('sandbox-root-token');
  });
});
