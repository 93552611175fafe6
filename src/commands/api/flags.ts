/**
 * The flags of `ops api` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own. Read by the vocabulary
 * test and the agent interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--header': 'api: extra request header',
  '--include': 'api: print the status line and response headers to stderr',
  '--input': 'api: request body from a file, or - for stdin',
  '--paginate': 'api: follow every page and print one JSON array',
  '--param':
    'api: parameter: query for GET/DELETE/LIST, JSON body otherwise (typed; @file reads a file; key:=json)',
};
