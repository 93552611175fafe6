/**
 * The flags of `ops upgrade` that are neither global nor in the shared vocabulary: none (`--version`
 * is the root's word for a version, taken by a command as `secrets kv get` takes it). Read by the
 * vocabulary test, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {};
