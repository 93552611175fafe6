/**
 * Markers are opaque to clients: a list scope and the id of the first job of the next page, with a
 * checksum, in base64url. A marker that was altered, or that belongs to another list, is refused.
 */

function fnv(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

const SALT = 'docgen-sandbox-marker';

export function encodeMarker(scope: string, jobId: string): string {
  return Buffer.from(`m1|${scope}|${jobId}|${fnv(`${SALT}|${scope}|${jobId}`)}`).toString('base64url');
}

/** The job id a marker points at, or undefined when it is not a marker of this list. */
export function decodeMarker(scope: string, marker: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(marker)) return undefined;
  const [version, s, jobId, check] = Buffer.from(marker, 'base64url').toString('utf8').split('|');
  if (version !== 'm1' || s !== scope || !jobId || check !== fnv(`${SALT}|${s}|${jobId}`)) return undefined;
  return jobId;
}
