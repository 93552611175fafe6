import type { EmulatorFactory } from './framework.js';

/** The emulators, one line a service, loaded when the sandbox starts. */
export const EMULATORS: Record<string, () => Promise<EmulatorFactory>> = {
  secrets: async () => (await import('./secrets/index.js')).createEmulator,
  meter: async () => (await import('./meter/index.js')).createEmulator,
  hosts: async () => (await import('./hosts/index.js')).createEmulator,
  breach: async () => (await import('./breach/index.js')).createEmulator,
  runs: async () => (await import('./runs/index.js')).createEmulator,
  tasks: async () => (await import('./tasks/index.js')).createEmulator,
  db: async () => (await import('./db/index.js')).createEmulator,
  pipelines: async () => (await import('./pipelines/index.js')).createEmulator,
  docgen: async () => (await import('./docgen/index.js')).createEmulator,
  dataapi: async () => (await import('./dataapi/index.js')).createEmulator,
  cloud: async () => (await import('./cloud/index.js')).createEmulator,
};
