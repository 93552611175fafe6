import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createFactory } from '../../../src/app/factory.js';
import type { ServiceEntry } from '../../../src/app/types.js';
import type { SettingsReader } from '../../../src/clients/descriptor.js';
import { buildProgram } from '../../../src/program.js';
import { SERVICES } from '../../../src/services.js';
import { tempConfigDir } from '../../helpers/cli.js';
import { memoryIo } from '../../helpers/io.js';

/** `ops auth logout tasks` with tasks' descriptor given a revoke (as the OAuth sign-in adds one). */
async function logout(revoke: (s: SettingsReader) => Promise<void>, stored: object) {
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: { tasks: stored } } }));
  const services: ServiceEntry[] = SERVICES.map((s) =>
    s.name === 'tasks' ? { ...s, descriptor: async () => ({ ...(await s.descriptor()), revoke }) } : s,
  );
  const io = memoryIo({ env: { OPS_CONFIG_DIR: dir, OPS_NO_KEYRING: '1' } });
  const factory = createFactory(io, {
    services,
    runArgv: async () => 0,
    callVerb: async () => 0,
    tree: (f) => buildProgram(f, ['node', 'ops'], true),
  });
  const argv = ['node', 'ops', 'auth', 'logout', 'tasks', '--yes', '-o', 'json'];
  await (await buildProgram(factory, argv)).parseAsync(argv);
  return { out: io.out(), err: io.err(), file: JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) };
}

const signedIn = {
  token: 'access-0123456789',
  refresh_token: 'refresh-0123',
  token_expires_at: '2030-01-01T00:00:00Z',
  list: 'keep-me',
};

describe('ops auth logout and a service that can revoke', () => {
  it('revokes with the stored sign-in, then forgets it and every sign-in key (settings stay)', async () => {
    const revoke = vi.fn(async (s: SettingsReader) => {
      expect(s.get('token')).toBe('access-0123456789');
      expect(s.get('refresh_token')).toBe('refresh-0123');
    });
    const r = await logout(revoke, signedIn);
    expect(revoke).toHaveBeenCalledOnce();
    expect(JSON.parse(r.out)).toEqual({
      logged_out: true,
      service: 'tasks',
      profile: 'default',
      forgot: ['token', 'refresh_token', 'token_expires_at'],
    });
    expect(r.file.profiles.default.tasks).toEqual({ list: 'keep-me' });
    expect(r.err).toBe('');
  });

  it('a refused revocation is a warning: the sign-in is forgotten all the same', async () => {
    const r = await logout(async () => {
      throw new Error('tasks: revocation refused (HTTP 400)\nmore');
    }, signedIn);
    expect(r.err).toBe('ops: tasks: the credential was not revoked: tasks: revocation refused (HTTP 400)\n');
    expect(JSON.parse(r.out).forgot).toEqual(['token', 'refresh_token', 'token_expires_at']);
  });

  it('nothing stored: no revocation, exit 0, said on stderr', async () => {
    const revoke = vi.fn(async () => undefined);
    const r = await logout(revoke, { list: 'keep-me' });
    expect(revoke).not.toHaveBeenCalled();
    expect(JSON.parse(r.out).forgot).toEqual([]);
    expect(r.err).toBe('ops: tasks: nothing was stored in profile default\n');
  });
});
