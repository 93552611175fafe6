import { type Clock, type Reply, json } from '../core/framework.js';
import { type Fleet, HOUR } from './seed.js';
import { type Mute, fail } from './errors.js';
import { RETENTION, SORT_FIELDS, type Search, type SortField } from './search.js';
import { pageAt } from '../core/paging.js';

export interface HostsEnv {
  fleet: Fleet;
  search: Search;
  clock: Clock;
  t0: () => number;
  muteOf(index: number): Mute | undefined;
}

const MAX_COUNT = 1000;
const DEFAULT_COUNT = 100;
/** Hosts live within the past three hours are listed when `from` is absent (seed). */
const DEFAULT_WINDOW = 3 * HOUR;

function int(q: URLSearchParams, name: string, o: { min: number; max?: number }): number | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) throw fail(400, `Invalid ${name}: "${raw}" is not an integer`);
  const n = Number(raw);
  if (n < o.min) throw fail(400, `Invalid ${name}: must be at least ${o.min}`);
  if (o.max !== undefined && n > o.max) throw fail(400, `Invalid ${name}: must be at most ${o.max}`);
  return n;
}

function bool(q: URLSearchParams, name: string): boolean {
  const raw = q.get(name);
  if (raw === null || raw === '') return false;
  if (raw !== 'true' && raw !== 'false') throw fail(400, `Invalid ${name}: give true or false`);
  return raw === 'true';
}

/** GET /api/v1/hosts: `start` is a 0-based offset into the matching hosts (see docs/hosts.md). */
export function listHosts(env: HostsEnv, q: URLSearchParams): Reply {
  const start = int(q, 'start', { min: 0 }) ?? 0;
  const count = int(q, 'count', { min: 0, max: MAX_COUNT }) ?? DEFAULT_COUNT;
  const from = int(q, 'from', { min: 0 });
  const sortDir = q.get('sort_dir') || 'asc';
  if (sortDir !== 'asc' && sortDir !== 'desc')
    throw fail(400, `Invalid sort_dir: "${sortDir}"; use asc or desc`);
  const sortField = q.get('sort_field') || undefined;
  if (sortField !== undefined && !(SORT_FIELDS as readonly string[]).includes(sortField)) {
    throw fail(400, `Invalid sort_field: "${sortField}"; use one of ${SORT_FIELDS.join(', ')}`);
  }
  const includeMuted = bool(q, 'include_muted_hosts_data');
  const includeMeta = bool(q, 'include_hosts_metadata');
  const now = env.clock.nowSeconds();
  const matches = env.search.run(
    {
      filter: q.get('filter') ?? '',
      sortField: sortField as SortField | undefined,
      sortDir,
      from: from ?? now - DEFAULT_WINDOW,
    },
    now,
  );
  const page = pageAt(matches, start, count).items;
  const host_list = Array.from(page, (i) => hostWire(env, i, now, includeMuted, includeMeta));
  return json(200, { host_list, total_matching: matches.length, total_returned: host_list.length });
}

/** One host as the API gives it; fields in the vendor's (alphabetical) order. */
function hostWire(
  env: HostsEnv,
  index: number,
  now: number,
  includeMuted: boolean,
  includeMeta: boolean,
): Record<string, unknown> {
  const { fleet } = env;
  const f = fleet.facts(index);
  const mute = env.muteOf(index);
  return {
    aliases: fleet.aliases(f),
    apps: fleet.apps(f),
    ...(f.aws ? { aws_name: fleet.awsId(index) } : {}),
    host_name: f.name,
    id: fleet.id(index),
    is_muted: mute !== undefined,
    last_reported_time: fleet.lastReported(f, now, env.t0()),
    ...(includeMeta ? { meta: fleet.meta(f) } : {}),
    metrics: fleet.metrics(f),
    ...(includeMuted ? { mute_timeout: mute?.end ?? null } : {}),
    name: f.name,
    sources: fleet.sources(f),
    tags_by_source: fleet.tags(f),
    up: fleet.isUp(f, now, env.t0()),
  };
}

/**
 * GET /api/v1/hosts/totals. Active: reported in the past hour (UP or ???); up: UP and reported in the
 * past two hours (seed). A `from` replaces the lower bound of both windows.
 */
export function totals(env: HostsEnv, q: URLSearchParams): Reply {
  const from = int(q, 'from', { min: 0 });
  const now = env.clock.nowSeconds();
  const t0 = env.t0();
  const { fleet } = env;
  const activeFrom = Math.max(from ?? now - HOUR, now - RETENTION);
  const upFrom = Math.max(from ?? now - 2 * HOUR, now - RETENTION);
  let active = 0;
  let up = 0;
  for (let i = 0; i < fleet.count; i++) {
    const f = fleet.facts(i);
    const last = fleet.lastReported(f, now, t0);
    if (last > now) continue;
    if (last >= activeFrom) active++;
    if (last >= upFrom && fleet.isUp(f, now, t0)) up++;
  }
  return json(200, { total_active: active, total_up: up });
}
