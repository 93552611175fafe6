import { type Kit, type Operations, OperationTable } from '../core/anatomy.js';
import { type Reply, type SandboxRequest, json } from '../core/framework.js';
import { authorize, requireToken } from './access.js';
import { approleLogin, lookupSelf, renewSelf, revokeSelf, userpassLogin } from './auth.js';
import { type Call, type SecretsRequest, callOf } from './call.js';
import { helpReply, routesFor } from './help.js';
import {
  type KvCall,
  invalidV2Path,
  kvCall,
  kvV1Delete,
  kvV1List,
  kvV1Read,
  kvV1Write,
  kvV2Delete,
  kvV2Patch,
  kvV2Read,
  kvV2ReadSubkeys,
  kvV2Versions,
  kvV2Write,
} from './kv.js';
import {
  kvV2Configure,
  kvV2DeleteMetadata,
  kvV2List,
  kvV2ReadConfiguration,
  kvV2ReadMetadata,
  kvV2WriteMetadata,
} from './kv-metadata.js';
import type { KvV1Store, KvV2Store } from './kv-store.js';
import { listMounts, mountPreflight } from './mounts.js';
import type { SecretsState } from './state.js';
import { health, init, seal, sealStatus, unseal } from './sys.js';
import { errors } from './wire.js';

type Serve = (store: SecretsState, call: Call, req: SecretsRequest) => Reply;

/**
 * The store's routes by the client operation each serves, under the kind of mount `locate` found
 * (locate.ts): the status routes by HTTP method and path; inside a mount, by operation (`READ`,
 * `LIST`, `WRITE`, `PATCH`, `DELETE`) and the path inside the mount. The client's `read`, `write`,
 * `list` and `delete` reach any path; KV version 1 is theirs.
 */
