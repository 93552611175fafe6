/**
 * The flags of `ops hosts` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own: a parameter, header or
 * behaviour of this API or command that no other service has. Read by the vocabulary test and the agent
 * interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--count': 'list: hosts per request, at most 1000 (alone: print one page of this size)',
  '--end': 'mute: when the mute ends: a duration from now (30m, 1h, 2d), epoch seconds or an ISO time',
  '--filter': 'list: words that must all match: key:value matches a tag, other words part of a name or alias',
  '--include-metadata': 'list: include agent version, platform, processor and other metadata (meta)',
  '--include-muted': 'list: include mute expiry (mute_timeout); the table then shows until when',
  '--message': 'mute: why the host is muted',
  '--override': 'mute: replace the mute of a host that is already muted',
  '--sort-dir': 'list: asc or desc',
  '--sort-field':
    'list: sort by name, host_name, id, status, up, apps, cpu, iowait, load, last_reported_time',
  '--start': 'list: offset of the first host, 0-based',
};
