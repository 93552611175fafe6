import type { Kit } from '../core/anatomy.js';
import { seedWorld } from './seed.js';
import type { World } from './world.js';

/** The cloud emulator's state: one world of instances, snapshots, balancers and groups (world.ts). */
export interface CloudState {
  world: World;
}

export type CloudKit = Kit<CloudState>;

/** The seed's world, on the sandbox clock. */
export function makeCloudState(k: Pick<CloudKit, 'clock'>): CloudState {
  return { world: seedWorld(k.clock.now()) };
}
