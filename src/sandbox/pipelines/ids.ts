import { createHash } from 'node:crypto';

/** A version-4-shaped UUID derived from a label, so seed data has the same ids on every start. */
export function uuidFrom(label: string): string {
  const h = createHash('sha256').update(`ops-sandbox-pipelines:${label}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x40;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ISO time without milliseconds, as the service writes them. */
export function iso(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Opaque page tokens: the offset of the next page, encoded. */
export function pageToken(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

/** The offset a token names, or undefined when it is not one of ours. */
export function readPageToken(token: string | null): number | undefined {
  if (token === null) return 0;
  const m = /^o:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
}
