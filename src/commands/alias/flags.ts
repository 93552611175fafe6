/**
 * The flags of `ops alias` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own. Read by the vocabulary
 * test and the agent interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--shell': "set: the expansion is a script for sh -c (gh's `alias set --shell`)",
};
