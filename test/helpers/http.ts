import { MockAgent } from 'undici';
import { afterEach, beforeEach } from 'vitest';
import type { ServiceDescriptor, SettingsReader } from '../../src/clients/descriptor.js';
import type { AuthScheme } from '../../src/clients/http/auth.js';
import { createHttpClient, type HttpClientOptions } from '../../src/clients/http/client.js';
import { Redactor } from '../../src/clients/http/redact.js';
import type { HttpClient } from '../../src/clients/http/types.js';

/** A settings reader over plain values, as the factory hands a descriptor. */
export function settingsReader(values: Record<string, string | undefined>): SettingsReader {
  return {
    get: (k) => values[k],
    require: (k) => {
      const v = values[k];
      if (v === undefined) throw new Error(`test setting ${k} missing`);
      return v;
    },
  };
}

/**
 * A MockAgent with real network refused, new for each test; every interceptor a test declares must be
 * used (checked after each test), so no stub lets a test pass without its request being sent.
 */
export function useMockAgent(): { agent(): MockAgent; sleeps(): number[] } {
  let agent: MockAgent;
  let sleeps: number[] = [];
  beforeEach(() => {
    agent = new MockAgent();
    agent.disableNetConnect();
    sleeps = [];
  });
  afterEach(async () => {
    agent.assertNoPendingInterceptors();
    await agent.close();
  });
  return { agent: () => agent, sleeps: () => sleeps };
}

/**
 * The shared HTTP client of a service, built from its descriptor the way the composition root builds
 * it, over a MockAgent; retry sleeps are recorded instead of waited.
 */
export async function serviceHttp(
  descriptor: ServiceDescriptor,
  values: Record<string, string | undefined>,
  o: {
    baseUrl: string;
    dispatcher: MockAgent;
    retries?: number;
    sleeps?: number[];
    extra?: Partial<HttpClientOptions>;
  },
): Promise<HttpClient> {
  const reader = settingsReader(values);
  const auth: AuthScheme | undefined = await descriptor.auth(reader);
  return createHttpClient({
    service: descriptor.name,
    baseUrl: o.baseUrl,
    auth,
    defaultHeaders: descriptor.defaultHeaders?.(reader, 'ops/test'),
    retries: o.retries ?? 2,
    timeoutMs: 5000,
    maxWaitSeconds: 60,
    retryStatuses: descriptor.retryStatuses,
    dispatcher: o.dispatcher,
    redactor: new Redactor(auth?.secrets ?? []),
    sleep: async (ms) => void o.sleeps?.push(ms),
    parseError: descriptor.parseError,
    hintFor: descriptor.hintFor,
    rateLimitWait: descriptor.rateLimitWait,
    ...o.extra,
  });
}

/**
 * A stub of a client whose every method must be given: calling one the test did not give fails the
 * test at once, naming it, so a run function cannot reach a method the test did not expect.
 */
export function strictStub<T extends object>(name: string, methods: Partial<T>): T {
  return new Proxy(methods as T, {
    get(target, prop, receiver) {
      if (prop === 'then' || typeof prop === 'symbol') return Reflect.get(target, prop, receiver);
      if (!(prop in target)) {
        return () => {
          throw new Error(`unexpected call: ${name}.${String(prop)}()`);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

/** `bytes` in each content coding ops reads, and in two of them at once (the last applied named last). */
export function encodedForms(bytes: Buffer | string): Array<[string, Buffer]> {
  const zlib = process.getBuiltinModule('node:zlib');
  return [
    ['gzip', zlib.gzipSync(bytes)],
    ['deflate', zlib.deflateSync(bytes)],
    ['br', zlib.brotliCompressSync(bytes)],
    ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(bytes))],
  ];
}
