import type { EmulatorFactory } from './framework.js';

/** The emulators, one line a service, loaded when the sandbox starts. */
export const EMULATORS: Record<string, () => Promise<EmulatorFactory>> = {
  secrets: async () => (await import('./secrets/index.js')).createEmulator,
  meter: async () => (await import('./meter/index.js')).createEmulator,
  hosts: async () => (await import('./hosts/index.js')).createEmulator,
  breach: async () => (await import('./breach/index.js')).createEmulator,
  runs: async () => (await import('./runs/index.js')).createEmulator,
};
