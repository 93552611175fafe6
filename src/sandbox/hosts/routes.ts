import { type Operations, op } from '../core/anatomy.js';
import { type Reply, type SandboxRequest, json, readJson } from '../core/framework.js';
import type { Gate } from '../core/gate.js';
import { type Mute, fail } from './errors.js';
import type { Fleet } from './seed.js';
import { type HostsEnv, listHosts, totals } from './list.js';
import { type HostsKit, muteOf } from './state.js';

export interface HostsParts {
  env: HostsEnv;
  /** Guarded by the key pair and the calendar-aligned limit of the operation. */
  gate: Gate<void, string>;
}

/** The routes of host monitoring, by the client operation each serves; each with its rate limit's name. */
export function hostsRoutes(k: HostsKit, p: HostsParts): Operations {
  const guarded = (limitName: string, handler: (req: SandboxRequest) => Reply) =>
    p.gate.guard((req) => handler(req), limitName);
  const { fleet } = p.env;
  return {
    // listHostPages: the same list, page by page.
    listHosts: op(
      'GET',
      '/api/v1/hosts',
      guarded('hosts_list', (req) => listHosts(p.env, req.query)),
      ['listHostPages'],
    ),
    getHostTotals: op(
      'GET',
      '/api/v1/hosts/totals',
      guarded('hosts_totals', (req) => totals(p.env, req.query)),
    ),
    muteHost: op(
      'POST',
      '/api/v1/host/:host_name/mute',
      guarded('host_mute', (req) => muteHost(k, fleet, req)),
    ),
    unmuteHost: op(
      'POST',
      '/api/v1/host/:host_name/unmute',
      guarded('host_mute', (req) => {
        const index = hostIndex(fleet, req);
        const name = fleet.nameOf(index);
        if (!muteOf(k, index)) throw fail(400, `Host ${name} is not muted`);
        k.state().mutes.delete(index);
        return json(200, { action: 'Unmuted', hostname: name });
      }),
    ),
  };
}

function hostIndex(fleet: Fleet, req: SandboxRequest): number {
  const name = req.params.host_name ?? '';
  const index = fleet.indexOf(name);
  // The spec names no 404 for this API; an unknown host is an invalid parameter.
  if (index < 0)
    throw fail(400, `Invalid host_name: no host named "${name}" has reported in the past 7 days`);
  return index;
}

function muteHost(k: HostsKit, fleet: Fleet, req: SandboxRequest): Reply {
  const body = readJson<Record<string, unknown>>(req, (reason) => json(400, { errors: [reason] }));
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw fail(400, 'Invalid request body: a JSON object is required');
  const { end, message, override } = body;
  const now = k.clock.nowSeconds();
  if (end !== undefined && end !== null && (!Number.isInteger(end) || (end as number) <= now)) {
    throw fail(400, 'Invalid end: give a POSIX time in seconds in the future');
  }
  if (message !== undefined && typeof message !== 'string') throw fail(400, 'Invalid message: give a string');
  if (override !== undefined && typeof override !== 'boolean')
    throw fail(400, 'Invalid override: give true or false');
  const index = hostIndex(fleet, req);
  const name = fleet.nameOf(index);
  if (muteOf(k, index) && override !== true) {
    throw fail(400, `Host ${name} is already muted. To replace the existing mute, set override to true.`);
  }
  const mute: Mute = {
    end: (end as number | null | undefined) ?? undefined,
    message: message as string | undefined,
  };
  k.state().mutes.set(index, mute);
  return json(200, {
    action: 'Muted',
    ...(mute.end !== undefined ? { end: mute.end } : {}),
    hostname: name,
    ...(mute.message !== undefined ? { message: mute.message } : {}),
  });
}
