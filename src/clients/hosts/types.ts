import { wireFields } from '../wire-fields.js';
/** Wire types of the host-monitoring API (seed 000 C; reference §C; specs/hosts.openapi.json). */

export interface HostMetricsWire {
  /** Percent of CPU used, everything but idle. */
  cpu?: number;
  iowait?: number;
  /** 15-minute load. */
  load?: number;
}

export interface HostMetaWire {
  /** Each check is a row of strings, e.g. `["ntp","ntp","ntp:d884…","OK","",""]`. */
  agent_checks?: string[][];
  agent_version?: string;
  cpuCores?: number;
  fbsdV?: unknown[];
  /** JSON text of system information. */
  gohai?: string;
  install_method?: { installer_version?: string; tool?: string; tool_version?: string };
  macV?: unknown[];
  machine?: string;
  nixV?: unknown[];
  platform?: string;
  processor?: string;
  pythonV?: string;
  'socket-fqdn'?: string;
  'socket-hostname'?: string;
  winV?: unknown[];
}

export interface HostWire {
  aliases?: string[];
  apps?: string[];
  aws_name?: string;
  /** Cloud instances may carry this instead of `id` (reference §C). */
  aws_id?: string;
  host_name?: string;
  id?: number;
  is_muted?: boolean;
  last_reported_time?: number;
  meta?: HostMetaWire;
  metrics?: HostMetricsWire;
  /** Epoch seconds the mute ends; null when muted until unmuted. Sent with include_muted_hosts_data. */
  mute_timeout?: number | null;
  name?: string;
  sources?: string[];
  tags_by_source?: Record<string, string[]>;
  /** UP when the expected metrics arrive; false is shown as `???`. */
  up?: boolean;
}

export interface HostListResponseWire {
  host_list: HostWire[];
  total_matching: number;
  total_returned: number;
}

export interface HostTotalsWire {
  total_active: number;
  total_up: number;
}

export interface HostMuteSettingsWire {
  /** Epoch seconds; absent: muted until unmuted. */
  end?: number;
  message?: string;
  /** Replace the mute of a host that is already muted. */
  override?: boolean;
}

export interface HostMuteResponseWire {
  action: string;
  end?: number;
  hostname: string;
  message?: string;
}

/** Query of `GET /api/v1/hosts`, with the API's own names. */
export interface ListHostsQuery {
  filter?: string | undefined;
  sort_field?: string | undefined;
  sort_dir?: 'asc' | 'desc' | undefined;
  /** 0-based offset into the matching hosts. */
  start?: number | undefined;
  /** Page size, at most 1000. */
  count?: number | undefined;
  /** Epoch seconds. */
  from?: number | undefined;
  include_muted_hosts_data?: boolean | undefined;
  include_hosts_metadata?: boolean | undefined;
}

/** A host's fields, for `--json a,b` (checked before any request, listed in the verb's help). */
export const HOST_FIELDS = [
  'aliases',
  'apps',
  'aws_id',
  'aws_name',
  'host_name',
  'id',
  'is_muted',
  'last_reported_time',
  'meta',
  'metrics',
  'mute_timeout',
  'name',
  'sources',
  'tags_by_source',
  'up',
] as const satisfies ReadonlyArray<keyof HostWire>;

/** The fields of `hosts totals`, for `--json a,b`. */
export const TOTALS_FIELDS = wireFields<HostTotalsWire>({ total_active: true, total_up: true });
