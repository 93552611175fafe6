import type { ServiceEntry } from './app/types.js';
import type { ServiceDescriptor } from './clients/descriptor.js';
import type { EmulatorFactory } from './sandbox/core/framework.js';
import { choice, choiceOf, flag, integer, number, pattern } from './sandbox/core/settings.js';

export type { ServiceCommands, ServiceEntry } from './app/types.js';

const d = (load: () => Promise<{ descriptor: ServiceDescriptor }>) => async () => (await load()).descriptor;
/** An emulator's module, typed here: the table is where its factory is checked. */
const e = (load: () => Promise<{ createEmulator: EmulatorFactory }>) => load;

/** The settings of a sandbox authorization server (src/sandbox/core/oauth/mount.ts). */
const OAUTH_SETTINGS = {
  token_lifetime: number(1, 3599),
  device_approval: choice('visit', 'immediate'),
  device_interval: number(0, 5),
};

/**
 * The service table: each service declared once, with what every layer needs — its commands and
 * client (descriptor), its emulator, the sandbox's credentials and `--set` settings, and the OpenAPI
 * description the conformance tests check it against. Nothing here is loaded until a command needs
 * it, so `ops --version` and `ops <service> --help` stay near Node's own start time.
 */
export const SERVICES: readonly ServiceEntry[] = [
  {
    name: 'secrets',
    summary: 'Secrets store: KV secrets, login, status',
    example: 'ops secrets status',
    mainSettings: ['token', 'namespace'],
    descriptor: d(() => import('./clients/secrets/index.js')),
    commands: () => import('./commands/secrets/index.js'),
    sandbox: {
      emulator: e(() => import('./sandbox/secrets/index.js')),
      credentials: { token: 'sandbox-root-token' },
      settings: {
        state: choice('unsealed', 'sealed', 'uninitialized'),
        mode: choice('active', 'standby', 'perfstandby', 'drsecondary'),
        managed: flag(false),
        require_request_header: flag(false),
        // Requests a second; 0 is no limit.
        rate_limit: integer(0, 0),
      },
    },
    spec: 'secrets.openapi.json',
  },
  {
    name: 'meter',
    summary: 'Usage metering: sessions and streamed meter events',
    example: 'ops meter session create',
    mainSettings: ['api_key', 'api_version'],
    descriptor: d(() => import('./clients/meter/index.js')),
    commands: () => import('./commands/meter/index.js'),
    sandbox: {
      emulator: e(() => import('./sandbox/meter/index.js')),
      credentials: { api_key: 'sk_test_sandbox_meter' },
      // The seed: up to 10,000 stream requests a second in live mode.
      settings: { rate_limit: integer(1, 10_000), live_api_key: pattern(/^\S+$/, 'a key without spaces') },
    },
    spec: 'meter.openapi.json',
  },
  {
    name: 'hosts',
    summary: 'Host monitoring: list, totals, mute',
    example: 'ops hosts list --limit 5',
    mainSettings: ['api_key', 'app_key'],
    descriptor: d(() => import('./clients/hosts/index.js')),
    commands: () => import('./commands/hosts/index.js'),
    sandbox: {
      emulator: e(() => import('./sandbox/hosts/index.js')),
      credentials: { api_key: 'sandbox-hosts-api-key', app_key: 'sandbox-hosts-app-key' },
      settings: {
        count: integer(0, 120),
        seed: integer(0, 1),
        rate_limit: integer(1, 1000),
        rate_period: integer(1, 60),
      },
    },
    spec: 'hosts.openapi.json',
  },
  {
    name: 'breach',
    summary: 'Breach lookup: accounts, domains, breaches, stealer logs',
    example: 'ops breach account test@example.com',
    mainSettings: ['api_key', 'user_agent', 'rate_per_minute'],
    descriptor: d(() => import('./clients/breach/index.js')),
    commands: () => import('./commands/breach/index.js'),
    sandbox: {
      emulator: e(() => import('./sandbox/breach/index.js')),
      // The key's tier rate goes with the key.
      credentials: { api_key: 'sandbox-breach-key', rate_per_minute: '1000' },
      settings: {
        rate_per_minute: integer(1, 1000),
        // A tenth of the key's rate when not set.
        stealer_rate_per_minute: integer(1),
        domain_searches_per_minute: integer(1, 20),
      },
    },
    // The vendor publishes no description (specs/README.md).
    spec: null,
  },
  {
    name: 'runs',
    summary: 'Workflow automation: runs, jobs, workflows, artifacts, caches, secrets, variables, runners',
    example: 'ops runs list --limit 5',
    mainSettings: ['token', 'repo', 'org', 'web_host'],
    descriptor: d(() => import('./clients/runs/index.js')),
    commands: () => import('./commands/runs/index.js'),
    sandbox: {
      emulator: e(() => import('./sandbox/runs/index.js')),
      // web_host: where the emulator's html_urls point, so that a clone's remote there names the repository.
      credentials: {
        token: 'sandbox-runs-token',
        repo: 'octo-org/hello-world',
        org: 'octo-org',
        web_host: 'src.example.com',
      },
      settings: {
        rate_limit: integer(1, 5000),
        rate_window: integer(1, 3600),
        secondary_limit: integer(1, 900),
        secondary_window: integer(1, 60),
        rate_limit_status: choice('429', '403'),
        // The sandbox's own scheme when not set (https with --tls).
        scheme: choiceOf('http', 'https'),
        download_host: pattern(/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/, 'host or host:port'),
      },
    },
    spec: 'runs.openapi.json',
  },
  {
    name: 'tasks',
    summary: 'Task lists and tasks: add, update, complete, move, clear',
    example: 'ops tasks list',
    mainSettings: ['token'],
    descriptor: d(() => import('./clients/tasks/index.js')),
    commands: () => import('./commands/tasks/index.js'),
    sandbox: {
      emulator: e(() => import('./sandbox/tasks/index.js')),
      credentials: {
        token: 'sandbox-tasks-token',
        // The installed-app client of the sandbox's authorization server, under its /tasks prefix.
        auth_url: '/tasks',
        client_id: 'sandbox-tasks-client.apps.googleusercontent.com',
        client_secret: 'GOCSPX-sandbox-tasks-client-secret',
      },
      settings: { rate_limit: integer(1, 1000), rate_period: integer(1, 60), ...OAUTH_SETTINGS },
    },
    spec: 'tasks.openapi.json',
  },
  {
    name: 'db',
    summary: 'Database role assignment: login, role assignments and definitions',
    example: 'ops db role-assignment list',
    mainSettings: ['token', 'auth_url', 'client_id', 'api_version'],
    descriptor: d(() => import('./clients/db/index.js')),
    commands: () => import('./commands/db/index.js'),
    sandbox: {
      emulator: e(() => import('./sandbox/db/index.js')),
      credentials: {
        token: 'sandbox-db-token',
        subscription: '5f1e9a3c-7d2b-4c8e-9f0a-1b2c3d4e5f60',
        resource_group: 'sandbox-rg',
        account: 'sandbox-docs',
        // Relative to the base URL: the sandbox's authorize endpoint is under its /db prefix, whatever the port.
        auth_url: '/db',
        client_id: '8a0c6e2f-4b1d-4f3a-9e7c-5d2b1a0f9e8d',
        client_secret: 'sandbox-db-client-secret',
        // The sandbox directory's tenant id: the client-credentials grant needs one.
        tenant: 'c0ffee00-1234-4abc-9def-0123456789ab',
      },
      settings: {
        async: flag(true),
        operation_seconds: number(0, 2),
        retry_after: number(0, 1),
        operation_outcome: choice('Succeeded', 'Failed', 'Canceled'),
        rate_limit: integer(1, 1200),
        ...OAUTH_SETTINGS,
      },
    },
    spec: 'roles.openapi.json',
  },
  {
    name: 'pipelines',
    summary: 'Pipeline administration: contexts, insights, policies, projects, keys',
    example: 'ops pipelines context list --org gh/acme',
    mainSettings: ['token'],
    descriptor: d(() => import('./clients/pipelines/index.js')),
    commands: () => import('./commands/pipelines/index.js'),
    sandbox: {
      emulator: e(() => import('./sandbox/pipelines/index.js')),
      credentials: { token: 'sandbox-pipelines-token', org: 'd1c91133-b7d0-4bb8-ae74-11c794816047' },
      // page_size: the API's own page sizes when not set.
      settings: { page_size: integer(1), rate_limit: integer(1, 1000), rate_period: integer(1, 60) },
    },
    spec: 'pipelines.openapi.json',
  },
  {
    name: 'docgen',
    summary: 'Document generation: jobs by user, batch and template',
    example: 'ops docgen jobs list --limit 10',
    mainSettings: ['token'],
    descriptor: d(() => import('./clients/docgen/index.js')),
    commands: () => import('./commands/docgen/index.js'),
    sandbox: {
      emulator: e(() => import('./sandbox/docgen/index.js')),
      credentials: {
        token: 'sandbox-docgen-token',
        auth_url: '/docgen',
        client_id: 'sandboxdocgenclient0000000000000',
        client_secret: 'sandbox-docgen-client-secret',
        // The enterprise the client-credentials grant signs in as (its service account).
        subject_id: '88104512',
      },
      settings: {
        count: integer(0, 2400),
        seed: integer(0, 1),
        rate_limit: integer(1, 1000),
        rate_period: integer(1, 60),
        ...OAUTH_SETTINGS,
      },
    },
    spec: 'docgen.openapi.json',
  },
  {
    name: 'dataapi',
    summary: 'Data API error reports: failed tasks and webhooks, resend',
    example: 'ops dataapi errors keywords',
    mainSettings: ['login', 'password'],
    descriptor: d(() => import('./clients/dataapi/index.js')),
    commands: () => import('./commands/dataapi/index.js'),
    sandbox: {
      emulator: e(() => import('./sandbox/dataapi/index.js')),
      credentials: { login: 'sandbox@example.com', password: 'sandbox-dataapi-password' },
      settings: {
        keywords: integer(0, 1200),
        backlinks: integer(0, 240),
        seed: integer(0, 1),
        rate_limit: integer(1, 2000),
        rate_period: integer(1, 60),
      },
    },
    spec: 'dataapi.openapi.json',
  },
  {
    name: 'cloud',
    summary: 'Cloud hosting: instances, snapshots, metrics, load balancers, groups',
    example: 'ops cloud instance list',
    mainSettings: ['api_key'],
    descriptor: d(() => import('./clients/cloud/index.js')),
    commands: () => import('./commands/cloud/index.js'),
    sandbox: {
      emulator: e(() => import('./sandbox/cloud/index.js')),
      credentials: { api_key: 'sandbox-cloud-api-key' },
      // rate_limit: requests per period; 0 is no limit (the vendor documents none).
      settings: { rate_limit: integer(0, 0), rate_period: integer(1, 60) },
    },
    spec: 'cloud.openapi.json',
  },
];

export const SERVICE_NAMES = SERVICES.map((s) => s.name);

export function findService(name: string): ServiceEntry | undefined {
  return SERVICES.find((s) => s.name === name);
}
