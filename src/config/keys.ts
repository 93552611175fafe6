import { UsageError } from '../errors.js';
import type { ServiceDescriptor } from '../clients/descriptor.js';
import { GLOBAL_KEYS } from './settings.js';
import { GLOBAL_DEFAULTS, GLOBAL_RULES } from './values.js';

/** A service as the key list needs it: its name and descriptor (the service table's entries fit). */
export interface KeySource {
  name: string;
  descriptor(): Promise<Pick<ServiceDescriptor, 'title' | 'settings'>>;
}

export interface KeySpec {
  key: string;
  description: string;
  secret: boolean;
  default?: string | undefined;
  /** A hint for a bad value, undefined when it is fine (`ops config set` checks before storing). */
  check?: ((value: string) => string | undefined) | undefined;
}

const GLOBAL_DESCRIPTIONS: Record<(typeof GLOBAL_KEYS)[number], string> = {
  output: 'default output format',
  timeout: 'per-request timeout in seconds',
  retries: 'retry budget',
  max_wait: 'longest wait for one retry, seconds',
  ca_cert: 'extra CA certificate (PEM file)',
  insecure: 'skip TLS verification (true/false)',
};

/** Every key a profile may hold: the global ones and each service's `base_url` and settings. */
export async function knownKeys(services: readonly KeySource[]): Promise<KeySpec[]> {
  const keys: KeySpec[] = GLOBAL_KEYS.map((k) => ({
    key: k,
    description: GLOBAL_DESCRIPTIONS[k],
    secret: false,
    default: GLOBAL_DEFAULTS[k],
    check: GLOBAL_RULES[k],
  }));
  for (const s of services) {
    const d = await s.descriptor();
    keys.push({ key: `${s.name}.base_url`, description: `${d.title} address`, secret: false });
    for (const spec of d.settings) {
      keys.push({
        key: `${s.name}.${spec.key}`,
        description: spec.description,
        secret: Boolean(spec.secret),
        default: spec.default,
        check: spec.check?.bind(spec),
      });
    }
  }
  return keys;
}

export async function findKey(key: string, services: readonly KeySource[]): Promise<KeySpec> {
  const keys = await knownKeys(services);
  const spec = keys.find((k) => k.key === key);
  if (!spec) {
    const service = key.split('.')[0];
    const near = keys.filter((k) => k.key.startsWith(`${service}.`)).map((k) => k.key);
    throw new UsageError(
      `unknown setting "${key}"`,
      near.length ? `${service} has: ${near.join(', ')}` : 'run `ops config list --all` to see every key',
    );
  }
  return spec;
}
