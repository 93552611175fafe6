/**
 * The sandbox's side of a service, as the service table (src/services.ts) declares it: declared here,
 * beside the emulators, so that the sandbox imports nothing from the composition root above it.
 */

/** What one `ops sandbox start --set service.key=value` must be. */
export type SettingRule =
  | { kind: 'integer'; min: number; default?: number }
  | { kind: 'number'; min: number; default?: number }
  | { kind: 'choice'; values: readonly string[]; ignoreCase?: boolean; default?: string }
  | { kind: 'pattern'; pattern: RegExp; what: string; default?: string };

/** The sandbox's side of a service. */
export interface ServiceSandbox {
  /**
   * Loads the emulator (src/sandbox/<service>/index.ts) when the sandbox starts; its `createEmulator`
   * is an `EmulatorFactory` of src/sandbox/core/framework.ts, checked where the table names it.
   */
  emulator: () => Promise<{ createEmulator: unknown }>;
  /**
   * The fixed, documented credentials the emulator accepts (and options that go with them), by
   * profile key (`hosts.api_key` ↔ `OPS_HOSTS_API_KEY`); `OPS_SANDBOX_<SERVICE>_<KEY>` overrides each
   * when the sandbox starts.
   */
  credentials: Record<string, string>;
  /** Every `--set service.key=value` the emulator reads, with its type; each emulator documents its use. */
  settings: Record<string, SettingRule>;
}

/** A service as the sandbox knows it: its name and its sandbox side. */
export interface SandboxService {
  name: string;
  sandbox: ServiceSandbox;
}
