/**
 * The flags of `ops auth` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own. Read by the vocabulary
 * test and the agent interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--check':
    'status: send each credential’s one cheap read (the service’s probe) and say whether it is refused',
  '--key': "token: which of the service's credentials to print (hosts: app_key); its stdin one by default",
  '--show': 'token: print the credential on a terminal too (it is printed only to a pipe or file without it)',
};
