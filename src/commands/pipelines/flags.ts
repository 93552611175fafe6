/**
 * The flags of `ops pipelines` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own: a parameter, header or
 * behaviour of this API or command that no other service has. Read by the vocabulary test and the agent
 * interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--all-branches': '5 verbs (insights jobs, insights runs…): every branch (the default)',
  '--audience': 'oidc-claims set: an audience (aud) of the tokens; repeat for several (replaces the list)',
  '--branch':
    '6 verbs (insights jobs, insights runs…): only these branches (repeatable; default every branch)',
  '--build-number': 'policy decisions list: of this build',
  '--checkout-repo':
    'definition create, definition update: external id of the repository to check out (default: the config repository)',
  '--claims': 'oidc-claims delete: which claims: audience, ttl or audience,ttl (default both)',
  '--config-path':
    'definition create, definition update: path of the config in that repository (default .circleci/config.yml)',
  '--config-repo': 'definition create: external id of the repository holding the config',
  '--context': '8 verbs (policy bundle get, policy bundle push…): policy context',
  '--description': 'definition create, definition update: what it is for',
  '--digest': 'checkout-key list: fingerprint form: md5 (default, as the service) or sha256',
  '--enabled': 'policy settings set: true or false',
  '--granularity': 'insights time-series: daily (default; 90 days kept) or hourly (48 hours kept)',
  '--job-name': 'insights jobs: only jobs whose name is or contains this',
  '--metadata-file':
    'policy evaluate: metadata for the decision: a JSON or YAML object (project_id, branch, build_number…)',
  '--offset': 'policy decisions list: skip this many decisions first',
  '--project':
    "5 verbs (insights summary, oidc-claims delete, policy decisions list…): a project by its id, slug, or name in --org (the API's project_id or slug)",
  '--ttl': 'oidc-claims set: token lifetime, e.g. 30m, 1h, 1h30m',
  '--value':
    'context restriction create: project id, group id, or an expression such as pipeline.git.branch == "main"',
  '--window':
    '4 verbs (insights jobs, insights summary…): reporting window: last-24-hours, last-7-days, last-30-days, last-60-days, last-90-days (default last-90-days)',
  '--workflow': 'insights branches, insights summary: only these workflows (repeatable)',
};
