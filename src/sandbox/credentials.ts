/**
 * The sandbox's fixed, documented credentials (and the options that go with them, such as the
 * breach key's tier rate), by service and setting key (the same keys as the
 * profile: `hosts.api_key` ↔ `OPS_HOSTS_API_KEY`). Each can be overridden when the sandbox starts
 * with `OPS_SANDBOX_<SERVICE>_<KEY>`, e.g. `OPS_SANDBOX_HOSTS_API_KEY`.
 */
export const SANDBOX_CREDENTIALS: Record<string, Record<string, string>> = {
  secrets: { token: 'sandbox-root-token' },
  meter: { api_key: 'sk_test_sandbox_meter' },
  hosts: { api_key: 'sandbox-hosts-api-key', app_key: 'sandbox-hosts-app-key' },
  breach: { api_key: 'sandbox-breach-key', rate_per_minute: '1000' },
  runs: { token: 'sandbox-runs-token', repo: 'octo-org/hello-world', org: 'octo-org' },
  tasks: { token: 'sandbox-tasks-token' },
  db: {
    token: 'sandbox-db-token',
    subscription: '5f1e9a3c-7d2b-4c8e-9f0a-1b2c3d4e5f60',
    resource_group: 'sandbox-rg',
    account: 'sandbox-docs',
    // Relative to the base URL: the sandbox's authorize endpoint is under its /db prefix, whatever the port.
    auth_url: '/db',
    client_id: '8a0c6e2f-4b1d-4f3a-9e7c-5d2b1a0f9e8d',
  },
  pipelines: { token: 'sandbox-pipelines-token', org: 'd1c91133-b7d0-4bb8-ae74-11c794816047' },
  docgen: { token: 'sandbox-docgen-token' },
  dataapi: { login: 'sandbox@example.com', password: 'sandbox-dataapi-password' },
  cloud: { api_key: 'sandbox-cloud-api-key' },
};

export function sandboxCredentials(
  env: Record<string, string | undefined>,
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [service, keys] of Object.entries(SANDBOX_CREDENTIALS)) {
    out[service] = {};
    for (const [key, value] of Object.entries(keys)) {
      const override = env[`OPS_SANDBOX_${service.toUpperCase()}_${key.toUpperCase()}`];
      out[service][key] = override || value;
    }
  }
  return out;
}
