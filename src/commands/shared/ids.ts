import { encodeSegment } from '../../clients/http/url.js';
import { UsageError } from '../../errors.js';
import { notBlank } from './parse.js';

/** A UUID (the vendors' GUID), in either case: how most of the services write their ids. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text, trimmed, is a UUID. */
export const isUuid = (s: string): boolean => UUID.test(s.trim());

/**
 * How a service writes its ids, and the hint its error gives (a text, or made from what was given:
 * `give the numeric run id`). Each service names its form once, beside its start (`RUN_ID`,
 * `TASK_ID`, `DOCGEN_ID`, `cloudId(list)`), and every verb parses its ids through `parseId` with it:
 * - `uuid`: a UUID, lower-cased (cloud, db, pipelines);
 * - `number`: a positive whole number of 1 to 15 digits (runs);
 * - `digits`: digits kept as text, leading zeros and all (docgen);
 * - `segment`: any text that can be one path segment, kept as given (tasks: not empty, `.`, `..`
 *   or NUL, and not blank).
 */
export type IdForm = NumberIdForm | TextIdForm;
type IdHint = string | ((what: string) => string);
export interface NumberIdForm {
  kind: 'number';
  hint: IdHint;
}
export interface TextIdForm {
  kind: 'uuid' | 'digits' | 'segment';
  hint: IdHint;
}

/**
 * The one parser of an id given on the command line, checked before any request: trimmed (blank is
 * refused as such), then in the service's form (see `IdForm`). Anything else is a usage error naming
 * `what` was given, with the form's hint.
 */
export function parseId(what: string, raw: string, form: NumberIdForm): number;
export function parseId(what: string, raw: string, form: TextIdForm): string;
export function parseId(what: string, raw: string, form: IdForm): string | number;
export function parseId(what: string, raw: string, form: IdForm): string | number {
  const hint = typeof form.hint === 'string' ? form.hint : form.hint(what);
  if (form.kind === 'segment') {
    // A path segment is refused as the client would refuse it (empty, `.`, `..`, NUL), then if blank.
    encodeSegment(raw, what);
    notBlank(what, raw, hint);
    return raw;
  }
  // A blank id is said so, not quoted as `invalid … ""` (#37).
  const v = notBlank(what, raw, hint);
  if (form.kind === 'uuid') {
    if (!UUID.test(v)) throw new UsageError(`invalid ${what} "${raw}": not a UUID`, hint);
    return v.toLowerCase();
  }
  const ok = form.kind === 'number' ? /^\d{1,15}$/.test(v) && Number(v) >= 1 : /^\d+$/.test(v);
  if (!ok) throw new UsageError(`invalid ${what} "${raw}"`, hint);
  return form.kind === 'number' ? Number(v) : v;
}

/** A UUID given on the command line (see `parseId`); the hint is what to give. */
export function parseUuid(what: string, raw: string, hint: string): string {
  return parseId(what, raw, { kind: 'uuid', hint: `give ${hint}` });
}
