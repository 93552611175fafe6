import { createHash } from 'node:crypto';

/**
 * A digest of an emulator's state, the same for equal states: Maps and Sets by their entries in order,
 * bytes by their own digest, functions left out. What `/__sandbox/state` answers, so that a test can
 * ask whether a call changed anything. JSON.stringify walks it: a walk by hand takes seconds on the
 * runs world.
 */
export function stateDigest(state: unknown): string {
  const seen = new WeakSet<object>();
  const text = JSON.stringify(state, function (this: unknown, _key, v: unknown) {
    if (v === null || typeof v !== 'object') return typeof v === 'bigint' ? String(v) : v;
    if (v instanceof Uint8Array) return `bytes:${createHash('sha256').update(v).digest('hex')}`;
    // A shared object (the clock, the options) seen again, or a cycle: said once.
    if (seen.has(v)) return '(seen)';
    seen.add(v);
    if (v instanceof Map) return { map: [...v] };
    if (v instanceof Set) return { set: [...v] };
    return v;
  });
  return createHash('sha256')
    .update(text ?? '')
    .digest('hex')
    .slice(0, 16);
}

/** A digest of each top-level part of a state (`{fleet: …, counts: …}`), so that a change is placed. */
export function stateDigests(state: unknown): Record<string, string> {
  if (state === null || typeof state !== 'object') return { '': stateDigest(state) };
  return Object.fromEntries(Object.entries(state).map(([k, v]) => [k, stateDigest(v)]));
}
