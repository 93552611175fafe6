import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/clients/http/client.js';
import { Redactor } from '../../../src/clients/http/redact.js';
import type { Transport } from '../../../src/clients/http/transport/transport-types.js';

/** A transport answering 200 with `body`, whatever is asked. */
function answering(body: Buffer, contentType = 'application/json'): Transport {
  return {
    sendWhole: async () => ({ statusCode: 200, headers: { 'content-type': contentType }, body }),
    send: () => Promise.reject(new Error('not streamed here')),
    close: async () => undefined,
  };
}

const client = (transport: Transport) =>
  createHttpClient({
    service: 'svc',
    baseUrl: 'http://api.test/base',
    retries: 0,
    timeoutMs: 5000,
    maxWaitSeconds: 60,
    transport,
    redactor: new Redactor([]),
  });

/** A JSON page of about `kib` KiB, in a buffer that is the whole of its ArrayBuffer. */
function page(kib: number): { bytes: Buffer; value: unknown } {
  const value = { items: Array.from({ length: kib }, (_, i) => ({ id: i, pad: 'x'.repeat(1000) })) };
  const text = JSON.stringify(value);
  const bytes = Buffer.alloc(Buffer.byteLength(text));
  bytes.write(text);
  return { bytes, value };
}

describe('the bytes of a large answer read whole', () => {
  it('are freed once decoded (the ArrayBuffer is detached), the data intact', async () => {
    const { bytes, value } = page(100);
    const res = await client(answering(bytes)).request({ method: 'GET', path: '/p' });
    expect(res.data).toEqual(value);
    expect((bytes.buffer as ArrayBuffer).detached).toBe(true);
  });

  it('are freed for a text answer too', async () => {
    const { bytes } = page(100);
    const text = bytes.toString();
    const res = await client(answering(bytes)).request({ method: 'GET', path: '/p', responseType: 'text' });
    expect(res.data).toBe(text);
    expect((bytes.buffer as ArrayBuffer).detached).toBe(true);
  });

  it('are kept when the caller asked for the bytes themselves', async () => {
    const { bytes } = page(100);
    const res = await client(answering(bytes, 'application/octet-stream')).request<Buffer>({
      method: 'GET',
      path: '/p',
      responseType: 'buffer',
    });
    expect(res.data).toBe(bytes);
    expect((bytes.buffer as ArrayBuffer).detached).toBe(false);
    expect(res.data.length).toBe(bytes.byteLength);
  });

  it('are left alone when small, or a slice of a larger ArrayBuffer (Node pools small buffers)', async () => {
    const small = page(10).bytes;
    await client(answering(small)).request({ method: 'GET', path: '/p' });
    expect((small.buffer as ArrayBuffer).detached).toBe(false);
    const { bytes } = page(100);
    const shared = new ArrayBuffer(bytes.length + 16);
    const slice = Buffer.from(shared, 8, bytes.length);
    bytes.copy(slice);
    await client(answering(slice)).request({ method: 'GET', path: '/p' });
    expect(shared.detached).toBe(false);
  });
});
