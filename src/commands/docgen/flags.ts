/**
 * The flags of `ops docgen` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own: a parameter, header or
 * behaviour of this API or command that no other service has. Read by the vocabulary test and the agent
 * interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--batch': 'jobs list: the jobs of one batch',
  '--marker': 'jobs list: start at this position marker (the next_marker of an earlier page)',
  '--template': 'jobs list: your jobs that used one template (its file id)',
};
