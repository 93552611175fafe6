/** The named keys of a wire type, its index signature (`[k: string]: unknown`) left out. */
type NamedKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

/** Each named key of a wire type once, as `wireFields` takes them (a part shared by two types' lists). */
export type WireKeys<T> = Record<NamedKeys<T>, true>;

/**
 * The JSON fields of a wire type, for `--json FIELDS` (a verb's `fields`): `keys` names each of the
 * type's named keys once (the compiler holds the list to the type, so a field added to the type must be
 * added here), `more` the ones the API sends beyond them that the type leaves to its index signature.
 * Sorted, as `--help` lists them.
 */
export function wireFields<T>(keys: WireKeys<T>, more: readonly string[] = []): readonly string[] {
  return [...new Set([...Object.keys(keys), ...more])].sort();
}
