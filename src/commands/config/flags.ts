/**
 * The flags of `ops config` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own: a parameter, header or
 * behaviour of this API or command that no other service has. Read by the vocabulary test and the agent
 * interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--show-origin': 'get, list: also say where the value came from',
  '--show':
    "get: print a secret key's value on a terminal too (it is printed only to a pipe or file without it, as auth token's)",
};
