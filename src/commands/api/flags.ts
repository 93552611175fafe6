/**
 * The flags of `ops api` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own. Read by the vocabulary
 * test and the agent interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--cache': "api: gh's --cache, keep a GET's answer and answer from it for this long",
  '--header': 'api: extra request header',
  '--include': 'api: print the status line and response headers to stderr',
  '--input': 'api: request body from a file, or - for stdin',
  '--paginate': 'api: follow every page and print one JSON array',
  '--raw-field':
    "api: gh's -f, a string parameter: query for GET/DELETE/LIST, JSON body otherwise; a[b]=1 nests, a[]=1 appends",
  '--typed-field':
    "api: gh's -F (its --field is the global one here): numbers, true/false/null, @file, @- (stdin), key:=json",
};
