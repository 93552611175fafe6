import type { EnvelopeWire } from '../../../clients/secrets/types.js';
import { OpsError } from '../../../errors.js';
import type { Feedback } from '../../../output/feedback.js';
import { type Column, type Printer, getPath } from '../../../output/printer.js';
import { escapeLine } from '../../../output/text.js';
import type { SecretsRunBase } from './start.js';

/**
 * Server warnings go to stderr with the other hints (PRODUCT §3), one line each with control characters
 * escaped as error lines show them (`\e[31m`, `\n`): what arrived is seen, never run nor dropped.
 */
export function warn(feedback: Feedback, body: { warnings?: string[] | null } | undefined): void {
  for (const w of body?.warnings ?? []) feedback.warn(escapeLine(w));
}

/** Key / value rows, sorted by key: how secret data is shown in a table. */
export function kvRows(
  data: Record<string, unknown> | null | undefined,
): Array<{ key: string; value: unknown }> {
  return Object.keys(data ?? {})
    .sort()
    .map((key) => ({ key, value: data![key] }));
}

/**
 * One resource as key / value lines through the shared printer, as every service shows one
 * (docs/grammar.md, "Tables" and "Times out"): the API's fields named in lower-case words with their
 * times in UTC to the second off a terminal, relative on one (`fields`); or a secret's own keys,
 * exactly as written, with its values untouched (`data`). JSON and YAML print the API's body instead.
 */
export async function printView(
  printer: Printer,
  record: Record<string, unknown> | null | undefined,
  keys: 'fields' | 'data',
): Promise<void> {
  const shown = Object.entries(record ?? {}).filter(([, v]) => v !== undefined);
  if (shown.length === 0) return;
  if (keys === 'fields') return printer.print(Object.fromEntries(shown));
  const columns: Column<Record<string, unknown>>[] = shown.map(([k]) => ({ header: k, get: (r) => r[k] }));
  return printer.print(Object.fromEntries(shown), { columns });
}

/** A record with its keys in order (API answers come in any order; a view is read in one). */
export function sortedKeys(record: Record<string, unknown> | null | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export const KV_COLUMNS: Column<{ key: string; value: unknown }>[] = [
  { header: 'key', get: (r) => r.key },
  { header: 'value', get: (r) => r.value },
];

/** `--field` reads from the secret's data, as the vendor CLI's `-field` does; a missing one is an error, not silence. */
export function checkField(field: string | undefined, data: unknown, where: string): void {
  if (field !== undefined && getPath(data, field) === undefined)
    throw new OpsError(`field "${field}" not present in ${where}`);
}

/**
 * Prints an enveloped answer: JSON/YAML get the whole envelope (the API's own shape); a table, CSV
 * and `--field` get the data as key / value rows.
 */
export async function printEnvelope(
  o: SecretsRunBase,
  body: EnvelopeWire<unknown>,
  where: string,
): Promise<void> {
  const { printer, field } = o;
  const data = body.data ?? (body.auth ? { ...body.auth } : null);
  if (field !== undefined) {
    checkField(field, data, where);
    return printer.print(data);
  }
  if (o.whole) return printer.print(body);
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const masked = body.data ? data : { ...(data as Record<string, unknown>), client_token: '***' };
    return printer.print(kvRows(masked as Record<string, unknown>), { columns: KV_COLUMNS });
  }
  return printer.print(data);
}
