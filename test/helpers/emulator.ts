import { Clock, type EmulatorFactory, type Reply } from '../../src/sandbox/core/framework.js';
import { SANDBOX_CREDENTIALS, SANDBOX_SETTINGS } from './sandbox-tables.js';

export interface DirectAnswer<B = Record<string, unknown>> {
  status: number;
  headers: Record<string, string>;
  body: B;
  /** The body as sent when it is text or bytes. */
  raw: unknown;
}

/**
 * An emulator called directly, with no server: fast tests of its rules. The credentials are the
 * sandbox's documented ones unless given; `call` takes a path with its query string.
 */
export function directEmulator(
  service: string,
  create: EmulatorFactory,
  o: { settings?: Record<string, string>; credentials?: Record<string, string> } = {},
) {
  const clock = new Clock();
  const emulator = create({
    clock,
    options: {
      credentials: { [service]: o.credentials ?? { ...SANDBOX_CREDENTIALS[service] } },
      settings: o.settings ?? {},
      rules: SANDBOX_SETTINGS,
    },
  });
  async function call<B = Record<string, unknown>>(
    method: string,
    path: string,
    c: { headers?: Record<string, string>; body?: unknown; raw?: Buffer } = {},
  ): Promise<DirectAnswer<B>> {
    const q = path.indexOf('?');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(c.headers ?? {})) headers[k.toLowerCase()] = v;
    const body = c.raw ?? (c.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(c.body)));
    if (c.body !== undefined) headers['content-type'] ??= 'application/json';
    const reply: Reply = await emulator.handle({
      method: method.toUpperCase(),
      path: q < 0 ? path : path.slice(0, q),
      query: new URLSearchParams(q < 0 ? '' : path.slice(q + 1)),
      headers,
      body,
      params: {},
    });
    const parsed =
      typeof reply.body === 'string' && /json/.test(reply.headers?.['content-type'] ?? '')
        ? JSON.parse(reply.body)
        : reply.body;
    return { status: reply.status, headers: reply.headers ?? {}, body: (parsed ?? {}) as B, raw: reply.body };
  }
  return { emulator, clock, call };
}
