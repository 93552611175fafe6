import { wireFields } from '../wire-fields.js';

/** Wire shapes of the secrets store (seed 000 A, reference A.0–A.6). */

/** The body of every enveloped answer. */
export interface EnvelopeWire<T = Record<string, unknown>> {
  request_id?: string;
  lease_id?: string;
  renewable?: boolean;
  lease_duration?: number;
  data: T | null;
  wrap_info?: unknown;
  warnings?: string[] | null;
  auth?: AuthWire | null;
  mount_type?: string;
}

export interface AuthWire {
  client_token: string;
  accessor?: string;
  policies?: string[];
  token_policies?: string[];
  identity_policies?: string[];
  metadata?: Record<string, string> | null;
  lease_duration?: number;
  renewable?: boolean;
  entity_id?: string;
  token_type?: string;
  orphan?: boolean;
  mfa_requirement?: unknown;
  num_uses?: number;
}

export interface HealthWire {
  initialized: boolean;
  sealed: boolean;
  standby: boolean;
  performance_standby?: boolean;
  replication_performance_mode?: string;
  replication_dr_mode?: string;
  server_time_utc?: number;
  version?: string;
  cluster_name?: string;
  cluster_id?: string;
  /** Enterprise servers only (reference A.1). */
  last_wal?: number;
  license?: Record<string, unknown>;
}

export interface SealStatusWire {
  type?: string;
  initialized: boolean;
  sealed: boolean;
  t: number;
  n: number;
  progress: number;
  nonce?: string;
  version?: string;
  build_date?: string;
  migration?: boolean;
  recovery_seal?: boolean;
  storage_type?: string;
  cluster_name?: string;
  cluster_id?: string;
  /** Servers linked to the vendor's cloud platform only (specs/secrets.openapi.json). */
  hcp_link_status?: string;
  hcp_link_resource_ID?: string;
}

export interface InitRequestWire {
  secret_shares: number;
  secret_threshold: number;
}

export interface InitResponseWire {
  keys: string[];
  keys_base64: string[];
  root_token: string;
}

export interface TokenLookupWire {
  accessor?: string;
  creation_time?: number;
  creation_ttl?: number;
  display_name?: string;
  entity_id?: string;
  expire_time?: string | null;
  id?: string;
  meta?: Record<string, string> | null;
  num_uses?: number;
  orphan?: boolean;
  path?: string;
  policies?: string[];
  renewable?: boolean;
  ttl?: number;
  type?: string;
}

export interface MountInfoWire {
  path: string;
  type: string;
  options?: Record<string, string> | null;
  accessor?: string;
  description?: string;
  uuid?: string;
}

export interface KvVersionMetaWire {
  created_time: string;
  custom_metadata?: Record<string, string> | null;
  deletion_time: string;
  destroyed: boolean;
  version: number;
}

export interface KvV2ReadWire {
  data: Record<string, unknown> | null;
  metadata: KvVersionMetaWire;
}

export interface KvV2MetadataWire {
  cas_required: boolean;
  created_time: string;
  current_version: number;
  custom_metadata: Record<string, string> | null;
  delete_version_after: string;
  max_versions: number;
  oldest_version: number;
  updated_time: string;
  versions: Record<string, { created_time: string; deletion_time: string; destroyed: boolean }>;
}

export interface KvV2MetadataWriteWire {
  max_versions?: number;
  cas_required?: boolean;
  delete_version_after?: string;
  custom_metadata?: Record<string, string>;
}

export interface ListWire {
  keys: string[];
}

export interface HelpWire {
  help: string;
  openapi: Record<string, unknown>;
}

/** A KV v2 secret's metadata (the `data` of its answer), for `ops secrets kv metadata get --json a,b`. */
export const KV_METADATA_FIELDS = wireFields<KvV2MetadataWire>({
  cas_required: true,
  created_time: true,
  current_version: true,
  custom_metadata: true,
  delete_version_after: true,
  max_versions: true,
  oldest_version: true,
  updated_time: true,
  versions: true,
});
