import { type Emulator, type SandboxContext, json } from '../framework.js';

// Placeholder until the service's emulator lands.
export function createEmulator(_ctx: SandboxContext): Emulator {
  return { name: 'meter', handle: () => json(501, { errors: ['not implemented'] }), reset: () => undefined };
}
