import {
  type Emulator,
  type Reply,
  Router,
  type SandboxContext,
  type SandboxRequest,
  json,
  readJson,
} from '../framework.js';
import { declaredSettings } from '../declared.js';
import { Gate } from '../gate.js';
import { type Mute, fail } from './errors.js';
import { Fleet, HOUR } from './fleet.js';
import { CalendarRateLimit } from './rate-limit.js';
import { listHosts, totals } from './list.js';
import { Search } from './search.js';

/** Application key of the documented second pair: valid, but without the hosts_read permission. */
export const NO_HOSTS_READ_APP_KEY = 'sandbox-hosts-app-key-no-hosts-read';

/**
 * Host monitoring (seed 000 C, reference §C): host list with filter, sort, paging, liveness window and
 * include flags; totals; mute and unmute with expiry on the sandbox clock; key pair checks with a
 * pair that lacks hosts_read; calendar-aligned rate limits with the X-RateLimit-* headers.
 *
 * Settings (`ops sandbox start --set`): hosts.count (default 120), hosts.seed, hosts.rate_limit
 * (requests per period and operation, default 1000), hosts.rate_period (seconds, default 60).
 */
export function createEmulator(ctx: SandboxContext): Emulator {
  const settings = declaredSettings(ctx, 'hosts');
  const fleet = new Fleet(settings.int('count'), settings.int('seed'));
  const rate = new CalendarRateLimit(ctx.clock, settings.int('rate_limit'), settings.int('rate_period'));
  const creds = ctx.options.credentials.hosts ?? {};
  let t0 = ctx.clock.nowSeconds();
  const search = new Search(fleet, () => t0);
  const mutes = new Map<number, Mute>();
  const counts = { requests: 0, forbidden: 0, rateLimited: 0, invalid: 0 };

  function seedMutes(): void {
    mutes.clear();
    // Two mutes in the seed data: one with an end, one until unmuted, so that lists show both.
    const a = fleet.firstOf('db');
    if (a >= 0) mutes.set(a, { end: t0 + 2 * HOUR, message: 'kernel upgrade' });
    const b = fleet.firstOf('queue');
    if (b >= 0) mutes.set(b, { end: undefined, message: 'decommissioning' });
  }
  seedMutes();

  /** The mute in force for a host, dropping one whose end has passed on the sandbox clock. */
  function muteOf(index: number): Mute | undefined {
    const m = mutes.get(index);
    if (m && m.end !== undefined && m.end <= ctx.clock.nowSeconds()) {
      mutes.delete(index);
      return undefined;
    }
    return m;
  }

  /** The key pair, then the calendar-aligned limit of the operation; the rate headers go on every answer. */
  const gate = new Gate<void, string>({
    clock: ctx.clock,
    counts,
    authenticate(req) {
      const apiKey = req.headers['x-monitor-api-key'];
      const appKey = req.headers['x-monitor-application-key'];
      if (
        !apiKey ||
        !appKey ||
        apiKey !== creds.api_key ||
        (appKey !== creds.app_key && appKey !== NO_HOSTS_READ_APP_KEY)
      )
        throw fail(403, 'Forbidden');
      // The seed asks hosts_read of the whole API (reference §C marks the vendor's narrower rule Δ).
      if (appKey === NO_HOSTS_READ_APP_KEY)
        throw fail(403, 'Forbidden: this application key does not have the hosts_read permission');
    },
    rate: {
      limiter: rate,
      key: (_req, _grant, limitName) => limitName,
      refuse: () => json(429, { errors: ['Too many requests'] }),
      headers: (hit) => hit.headers ?? {},
    },
    tally: (reply) => (reply.status === 400 ? 'invalid' : undefined),
  });
  const guarded = (limitName: string, handler: (req: SandboxRequest) => Reply) =>
    gate.guard((req) => handler(req), limitName);

  function hostIndex(req: SandboxRequest): number {
    const name = req.params.host_name ?? '';
    const index = fleet.indexOf(name);
    // The spec names no 404 for this API; an unknown host is an invalid parameter.
    if (index < 0)
      throw fail(400, `Invalid host_name: no host named "${name}" has reported in the past 7 days`);
    return index;
  }

  const env = { fleet, search, muteOf, clock: ctx.clock, t0: () => t0 };
  const router = new Router(
    () => json(404, { errors: ['Not found'] }),
    () => json(405, { errors: ['Method not allowed'] }),
  )
    .on(
      'GET',
      '/api/v1/hosts',
      guarded('hosts_list', (req) => listHosts(env, req.query)),
    )
    .on(
      'GET',
      '/api/v1/hosts/totals',
      guarded('hosts_totals', (req) => totals(env, req.query)),
    )
    .on(
      'POST',
      '/api/v1/host/:host_name/mute',
      guarded('host_mute', (req) => {
        const body = readJson<Record<string, unknown>>(req, (reason) => json(400, { errors: [reason] }));
        if (!body || typeof body !== 'object' || Array.isArray(body))
          throw fail(400, 'Invalid request body: a JSON object is required');
        const { end, message, override } = body;
        const now = ctx.clock.nowSeconds();
        if (end !== undefined && end !== null && (!Number.isInteger(end) || (end as number) <= now)) {
          throw fail(400, 'Invalid end: give a POSIX time in seconds in the future');
        }
        if (message !== undefined && typeof message !== 'string')
          throw fail(400, 'Invalid message: give a string');
        if (override !== undefined && typeof override !== 'boolean')
          throw fail(400, 'Invalid override: give true or false');
        const index = hostIndex(req);
        const name = fleet.nameOf(index);
        if (muteOf(index) && override !== true) {
          throw fail(
            400,
            `Host ${name} is already muted. To replace the existing mute, set override to true.`,
          );
        }
        const mute: Mute = {
          end: (end as number | null | undefined) ?? undefined,
          message: message as string | undefined,
        };
        mutes.set(index, mute);
        return json(200, {
          action: 'Muted',
          ...(mute.end !== undefined ? { end: mute.end } : {}),
          hostname: name,
          ...(mute.message !== undefined ? { message: mute.message } : {}),
        });
      }),
    )
    .on(
      'POST',
      '/api/v1/host/:host_name/unmute',
      guarded('host_mute', (req) => {
        const index = hostIndex(req);
        const name = fleet.nameOf(index);
        if (!muteOf(index)) throw fail(400, `Host ${name} is not muted`);
        mutes.delete(index);
        return json(200, { action: 'Unmuted', hostname: name });
      }),
    );

  return {
    name: 'hosts',
    handle: (req) => router.handle(req),
    reset() {
      t0 = ctx.clock.nowSeconds();
      search.clear();
      gate.reset();
      seedMutes();
    },
    stats: () => ({
      hosts: fleet.count,
      muted: [...mutes.keys()].filter((i) => muteOf(i)).length,
      ...counts,
    }),
    banner: () => [
      `hosts: ${fleet.count} hosts; a key pair without hosts_read: OPS_HOSTS_APP_KEY=${NO_HOSTS_READ_APP_KEY} (same API key)`,
    ],
  };
}
