/**
 * The flags of `ops runs` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own: a parameter, header or
 * behaviour of this API or command that no other service has. Read by the vocabulary test and the agent
 * interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--visible-to': "runner-group list: only the groups a repository can use (the API's visible_to_repository)",
  '--actor': 'list: runs started by this user',
  '--attempt': "job list, logs: an earlier attempt's logs",
  '--body': 'variable set: the value',
  '--branch': 'list: runs of this branch',
  '--check-suite-id': 'list: runs of this check suite',
  '--debug-logging': 'job rerun, rerun: with step debug logging',
  '--event': 'list: runs started by this event (push, pull_request, schedule, workflow_dispatch…)',
  '--exclude-pull-requests': 'list: leave the pull requests out of each run',
  '--failed': 'rerun: only the jobs that failed or were cancelled',
  '--filter': 'job list: latest (default) or all attempts',
  '--head-sha': 'list: runs of this commit (full SHA)',
  '--id': 'cache delete: the cache id',
  '--inherited': "secret list, variable list: the organisation's secrets this repository may use",
  '--job': 'logs, rerun: only this job (ops runs job list shows them)',
  '--key': 'cache delete, cache list: caches whose key starts with this',
  '--order': 'cache list: asc or desc (default)',
  '--raw-field': 'workflow dispatch: an input; repeat for more (at most 10 in all)',
  '--ref':
    'cache delete, cache list, workflow dispatch: the branch or tag to run on (main, v1.1.0, refs/heads/main)',
  '--repos':
    'secret set, variable set: with --org: the repository ids that may use it, comma-separated (visibility selected)',
  '--sort': 'cache list: created, last-used (default) or size',
  '--visibility':
    'secret set, variable set: with --org: which repositories may use it: all, private (default) or selected',
  '--workflow': 'list: runs of this workflow only: its id or file name (ci.yml)',
};
