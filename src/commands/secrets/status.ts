import type { Command } from 'commander';
import type { HealthWire, SealStatusWire } from '../../clients/secrets/types.js';
import { wireFields } from '../../clients/wire-fields.js';
import { ApiError } from '../../errors.js';
import type { Factory } from '../../app/types.js';
import { type SecretsRunBase, start } from './shared/start.js';
import { namespaceOf, secretsCommand } from './shared/command.js';
import { printView } from './shared/print.js';

export interface SecretsStatusOptions extends SecretsRunBase {
  standbyOk: boolean;
  perfStandbyOk: boolean;
}

/**
 * What the status prints off a table: the health and seal-status answers merged, with the health
 * answer's HTTP status and the node's role. Its fields are every one the two answers document (an
 * enterprise or cloud-linked server's among them), whichever this server sends.
 */
export interface SecretsStatusView extends HealthWire, SealStatusWire {
  health_status: number;
  state: string;
}

export const STATUS_FIELDS = wireFields<SecretsStatusView>({
  initialized: true,
  sealed: true,
  standby: true,
  performance_standby: true,
  replication_performance_mode: true,
  replication_dr_mode: true,
  server_time_utc: true,
  version: true,
  cluster_name: true,
  cluster_id: true,
  last_wal: true,
  license: true,
  type: true,
  t: true,
  n: true,
  progress: true,
  nonce: true,
  build_date: true,
  migration: true,
  recovery_seal: true,
  storage_type: true,
  hcp_link_status: true,
  hcp_link_resource_ID: true,
  health_status: true,
  state: true,
});

export function secretsStatusCommand(factory: Factory, run = runSecretsStatus): Command {
  return secretsCommand(
    'status',
    'Show whether the store is initialized, sealed, active or a standby (exit 7 when sealed or uninitialized)',
    [
      'ops secrets status',
      'ops secrets status --json --query sealed',
      'ops secrets status --standby-ok && echo healthy',
    ],
    {
      footer: `Exit codes follow the health status: 0 active, 7 sealed (503) or not initialized (501),
5 standby (429), 1 performance standby (473) or DR secondary (472).`,
    },
  )
    .option('--standby-ok', 'count a standby node as healthy (standbyok)')
    .option('--perf-standby-ok', 'count a performance standby as healthy (perfstandbyok)')
    .action(async (o: { namespace?: string; standbyOk?: boolean; perfStandbyOk?: boolean }, cmd: Command) => {
      const namespace = namespaceOf(o.namespace);
      const { base, view } = await start(factory, cmd, { namespace }, { client: { auth: false } });
      await run({
        ...base,
        ...view,
        standbyOk: Boolean(o.standbyOk),
        perfStandbyOk: Boolean(o.perfStandbyOk),
      });
    });
}

/** The node's role, from the health answer. */
export function roleOf(status: number, h: HealthWire): string {
  if (!h.initialized) return 'not initialized';
  if (h.sealed) return 'sealed';
  if (h.replication_dr_mode && h.replication_dr_mode !== 'disabled') return 'dr secondary';
  if (h.performance_standby) return 'performance standby';
  if (h.standby) return 'standby';
  return status === 200 ? 'active' : `status ${status}`;
}

/** The health statuses turned into sentences for people; the exit code follows the status (PRODUCT §4). */
function sentence(status: number, seal: SealStatusWire): { message: string; hint?: string } {
  switch (status) {
    case 501:
      return { message: 'the secrets store is not initialized', hint: 'run `ops secrets operator init`' };
    case 503:
      return {
        message: `the secrets store is sealed (unseal progress ${seal.progress}/${seal.t})`,
        hint: 'unseal it with `ops secrets operator unseal`',
      };
    case 429:
      return {
        message: 'this node is a standby: it is unsealed and forwards requests to the active node',
        hint: 'pass --standby-ok to count a standby as healthy',
      };
    case 473:
      return {
        message: 'this node is a performance standby: it serves reads and forwards writes',
        hint: 'pass --perf-standby-ok to count it as healthy',
      };
    case 472:
      return {
        message: 'this node is a disaster-recovery secondary in active mode; it does not serve clients',
      };
    default:
      return { message: `the health check answered ${status}` };
  }
}

export async function runSecretsStatus(o: SecretsStatusOptions): Promise<void> {
  const client = await o.client();
  // Two unauthenticated reads, sent together: the health status and the seal details.
  const [{ status, health }, seal] = await Promise.all([
    client.readHealthStatus({ standbyok: o.standbyOk, perfstandbyok: o.perfStandbyOk }),
    client.sealStatus(),
  ]);
  const merged: SecretsStatusView = {
    ...health,
    ...seal,
    health_status: status,
    state: roleOf(status, health),
  };
  if (!o.whole && o.field === undefined && o.printer.format === 'table') {
    // The vendor CLI's rows, in its order, named and timed as every view of ops is.
    await printView(
      o.printer,
      {
        seal_type: seal.type,
        initialized: seal.initialized,
        sealed: seal.sealed,
        total_shares: seal.n,
        threshold: seal.t,
        ...(seal.sealed && seal.initialized
          ? { unseal_progress: `${seal.progress}/${seal.t}`, unseal_nonce: seal.nonce || 'n/a' }
          : {}),
        version: seal.version ?? health.version,
        build_date: seal.build_date,
        storage_type: seal.storage_type,
        cluster_name: seal.cluster_name,
        cluster_id: seal.cluster_id,
        ha_mode: merged.state,
        server_time: health.server_time_utc
          ? new Date(health.server_time_utc * 1000).toISOString()
          : undefined,
      },
      'fields',
    );
  } else {
    await o.printer.print(merged);
  }
  if (status !== 200) {
    const { message, hint } = sentence(status, seal);
    throw new ApiError({ status, service: 'secrets', message, hint, body: health });
  }
}
