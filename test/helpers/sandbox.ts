import { Agent, fetch } from 'undici';
import { afterAll, beforeEach } from 'vitest';
import { SERVICES } from '../../src/services.js';
import { SANDBOX_CREDENTIALS } from './sandbox-tables.js';
import type { EmulatorFactory } from '../../src/sandbox/core/framework.js';
import type { FaultRule } from '../../src/sandbox/core/faults.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/core/server.js';

export interface TestSandbox {
  sandbox: RunningSandbox;
  url: string;
  /** OPS_<SERVICE>_BASE_URL and credential variables for every service, as `ops sandbox env` prints. */
  env: Record<string, string>;
  fault(rule: FaultRule | FaultRule[]): Promise<void>;
  advance(seconds: number): Promise<void>;
  counters(): Promise<{
    requests: Record<string, Record<string, number>>;
    emulators: Record<string, Record<string, unknown>>;
    faultsInjected: number;
  }>;
  control(method: string, path: string, body?: unknown): Promise<unknown>;
}

/** Environment lines for a sandbox at `url` (what `ops sandbox env` prints). */
export function sandboxEnv(url: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [service, keys] of Object.entries(SANDBOX_CREDENTIALS)) {
    env[`OPS_${service.toUpperCase()}_BASE_URL`] = `${url}/${service}`;
    for (const [k, v] of Object.entries(keys)) env[`OPS_${service.toUpperCase()}_${k.toUpperCase()}`] = v;
  }
  return env;
}

/**
 * Starts a sandbox in this process on a free port for the whole test file, and resets it (state,
 * clock, faults, counters) before each test.
 */
export async function useSandbox(
  o: {
    services?: string[];
    settings?: Record<string, string>;
    tls?: boolean;
    emulators?: Record<string, EmulatorFactory>;
  } = {},
): Promise<TestSandbox> {
  const sandbox = await startSandbox({ port: 0, env: {}, catalog: SERVICES, ...o });
  afterAll(() => sandbox.close());
  // The controls are the test's own channel: no TLS verification against the sandbox's certificate.
  const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
  afterAll(() => dispatcher.close());
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sandbox.url}/__sandbox/${path}`, {
      method,
      dispatcher,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    return res.json();
  };
  beforeEach(async () => {
    await control('POST', 'reset');
  });
  return {
    sandbox,
    url: sandbox.url,
    env: sandboxEnv(sandbox.url),
    fault: async (rule) => void (await control('POST', 'faults', rule)),
    advance: async (seconds) => void (await control('POST', 'clock/advance', { seconds })),
    counters: () => control('GET', 'counters') as ReturnType<TestSandbox['counters']>,
    control,
  };
}
