import { randomBytes, randomUUID } from 'node:crypto';
import { type Reply, type SandboxRequest, empty, json } from '../core/framework.js';
import { authorize } from './access.js';
import type { SecretsState } from './state.js';
import { bodyObject, errors, fail, newId, toBool, toInt } from './wire.js';

export const SERVER_VERSION = '1.15.0';
const BUILD_DATE = '2023-09-22T16:53:10Z';
const CLUSTER_NAME = 'sandbox-cluster';

function codeParam(req: SandboxRequest, name: string, fallback: number): number {
  const raw = req.query.get(name);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 100 || n > 599) fail(400, `bad code value "${raw}" for ${name}`);
  return n;
}

function okParam(req: SandboxRequest, name: string): boolean {
  const raw = req.query.get(name);
  if (raw === null) return false;
  const v = toBool(raw === '' ? 'true' : raw, name);
  return Boolean(v);
}

/** `sys/health`: the status code carries the state; every query override of the vendor is read. */
export function health(store: SecretsState, req: SandboxRequest): Reply {
  const standbyOk = okParam(req, 'standbyok');
  const perfStandbyOk = okParam(req, 'perfstandbyok');
  const codes = {
    active: codeParam(req, 'activecode', 200),
    standby: codeParam(req, 'standbycode', 429),
    dr: codeParam(req, 'drsecondarycode', 472),
    perf: codeParam(req, 'performancestandbycode', 473),
    sealed: codeParam(req, 'sealedcode', 503),
    uninit: codeParam(req, 'uninitcode', 501),
  };
  const { seal } = store;
  const mode = store.options.mode;
  let status = codes.active;
  if (!seal.initialized) status = codes.uninit;
  else if (seal.sealed) status = codes.sealed;
  else if (mode === 'drsecondary') status = codes.dr;
  else if (mode === 'perfstandby') status = perfStandbyOk ? codes.active : codes.perf;
  else if (mode === 'standby') status = standbyOk ? codes.active : codes.standby;
  const body: Record<string, unknown> = {
    initialized: seal.initialized,
    sealed: seal.sealed,
    standby: mode === 'standby' || mode === 'perfstandby',
    performance_standby: mode === 'perfstandby',
    replication_performance_mode: 'disabled',
    replication_dr_mode: mode === 'drsecondary' ? 'secondary' : 'disabled',
    server_time_utc: store.clock.nowSeconds(),
    version: SERVER_VERSION,
  };
  if (seal.initialized && !seal.sealed)
    Object.assign(body, { cluster_name: CLUSTER_NAME, cluster_id: store.clusterId });
  if (req.method === 'HEAD') return empty(status);
  return json(status, body, { 'cache-control': 'no-store' });
}

export function sealStatus(store: SecretsState): Record<string, unknown> {
  const { seal } = store;
  const out: Record<string, unknown> = {
    type: 'shamir',
    initialized: seal.initialized,
    sealed: seal.sealed,
    t: seal.threshold,
    n: seal.keys.length,
    progress: seal.progress.length,
    nonce: seal.nonce,
    version: SERVER_VERSION,
    build_date: BUILD_DATE,
    migration: false,
    recovery_seal: false,
    storage_type: 'inmem',
  };
  if (seal.initialized && !seal.sealed)
    Object.assign(out, { cluster_name: CLUSTER_NAME, cluster_id: store.clusterId });
  return out;
}

/** `PUT sys/init`: makes the key shares and a root token; the store is then sealed. */
export function init(store: SecretsState, req: SandboxRequest): Reply {
  if (store.seal.initialized) return errors(400, 'the secrets store is already initialized');
  const body = bodyObject(req.body);
  const shares = toInt(body.secret_shares, 'secret_shares');
  const threshold = toInt(body.secret_threshold, 'secret_threshold');
  if (shares === undefined || threshold === undefined)
    return errors(400, 'secret_shares and secret_threshold are required');
  if (shares < 1 || shares > 255)
    return errors(400, 'invalid seal configuration: share count must be between 1 and 255');
  if (threshold < 1 || threshold > shares)
    return errors(400, 'invalid seal configuration: threshold must be between 1 and the share count');
  if (shares > 1 && threshold === 1)
    return errors(400, 'invalid seal configuration: threshold must be greater than one for multiple shares');
  if (body.pgp_keys !== undefined || body.root_token_pgp_key !== undefined)
    return errors(400, 'PGP-encrypted key shares are not supported by the sandbox');
  const keys = Array.from({ length: shares }, () => randomBytes(32).toString('hex'));
  const rootToken = newId('s.');
  store.seal = { initialized: true, sealed: true, keys, threshold, progress: [], nonce: '' };
  store.addToken({
    id: rootToken,
    policies: ['root'],
    namespace: store.options.managed ? 'admin/' : '',
    displayName: 'root',
    path: 'auth/token/root',
    ttl: 0,
    renewable: false,
  });
  return json(200, {
    keys,
    keys_base64: keys.map((k) => Buffer.from(k, 'hex').toString('base64')),
    root_token: rootToken,
  });
}

/** A key share as hex, from hex or base64 input; undefined when it is neither. */
function shareHex(key: string): string | undefined {
  if (/^[0-9a-f]+$/i.test(key) && key.length % 2 === 0) return key.toLowerCase();
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(key)) return Buffer.from(key, 'base64').toString('hex');
  return undefined;
}

/** `PUT sys/unseal`: one share at a time until the threshold; `reset` starts over. */
export function unseal(store: SecretsState, req: SandboxRequest): Reply {
  const body = bodyObject(req.body);
  const { seal } = store;
  if (!seal.initialized) return errors(400, 'the secrets store is not initialized');
  if (toBool(body.reset, 'reset')) {
    seal.progress = [];
    seal.nonce = '';
    return json(200, sealStatus(store));
  }
  if (!seal.sealed) return json(200, sealStatus(store));
  if (typeof body.key !== 'string' || body.key === '')
    return errors(400, "'key' must be specified in request body as JSON, or 'reset' set to true");
  const hex = shareHex(body.key.trim());
  if (!hex) return errors(400, "'key' must be a valid hex or base64 string");
  if (!seal.progress.includes(hex)) seal.progress.push(hex);
  if (seal.nonce === '') seal.nonce = randomUUID();
  if (seal.progress.length < seal.threshold) return json(200, sealStatus(store));
  const valid = seal.progress.every((k) => seal.keys.includes(k));
  seal.progress = [];
  seal.nonce = '';
  if (!valid) return errors(400, 'Error unsealing: unseal failed, invalid key');
  seal.sealed = false;
  return json(200, sealStatus(store));
}

/** `PUT sys/seal`: needs a token with sudo on `sys/seal`. */
export function seal(store: SecretsState, req: SandboxRequest): Reply {
  if (store.seal.sealed) return errors(503, 'the secrets store is sealed');
  authorize(store, req, 'sys/seal', ['sudo']);
  store.seal.sealed = true;
  store.seal.progress = [];
  return empty(204);
}
