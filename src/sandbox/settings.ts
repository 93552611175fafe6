import { UsageError } from '../errors.js';
import { EMULATORS } from './emulators.js';

/** What one `--set` value must be. */
type Rule =
  | { kind: 'integer'; min: number }
  | { kind: 'number'; min: number }
  | { kind: 'choice'; values: readonly string[]; ignoreCase?: boolean }
  | { kind: 'pattern'; pattern: RegExp; what: string };

const integer = (min: number): Rule => ({ kind: 'integer', min });
const number = (min: number): Rule => ({ kind: 'number', min });
const choice = (...values: string[]): Rule => ({ kind: 'choice', values });
const BOOLEAN: Rule = { kind: 'choice', values: ['true', 'false'], ignoreCase: true };

/**
 * Every `ops sandbox start --set service.key=value` the emulators read, with its type: the table
 * that lets a typo or a bad value be refused at start rather than silently ignored. Each emulator's
 * index.ts documents what the setting does; test/commands/sandbox-settings.test.ts checks that
 * this table and the emulators agree.
 */
export const SANDBOX_SETTINGS: Record<string, Record<string, Rule>> = {
  secrets: {
    state: choice('unsealed', 'sealed', 'uninitialized'),
    mode: choice('active', 'standby', 'perfstandby', 'drsecondary'),
    managed: BOOLEAN,
    require_request_header: BOOLEAN,
    rate_limit: integer(0),
  },
  meter: {
    rate_limit: integer(1),
    live_api_key: { kind: 'pattern', pattern: /^\S+$/, what: 'a key without spaces' },
  },
  hosts: { count: integer(0), seed: integer(0), rate_limit: integer(1), rate_period: integer(1) },
  breach: {
    rate_per_minute: integer(1),
    stealer_rate_per_minute: integer(1),
    domain_searches_per_minute: integer(1),
  },
  runs: {
    rate_limit: integer(1),
    rate_window: integer(1),
    secondary_limit: integer(1),
    secondary_window: integer(1),
    rate_limit_status: choice('429', '403'),
    scheme: choice('http', 'https'),
    download_host: {
      kind: 'pattern',
      pattern: /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/,
      what: 'host or host:port',
    },
  },
  tasks: { rate_limit: integer(1), rate_period: integer(1) },
  db: {
    async: BOOLEAN,
    operation_seconds: number(0),
    retry_after: number(0),
    operation_outcome: choice('Succeeded', 'Failed', 'Canceled'),
    token_lifetime: number(1),
    rate_limit: integer(1),
  },
  pipelines: { page_size: integer(1), rate_limit: integer(1), rate_period: integer(1) },
  docgen: { count: integer(0), seed: integer(0), rate_limit: integer(1), rate_period: integer(1) },
  dataapi: {
    keywords: integer(0),
    backlinks: integer(0),
    seed: integer(0),
    rate_limit: integer(1),
    rate_period: integer(1),
  },
  cloud: { rate_limit: integer(0), rate_period: integer(1) },
};

/** The hint for a value its rule refuses, else undefined. */
function problem(rule: Rule, value: string): string | undefined {
  switch (rule.kind) {
    case 'integer':
      return /^\d+$/.test(value) && Number(value) >= rule.min
        ? undefined
        : `give a whole number >= ${rule.min}`;
    case 'number':
      return /^\d+(\.\d+)?$/.test(value) && Number(value) >= rule.min
        ? undefined
        : `give a number >= ${rule.min}`;
    case 'choice':
      return rule.values.some((v) =>
        rule.ignoreCase ? v.toLowerCase() === value.toLowerCase() : v === value,
      )
        ? undefined
        : `give one of: ${rule.values.join(', ')}`;
    case 'pattern':
      return rule.pattern.test(value) ? undefined : `give ${rule.what}`;
  }
}

/** The names of the emulators, the only values `--services` takes. */
export function emulatorNames(): string[] {
  return Object.keys(EMULATORS);
}

/** `--services a,b`: every name must be an emulator; the list is checked before anything starts. */
export function checkSandboxServices(services: readonly string[], flag = '--services'): void {
  const known = emulatorNames();
  if (services.length === 0) throw new UsageError(`${flag} is empty`, `give some of: ${known.join(', ')}`);
  for (const name of services)
    if (!known.includes(name))
      throw new UsageError(`${flag}: no emulator for "${name}"`, `emulators: ${known.join(', ')}`);
}

/**
 * `--set service.key=value`: the key must be one an emulator reads, of a service that will run, and
 * the value of its type. Checked before the sandbox starts, so a typo is exit 2, not a silent default.
 */
export function checkSandboxSettings(settings: Record<string, string>, services?: readonly string[]): void {
  for (const [key, value] of Object.entries(settings)) {
    const dot = key.indexOf('.');
    const service = dot > 0 ? key.slice(0, dot) : '';
    const keys = SANDBOX_SETTINGS[service];
    if (!keys)
      throw new UsageError(
        `unknown --set key "${key}"`,
        `keys are service.setting, with a service among: ${Object.keys(SANDBOX_SETTINGS).join(', ')}`,
      );
    const rule = keys[key.slice(dot + 1)];
    const list = Object.keys(keys)
      .map((k) => `${service}.${k}`)
      .join(', ');
    if (!rule) throw new UsageError(`unknown --set key "${key}"`, `${service} has: ${list}`);
    if (services && !services.includes(service))
      throw new UsageError(
        `--set ${key}: ${service} is not among --services`,
        `add ${service} to --services, or drop the setting`,
      );
    const hint = problem(rule, value);
    if (hint) throw new UsageError(`invalid --set ${key}="${value}"`, hint);
  }
}
