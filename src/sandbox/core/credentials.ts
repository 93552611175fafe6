import type { SandboxService } from './entry.js';

/**
 * The sandbox's credentials by service and setting key, from the service table's declared values
 * (src/services.ts), each overridden by `OPS_SANDBOX_<SERVICE>_<KEY>` when set, e.g.
 * `OPS_SANDBOX_HOSTS_API_KEY`.
 */
export function sandboxCredentials(
  services: readonly SandboxService[],
  env: Record<string, string | undefined> = {},
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const { name, sandbox } of services) {
    out[name] = {};
    for (const [key, value] of Object.entries(sandbox.credentials)) {
      const override = env[`OPS_SANDBOX_${name.toUpperCase()}_${key.toUpperCase()}`];
      out[name][key] = override || value;
    }
  }
  return out;
}
