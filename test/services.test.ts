import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandboxCredentials } from '../src/sandbox/core/credentials.js';
import { Clock, type EmulatorFactory } from '../src/sandbox/core/framework.js';
import { SERVICES } from '../src/services.js';
import { SANDBOX_CREDENTIALS, SANDBOX_SETTINGS } from './helpers/sandbox-tables.js';
import { SPECS_DIR } from './helpers/conformance.js';

describe('the service table declares each service once', () => {
  it.each(SERVICES.map((s) => s.name))(
    '%s: its emulator loads from its entry and answers to its name',
    async (name) => {
      const entry = SERVICES.find((s) => s.name === name)!;
      const { createEmulator } = await entry.sandbox.emulator();
      const emulator = (createEmulator as EmulatorFactory)({
        clock: new Clock(),
        options: { credentials: SANDBOX_CREDENTIALS, settings: {}, rules: SANDBOX_SETTINGS },
      });
      expect(emulator.name).toBe(name);
    },
  );

  it('the sandbox credentials and --set rules are the entries’ own, in table order', () => {
    expect(Object.keys(SANDBOX_CREDENTIALS)).toEqual(SERVICES.map((s) => s.name));
    expect(Object.keys(SANDBOX_SETTINGS)).toEqual(SERVICES.map((s) => s.name));
    expect(SANDBOX_CREDENTIALS.hosts).toEqual(SERVICES.find((s) => s.name === 'hosts')!.sandbox.credentials);
  });

  it('OPS_SANDBOX_<SERVICE>_<KEY> overrides a declared credential; an empty one does not', () => {
    const creds = sandboxCredentials(SERVICES, {
      OPS_SANDBOX_HOSTS_API_KEY: 'other',
      OPS_SANDBOX_CLOUD_API_KEY: '',
    });
    expect(creds.hosts).toEqual({ api_key: 'other', app_key: 'sandbox-hosts-app-key' });
    expect(creds.cloud).toEqual({ api_key: 'sandbox-cloud-api-key' });
  });

  it.each(SERVICES.map((s) => s.name))(
    '%s: its main settings are its descriptor’s, its example is its own command, it has a docs page',
    async (name) => {
      const entry = SERVICES.find((s) => s.name === name)!;
      const keys = (await entry.descriptor()).settings.map((s) => s.key);
      expect(entry.mainSettings.length).toBeGreaterThan(0);
      for (const key of entry.mainSettings) expect(keys, key).toContain(key);
      expect(entry.example.startsWith(`ops ${name} `) || entry.example === `ops ${name}`).toBe(true);
      expect(existsSync(join(import.meta.dirname, '..', 'docs', 'services', `${name}.md`))).toBe(true);
    },
  );

  it.skipIf(!existsSync(SPECS_DIR))(
    'each named spec file exists in ../shared/specs; only breach has none',
    () => {
      expect(SERVICES.filter((s) => s.spec === null).map((s) => s.name)).toEqual(['breach']);
      for (const s of SERVICES) if (s.spec) expect(existsSync(join(SPECS_DIR, s.spec)), s.spec).toBe(true);
    },
  );
});