export function secretsRoutes(k: Kit<SecretsState>): Operations<SecretsRequest> {
  const raw = (serve: (store: SecretsState, req: SandboxRequest) => Reply) => (req: SecretsRequest) =>
    serve(k.state(), req);
  const at = (serve: Serve) => (req: SecretsRequest) => serve(k.state(), callOf(req), req);
  const v1 = (serve: (c: KvCall<KvV1Store>) => Reply) =>
    at((s, c, r) => serve(kvCall(s, c, c.entry!.kv1!, r.params.key ?? '')));
  const v2 = (serve: (c: KvCall<KvV2Store>) => Reply) =>
    at((s, c, r) => serve(kvCall(s, c, c.entry!.kv2!, r.params.key ?? '')));
  const UI_MOUNTS = 'internal/ui/mounts';
  return new OperationTable<SecretsRequest>()
    .under('status', (t) =>
      t
        .op('readHealthStatus', ['GET', 'HEAD'], 'sys/health', raw(health))
        .op(
          'sealStatus',
          'GET',
          'sys/seal-status',
          raw((s) => json(200, sealStatus(s))),
        )
        .op(
          'readInitStatus',
          'GET',
          'sys/init',
          raw((s) => json(200, { initialized: s.seal.initialized })),
        )
        .op('initialize', ['PUT', 'POST'], 'sys/init', raw(init))
        .op('unseal', ['PUT', 'POST'], 'sys/unseal', raw(unseal))
        .op('seal', ['PUT', 'POST'], 'sys/seal', raw(seal)),
    )
    .under('sys', (t) =>
      t
        .op(
          'listMounts',
          'READ',
          [UI_MOUNTS, `${UI_MOUNTS}/`],
          at((s, c) => listMounts(s, c.req, c.ns)),
        )
        .op(
          'locateKv',
          'READ',
          `${UI_MOUNTS}/*path`,
          at((s, c, r) => mountPreflight(s, c.req, c.ns, r.params.path ?? '')),
        ),
    )
    .under('auth/token', (t) =>
      t
        .op('tokenLookUpSelf', ['READ', 'WRITE'], 'lookup-self', at(lookupSelf))
        .op('tokenRenewSelf', 'WRITE', 'renew-self', at(renewSelf))
        .op('tokenRevokeSelf', 'WRITE', 'revoke-self', at(revokeSelf)),
    )
    .under('auth/userpass', (t) =>
      t.op(
        'userpassLogin',
        'WRITE',
        'login/*username',
        at((s, c, r) => userpassLogin(s, c, r.params.username ?? '')),
        ['login'],
      ),
    )
    .under('auth/approle', (t) => t.op('approleLogin', 'WRITE', 'login', at(approleLogin), ['login']))
    .under('kv-v1', (t) =>
      t
        .op('kvV1List', 'LIST', '*key', v1(kvV1List), ['list'])
        .op('kvV1Read', 'READ', '*key', v1(kvV1Read), ['read'])
        .op('kvV1Write', 'WRITE', '*key', v1(kvV1Write), ['write'])
        .op('kvV1Delete', 'DELETE', '*key', v1(kvV1Delete), ['delete']),
    )
    .under('kv-v2', (t) =>
      t
        .op('kvV2ReadConfiguration', 'READ', 'config/*rest', v2(kvV2ReadConfiguration))
        .op('kvV2Configure', 'WRITE', 'config/*rest', v2(kvV2Configure))
        .op('kvV2Read', 'READ', 'data/*key', v2(kvV2Read))
        .op('kvV2Write', 'WRITE', 'data/*key', v2(kvV2Write))
        .op('kvV2Patch', 'PATCH', 'data/*key', v2(kvV2Patch))
        .op('kvV2Delete', 'DELETE', 'data/*key', v2(kvV2Delete))
        .op('kvV2DeleteVersions', 'WRITE', 'delete/*key', v2(kvV2Versions('delete')))
        .op('kvV2UndeleteVersions', 'WRITE', 'undelete/*key', v2(kvV2Versions('undelete')))
        .op('kvV2DestroyVersions', 'WRITE', 'destroy/*key', v2(kvV2Versions('destroy')))
        .op('kvV2List', 'LIST', 'metadata/*key', v2(kvV2List))
        .op('kvV2ReadMetadata', 'READ', 'metadata/*key', v2(kvV2ReadMetadata))
        .op('kvV2WriteMetadata', 'WRITE', 'metadata/*key', v2(kvV2WriteMetadata(false)))
        .op('kvV2PatchMetadata', 'PATCH', 'metadata/*key', v2(kvV2WriteMetadata(true)))
        .op('kvV2DeleteMetadata', 'DELETE', 'metadata/*key', v2(kvV2DeleteMetadata))
        .op('kvV2ReadSubkeys', 'READ', 'subkeys/*key', v2(kvV2ReadSubkeys)),
    )
    .under('help', (t) => t.op('help', '*', '*path', at(help))).operations;
}

/** `?help=1` on any path: the help of the mount it lies in, for a token that may see it. */
function help(store: SecretsState, call: Call): Reply {
  const { entry, rel, sub } = call;
  if (!entry) {
    requireToken(store, call.req);
    return helpReply('system', routesFor('system'), rel, sub);
  }
  if (call.kind.startsWith('auth/')) {
    requireToken(store, call.req);
    return helpReply(entry.type, routesFor(entry.type), rel, sub);
  }
  authorize(store, call.req, call.full, ['read', 'list']);
  const version = entry.kv2 ? 2 : 1;
  return helpReply(
    entry.type === 'kv' ? `kv${version}` : entry.type,
    routesFor(entry.type, version),
    rel,
    sub,
  );
}

/** A path no route of its mount has. */
export function notFound(req: SecretsRequest): Reply {
  if (req.mount === 'kv-v2') return invalidV2Path();
  // A login mount answers writes only: another operation is refused before its path is looked at.
  if (req.mount.startsWith('auth/') && req.mount !== 'auth/token' && req.method !== 'WRITE')
    return errors(405, 'unsupported operation');
  return errors(404, 'unsupported path');
}
