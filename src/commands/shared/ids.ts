import { UsageError } from '../../errors.js';
import { notBlank } from './parse.js';

/** A UUID (the vendors' GUID), in either case: how most of the services write their ids. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text, trimmed, is a UUID. */
export const isUuid = (s: string): boolean => UUID.test(s.trim());

/** How a service writes an id: a UUID, a positive whole number, or digits kept as text. */
export type IdForm = 'uuid' | 'number' | 'digits';

/**
 * The one parser of an id given on the command line, checked before any request: trimmed (blank is
 * refused as such), then in
 * the service's form (a UUID lower-cased; a number from 1 to 15 digits; digits kept as text, leading
 * zeros and all). Anything else is a usage error naming `what` was given, with `hint`.
 */
export function parseId(what: string, raw: string, form: 'number', hint: string): number;
export function parseId(what: string, raw: string, form: 'uuid' | 'digits', hint: string): string;
export function parseId(what: string, raw: string, form: IdForm, hint: string): string | number {
  // A blank id is said so, not quoted as `invalid … ""` (#37).
  const v = notBlank(what, raw, hint);
  if (form === 'uuid') {
    if (!UUID.test(v)) throw new UsageError(`invalid ${what} "${raw}": not a UUID`, hint);
    return v.toLowerCase();
  }
  const ok = form === 'number' ? /^\d{1,15}$/.test(v) && Number(v) >= 1 : /^\d+$/.test(v);
  if (!ok) throw new UsageError(`invalid ${what} "${raw}"`, hint);
  return form === 'number' ? Number(v) : v;
}

/** A UUID given on the command line (see `parseId`); the hint is what to give. */
export function parseUuid(what: string, raw: string, hint: string): string {
  return parseId(what, raw, 'uuid', `give ${hint}`);
}
