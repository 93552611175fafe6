/**
 * The flags of `ops dataapi` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own: a parameter, header or
 * behaviour of this API or command that no other service has. Read by the vocabulary test and the agent
 * interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--function':
    'errors backlinks, errors keywords, errors resend: only tasks of this function (filtered_function), e.g. pingback_url',
  '--report': 'errors resend: the report whose failed webhooks to resend',
};
