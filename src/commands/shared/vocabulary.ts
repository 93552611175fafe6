/**
 * The shared vocabulary of flags (docs/grammar.md, "Shared flags"): a verb that needs one of these
 * ideas uses this name, shape and meaning, and no other. Long flag → meaning. Read by the vocabulary
 * test and the agent interface, never by the CLI at start-up.
 */
export const SHARED_FLAGS: Record<string, string> = {
  '--limit': 'list size: at most n items (default 30, every list)',
  '--all': 'list size: every page',
  '--token-stdin':
    "the service's credential (token, API key, password) read from stdin, one trailing newline dropped; every verb that sends a credential",
  '--file': "the command's one input file; - reads stdin",
  '--since': "start of a time window, mapped to the API's own name (from, after, created, updatedMin…)",
  '--until': "end of a time window, mapped to the API's own name (to, before, created…)",
  '--wait': 'wait for an asynchronous action to end (the default)',
  '--no-wait': 'return at once, without waiting for an asynchronous action to end',
  '--wait-timeout': 'give up waiting after s seconds: exit 6',
  '--interval': 'seconds between looks while waiting, when the service names none',
  '--exit-status': 'exit 8 when what was watched or checked failed',
  '--dir': 'where a download writes its files (default .)',
  '--clobber': 'a download overwrites existing files',
  '--skip-existing': 'a download leaves existing files and writes the rest',
  '--repo': 'scope of a runs verb: the repository, owner/repo',
  '--org': 'scope of a runs verb: the organisation; in pipelines the owner, in any form the API accepts',
  '--env': 'scope of a runs verb: an environment of the repository',
  '--list': 'the task list: id, exact title or @default',
  '--region': 'cloud region',
  '--name': "a filter or field named after the API's own name field",
  '--status': "a filter or field named after the API's own status field",
  '--state': "a filter or field named after the API's own state field",
  '--type': "a filter or field named after the API's own type field",
  '--web':
    "open the resource's page in a browser instead of printing it; prints the address when no browser opens",
  '--no-browser': 'login: print the sign-in address instead of opening a browser on this machine',
  '--device':
    'login: sign in with a device code entered on another device (the default where no browser can open)',
  '--client-credentials': "login: the application's own client id and secret, for CI (no person signs in)",
  '--client-secret-stdin': "login: the application's client secret read from stdin",
  '--client-id': 'login: the OAuth client id of the application (env OPS_<SERVICE>_CLIENT_ID)',
  '--auth-url':
    'login: the authorization server (env OPS_<SERVICE>_AUTH_URL; may be relative to the base URL)',
  '--insecure-storage': 'keep a credential in the 0600 config file even where the OS keyring answers',
};
