import { UsageError } from '../../errors.js';

/** A UUID (the vendors' GUID), in either case: how most of the services write their ids. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text, trimmed, is a UUID. */
export const isUuid = (s: string): boolean => UUID.test(s.trim());

/**
 * A UUID given on the command line, checked before any request and kept lower-cased; anything else
 * is a usage error naming what it should be and `give <hint>`.
 */
export function parseUuid(what: string, raw: string, hint: string): string {
  const v = raw.trim();
  if (!UUID.test(v)) throw new UsageError(`invalid ${what} "${raw}": not a UUID`, `give ${hint}`);
  return v.toLowerCase();
}
