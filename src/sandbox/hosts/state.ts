import type { Kit } from '../core/anatomy.js';
import type { Mute } from './errors.js';
import { type Fleet, HOUR } from './seed.js';

export interface HostsState {
  /** When the sandbox started (or was reset), in seconds: hosts report relative to it. */
  t0: number;
  mutes: Map<number, Mute>;
  counts: { requests: number; forbidden: number; rateLimited: number; invalid: number };
}

export type HostsKit = Kit<HostsState>;

/** The mute in force for a host, dropping one whose end has passed on the sandbox clock. */
export function muteOf(k: HostsKit, index: number): Mute | undefined {
  const { mutes } = k.state();
  const m = mutes.get(index);
  if (m && m.end !== undefined && m.end <= k.clock.nowSeconds()) {
    mutes.delete(index);
    return undefined;
  }
  return m;
}

/** The state of a fresh sandbox: its start, and two mutes of the seed, one with an end, one until unmuted. */
export function makeHostsState(k: Omit<HostsKit, 'state'>, { fleet }: { fleet: Fleet }): HostsState {
  const t0 = k.clock.nowSeconds();
  // Two mutes in the seed data: one with an end, one until unmuted, so that lists show both.
  const mutes = new Map<number, Mute>();
  const a = fleet.firstOf('db');
  if (a >= 0) mutes.set(a, { end: t0 + 2 * HOUR, message: 'kernel upgrade' });
  const b = fleet.firstOf('queue');
  if (b >= 0) mutes.set(b, { end: undefined, message: 'decommissioning' });
  return { t0, mutes, counts: { requests: 0, forbidden: 0, rateLimited: 0, invalid: 0 } };
}
