import { Clock, type Reply } from '../../src/sandbox/core/framework.js';
import { createEmulator } from '../../src/sandbox/secrets/index.js';
import { SANDBOX_SETTINGS } from '../helpers/sandbox-tables.js';

export const ROOT = 'sandbox-root-token';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown> & {
    errors?: string[];
    data?: Record<string, unknown> | null;
    warnings?: string[] | null;
  };
}

/** An emulator called directly, with no server: fast tests of its rules. */
export function directEmulator(settings: Record<string, string> = {}) {
  const clock = new Clock();
  const emulator = createEmulator({
    clock,
    options: { credentials: { secrets: { token: ROOT } }, settings, rules: SANDBOX_SETTINGS },
  });
  async function call(
    method: string,
    path: string,
    o: { token?: string | null; body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
  ): Promise<Answer> {
    const [p, q = ''] = path.split('?');
    const headers: Record<string, string> = { ...o.headers };
    const token = o.token === undefined ? ROOT : o.token;
    if (token) headers['x-secrets-token'] = token;
    const body = o.raw ?? (o.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(o.body)));
    const reply: Reply = await emulator.handle({
      method,
      path: p!,
      query: new URLSearchParams(q),
      headers,
      body,
      params: {},
    });
    return { status: reply.status, headers: reply.headers ?? {}, body: (reply.body ?? {}) as Answer['body'] };
  }
  return { emulator, clock, call };
}
