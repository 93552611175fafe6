import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { forgetCredentials, saveCredentials } from '../../src/config/credentials.js';
import { Settings } from '../../src/config/settings.js';
import { tempConfigDir } from '../helpers/cli.js';
import { failure, items, stores } from './fake-keyring.js';

vi.mock('@napi-rs/keyring', () => import('./fake-keyring.js'));

const BUS = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/test-bus' };
const fresh = (env: Record<string, string | undefined> = {}) => {
  const dir = tempConfigDir();
  const all = { OPS_CONFIG_DIR: dir, ...env };
  return { dir, env: all, settings: () => new Settings(all, undefined) };
};
const file = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));

describe('saveCredentials', () => {
  it('keeps a secret in the keyring (service ops, account profile:service.key), not the file; an expiry in the file', async () => {
    items.clear();
    const { dir, settings } = fresh(BUS);
    const warn = vi.fn();
    const r = await saveCredentials(
      settings(),
      'tasks',
      { token: 'tok-123456789', token_expires_at: '2030-01-01T00:00:00Z' },
      ['token'],
      { warn },
    );
    expect(r).toEqual({ profile: 'default', storedIn: 'keyring' });
    expect(items.get('ops/default:tasks.token')).toBe('tok-123456789');
    expect(file(dir)).toEqual({
      keyring: { default: ['tasks.token'] },
      profiles: { default: { tasks: { token_expires_at: '2030-01-01T00:00:00Z' } } },
    });
    expect(warn).not.toHaveBeenCalled();
    // On Linux the Secret Service only, never the kernel's keyutils (forgotten at the end of a session).
    expect(new Set(stores)).toEqual(new Set(['secret-service']));
    // A later run reads it from the keyring, because the file says the keyring holds it.
    const later = settings();
    await later.loadKeyring('tasks');
    expect(later.resolve('tasks.token')).toMatchObject({
      value: 'tok-123456789',
      origin: 'profile',
      stored: 'keyring',
    });
  });

  it('moves a key between the keyring and the file: it lives in one place only', async () => {
    items.clear();
    const { dir, settings } = fresh(BUS);
    await saveCredentials(settings(), 'hosts', { api_key: 'in-keyring-key' }, ['api_key']);
    await saveCredentials(settings(), 'hosts', { api_key: 'in-file-key' }, ['api_key'], {
      insecureStorage: true,
    });
    expect(items.size).toBe(0);
    expect(file(dir).profiles.default.hosts.api_key).toBe('in-file-key');
    expect(file(dir).keyring).toBeUndefined();
    await saveCredentials(settings(), 'hosts', { api_key: 'back-in-keyring' }, ['api_key']);
    expect(items.get('ops/default:hosts.api_key')).toBe('back-in-keyring');
    expect(file(dir).profiles.default.hosts.api_key).toBeUndefined();
  });

  it('falls back to the 0600 file where no keyring answers, and says so once', async () => {
    const { dir, settings } = fresh({});
    const warn = vi.fn();
    const s = settings();
    const r = await saveCredentials(s, 'hosts', { api_key: 'k1', app_key: 'k2' }, ['api_key', 'app_key'], {
      warn,
    });
    await saveCredentials(s, 'hosts', { api_key: 'k3' }, ['api_key'], { warn });
    expect(r.storedIn).toBe('file');
    expect(file(dir).profiles.default.hosts).toEqual({ api_key: 'k3', app_key: 'k2' });
    expect(warn.mock.calls).toEqual([
      [
        `ops: no OS keyring answered (no D-Bus session bus); kept hosts.api_key, hosts.app_key in ${join(dir, 'config.json')} (0600)`,
      ],
    ]);
  });

  it('OPS_NO_KEYRING=1 and a keyring that refuses both fall back, naming why', async () => {
    const warn = vi.fn();
    await saveCredentials(
      fresh({ ...BUS, OPS_NO_KEYRING: '1' }).settings(),
      'db',
      { token: 't' },
      ['token'],
      { warn },
    );
    expect(warn.mock.calls[0]![0]).toMatch(/\(OPS_NO_KEYRING is set\); kept db\.token in /);
    failure.message =
      'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead';
    try {
      const w2 = vi.fn();
      await saveCredentials(
        fresh({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/other' }).settings(),
        'db',
        { token: 't' },
        ['token'],
        { warn: w2 },
      );
      expect(w2.mock.calls[0]![0]).toMatch(
        /^ops: no OS keyring answered \(no D-Bus session bus\); kept db\.token in /,
      );
    } finally {
      failure.message = undefined;
    }
  });
});

describe('forgetCredentials', () => {
  it('forgets keys in the keyring and the file, and gives those it removed', async () => {
    items.clear();
    const { dir, settings } = fresh(BUS);
    await saveCredentials(
      settings(),
      'tasks',
      { token: 'tok-abcdefghijkl', refresh_token: 'r-1', token_expires_at: 'x' },
      ['token', 'refresh_token'],
    );
    expect(items.size).toBe(2);
    const forgot = await forgetCredentials(settings(), 'tasks', [
      'token',
      'refresh_token',
      'token_expires_at',
      'id_token',
    ]);
    expect(forgot).toEqual(['token', 'refresh_token', 'token_expires_at']);
    expect(items.size).toBe(0);
    expect(file(dir).keyring).toBeUndefined();
    expect(file(dir).profiles.default.tasks).toEqual({});
  });
});
