import type { ServiceEntry } from './app/types.js';
import type { ServiceDescriptor } from './clients/descriptor.js';

export type { ServiceCommands, ServiceEntry } from './app/types.js';

const d = (load: () => Promise<{ descriptor: ServiceDescriptor }>) => async () => (await load()).descriptor;

/**
 * The service table: one line a service. Nothing here is loaded until a command needs it, so
 * `ops --version` and `ops <service> --help` stay near Node's own start time.
 */
export const SERVICES: readonly ServiceEntry[] = [
  {
    name: 'secrets',
    summary: 'Secrets store: KV secrets, login, status',
    descriptor: d(() => import('./clients/secrets/index.js')),
    commands: () => import('./commands/secrets/index.js'),
  },
  {
    name: 'meter',
    summary: 'Usage metering: sessions and streamed meter events',
    descriptor: d(() => import('./clients/meter/index.js')),
    commands: () => import('./commands/meter/index.js'),
  },
  {
    name: 'hosts',
    summary: 'Host monitoring: list, totals, mute',
    descriptor: d(() => import('./clients/hosts/index.js')),
    commands: () => import('./commands/hosts/index.js'),
  },
  {
    name: 'breach',
    summary: 'Breach lookup: accounts, domains, breaches, stealer logs',
    descriptor: d(() => import('./clients/breach/index.js')),
    commands: () => import('./commands/breach/index.js'),
  },
  {
    name: 'runs',
    summary: 'Workflow automation: runs, jobs, workflows, artifacts, caches, secrets, variables, runners',
    descriptor: d(() => import('./clients/runs/index.js')),
    commands: () => import('./commands/runs/index.js'),
  },
  {
    name: 'tasks',
    summary: 'Task lists and tasks: add, update, complete, move, clear',
    descriptor: d(() => import('./clients/tasks/index.js')),
    commands: () => import('./commands/tasks/index.js'),
  },
  {
    name: 'db',
    summary: 'Database role assignment: login, role assignments and definitions',
    descriptor: d(() => import('./clients/db/index.js')),
    commands: () => import('./commands/db/index.js'),
  },
  {
    name: 'pipelines',
    summary: 'Pipeline administration: contexts, insights, policies, projects, keys',
    descriptor: d(() => import('./clients/pipelines/index.js')),
    commands: () => import('./commands/pipelines/index.js'),
  },
  {
    name: 'docgen',
    summary: 'Document generation: jobs by user, batch and template',
    descriptor: d(() => import('./clients/docgen/index.js')),
    commands: () => import('./commands/docgen/index.js'),
  },
  {
    name: 'dataapi',
    summary: 'Data API error reports: failed tasks and webhooks, resend',
    descriptor: d(() => import('./clients/dataapi/index.js')),
    commands: () => import('./commands/dataapi/index.js'),
  },
  {
    name: 'cloud',
    summary: 'Cloud hosting: instances, snapshots, metrics, load balancers, groups',
    descriptor: d(() => import('./clients/cloud/index.js')),
    commands: () => import('./commands/cloud/index.js'),
  },
];

export const SERVICE_NAMES = SERVICES.map((s) => s.name);

export function findService(name: string): ServiceEntry | undefined {
  return SERVICES.find((s) => s.name === name);
}
