/**
 * The flags of `ops sandbox` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own. Read by the vocabulary
 * test and the agent interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--port': 'env, start: port to listen on (0 picks a free one)',
  '--sandbox-ca': 'env: CA file to export as OPS_CA_CERT (default: where `sandbox start --tls` writes it)',
  '--services': 'demo, start: only these services, comma-separated',
  '--set': 'start: emulator settings, e.g. hosts.count=100000, meter.rate_limit=500',
  '--tls': 'env, start: serve HTTPS with a self-signed certificate made at start (its path is printed)',
};
