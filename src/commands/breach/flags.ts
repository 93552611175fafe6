/**
 * The flags of `ops breach` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own: a parameter, header or
 * behaviour of this API or command that no other service has. Read by the vocabulary test and the agent
 * interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--count': 'latest: with --watch: stop after n changes (default: until Ctrl-C, which exits 130)',
  '--domain': 'account, list: only breaches of this site',
  '--email': 'stealer-logs: website domains captured with this address (its email domain must be verified)',
  '--email-domain': 'stealer-logs: each address of a verified email domain with its website domains',
  '--full': 'account: the full breach model instead of names only (truncateResponse=false)',
  '--no-spam-list': 'list: leave spam lists out',
  '--no-unverified': 'account: leave unverified breaches out (IncludeUnverified=false)',
  '--rate-per-minute': 'account: requests per minute with --file (default: breach.rate_per_minute, else 10)',
  '--shard':
    'account: take only shard K of N of the lines of --file (lines whose number modulo N is K-1), to split one input across machines; auto reads it from the job system running the copies (env OPS_SHARD)',
  '--spam-list': 'list: only spam lists',
  '--watch':
    'latest: poll every interval (30s, 5m, 1h; at least 1s) and print when the latest breach changes',
  '--website': 'stealer-logs: email addresses captured on this website (the website domain must be verified)',
};
