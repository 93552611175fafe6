import type { Command } from 'commander';
import type { Factory } from '../../src/app/types.js';
import type { CloudClient } from '../../src/clients/cloud/client.js';
import { createEmulator } from '../../src/sandbox/cloud/index.js';
import { SANDBOX_CREDENTIALS } from '../helpers/sandbox-tables.js';
import { directEmulator } from '../helpers/emulator.js';
import { strictStub } from '../helpers/http.js';
import { output, parseVerb as parseVerbOf } from '../helpers/verbs.js';

export { SEED_IDS as IDS } from '../../src/sandbox/cloud/seed.js';

export const KEY = SANDBOX_CREDENTIALS.cloud!.api_key!;
/** What `ops sandbox env` exports for the cloud, pointing nowhere: parsing sends nothing. */
export const ENV = { OPS_CLOUD_BASE_URL: 'http://127.0.0.1:9/cloud', OPS_CLOUD_API_KEY: KEY };

/** `ops cloud [groups…] <args>` parsed with the run function a spy (see test/helpers/verbs.ts). */
export function parseVerb<O extends object>(
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  args: string[],
  o: { env?: Record<string, string>; input?: string; groups?: string[] } = {},
) {
  return parseVerbOf('cloud', make, args, { ...o, env: { ...ENV, ...o.env } });
}

export { output };

/** A client whose every method fails unless the test gives it. */
export function stubClient(methods: Partial<CloudClient>): CloudClient {
  return strictStub<CloudClient>('cloud', methods);
}

/** The emulator alone on its own clock, with the sandbox key on every call unless headers say otherwise. */
export function cloudEmulator(settings: Record<string, string> = {}) {
  const e = directEmulator('cloud', createEmulator, { settings });
  const call = <B = Record<string, unknown>>(
    method: string,
    path: string,
    o: { body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
  ) =>
    e.call<B>(method, `/publicCloud/v1${path}`, {
      ...o,
      headers: { 'x-cloud-auth': KEY, ...o.headers },
    });
  return { ...e, call, advance: (seconds: number) => e.clock.advance(seconds * 1000) };
}
