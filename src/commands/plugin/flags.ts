/**
 * The flags of `ops plugin` that are neither global nor in the shared vocabulary: none. Read by the
 * vocabulary test and the agent interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {};
