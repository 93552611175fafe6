import { DAY, type Fleet, type HostFacts } from './seed.js';

/** Fields `sort_field` accepts; anything else is a 400, as the vendor rejects unknown fields. */
export const SORT_FIELDS = [
  'name',
  'host_name',
  'id',
  'status',
  'up',
  'apps',
  'cpu',
  'iowait',
  'load',
  'last_reported_time',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** Hosts older than this are gone, whatever `from` says (seed: retention 7 days). */
export const RETENTION = 7 * DAY;

export interface SearchQuery {
  filter: string;
  sortField: SortField | undefined;
  sortDir: 'asc' | 'desc';
  /** Epoch seconds: the lower bound on the last report. */
  from: number;
}

interface Entry {
  key: string;
  at: number;
  matches: Uint32Array;
}

/**
 * Finds the hosts matching a query, in order, as an index list. The list for a query is kept for the
 * rest of the sandbox second in which it was made, so that walking 100 pages of a 100,000-host fleet
 * filters and sorts once, not a hundred times; the cache holds a few lists at most.
 */
export class Search {
  private cache: Entry[] = [];

  constructor(
    private readonly fleet: Fleet,
    private readonly t0: () => number,
  ) {}

  clear(): void {
    this.cache = [];
  }

  run(q: SearchQuery, now: number): Uint32Array {
    const key = JSON.stringify([q.filter, q.sortField, q.sortDir, q.from]);
    const hit = this.cache.find((e) => e.key === key && e.at === now);
    if (hit) return hit.matches;
    const matches = this.compute(q, now);
    this.cache = [{ key, at: now, matches }, ...this.cache.filter((e) => e.at === now)].slice(0, 8);
    return matches;
  }

  private compute(q: SearchQuery, now: number): Uint32Array {
    const t0 = this.t0();
    const from = Math.max(q.from, now - RETENTION);
    const terms = parseFilter(q.filter);
    const found = new Uint32Array(this.fleet.count);
    let n = 0;
    for (let i = 0; i < this.fleet.count; i++) {
      const f = this.fleet.facts(i);
      const last = this.fleet.lastReported(f, now, t0);
      if (last < from || last > now) continue;
      if (terms.length && !terms.every((t) => this.matches(f, t))) continue;
      found[n++] = i;
    }
    const list = found.slice(0, n);
    // Index order is name order, so only other fields (or a descending name) need a sort.
    if (q.sortField && q.sortField !== 'name' && q.sortField !== 'host_name' && q.sortField !== 'id') {
      const key = this.sortKey(q.sortField, now, t0);
      const keys = new Float64Array(this.fleet.count);
      for (const i of list) keys[i] = key(this.fleet.facts(i));
      list.sort((a, b) => keys[a]! - keys[b]! || a - b);
    }
    if (q.sortDir === 'desc') list.reverse();
    return list;
  }

  private sortKey(field: SortField, now: number, t0: number): (f: HostFacts) => number {
    switch (field) {
      case 'status':
      case 'up':
        return (f) => (this.fleet.isUp(f, now, t0) ? 1 : 0);
      case 'apps':
        return (f) => this.fleet.apps(f).length;
      case 'last_reported_time':
        return (f) => this.fleet.lastReported(f, now, t0);
      default:
        return (f) => this.fleet.metrics(f)[field as 'cpu' | 'iowait' | 'load'] ?? -1;
    }
  }

  private matches(f: HostFacts, term: Term): boolean {
    if (term.tag)
      return Object.values(this.fleet.tags(f)).some((tags) =>
        tags.some((t) => t.toLowerCase() === term.text),
      );
    return (
      f.name.includes(term.text) || this.fleet.aliases(f).some((a) => a.toLowerCase().includes(term.text))
    );
  }
}

interface Term {
  text: string;
  tag: boolean;
}

/**
 * The filter: words separated by spaces or commas, all of which must match. A `key:value` word
 * matches a tag exactly; any other word matches part of the host name or of an alias. Case is ignored.
 */
export function parseFilter(filter: string): Term[] {
  return filter
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((text) => ({ text, tag: text.includes(':') }));
}
