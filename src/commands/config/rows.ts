import { wireFields } from '../../clients/wire-fields.js';
import type { Column } from '../../output/printer.js';

/**
 * A row of `ops config list`, and the one row of `ops config get` in a format other than text:
 * `origin` with --show-origin, `description` with --all (list only).
 */
export type Row = { key: string; value: string | null; origin?: string; description?: string };

/** A list row's fields, for `--json a,b`. */
export const CONFIG_LIST_FIELDS = wireFields<Row>({
  key: true,
  value: true,
  origin: true,
  description: true,
});

/** `ops config get`'s row's fields: a list row's without the description (`--all` is list's). */
export const CONFIG_GET_FIELDS = CONFIG_LIST_FIELDS.filter((f) => f !== 'description');

/** The columns of the rows: key and value, then origin and description where asked for. */
export function rowColumns(o: { showOrigin: boolean; all?: boolean }): Column<Row>[] {
  return [
    { header: 'key', get: (r) => r.key },
    { header: 'value', get: (r) => r.value, kind: 'text' },
    ...(o.showOrigin ? [{ header: 'origin', get: (r: Row) => r.origin }] : []),
    ...(o.all ? [{ header: 'description', get: (r: Row) => r.description, kind: 'text' as const }] : []),
  ];
}

/** Where a value came from, as a row's origin says it: `env OPS_HOSTS_API_KEY`, `keyring`, `profile ci`. */
export function originLabel(
  origin: string | undefined,
  profile: string,
  envName: string,
  stored?: 'keyring' | 'file',
): string {
  if (origin === 'env') return `env ${envName}`;
  if (origin === 'profile' && stored === 'keyring') return 'keyring';
  if (origin === 'profile') return `profile ${profile}`;
  return origin ?? '';
}
