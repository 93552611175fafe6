import type { Placed } from '../core/anatomy.js';
import type { SandboxRequest } from '../core/framework.js';
import type { MountEntry, NamespaceEntry } from './state.js';

export type Operation = 'read' | 'list' | 'write' | 'patch' | 'delete';

/** One request after namespace resolution: what is asked, where, in which namespace. */
export interface Call {
  req: SandboxRequest;
  op: Operation;
  ns: NamespaceEntry;
  /** Path inside the namespace, without `/v1/`; a trailing `/` kept. */
  rel: string;
  /** Namespace path + rel: what policies are written against. */
  full: string;
  /** The kind of mount the path lies in (`sys`, `auth/token`, `kv-v2`…): the routes under it serve it. */
  kind: string;
  /** The path inside the mount, as the request gave it. */
  sub: string;
  /** The mount's entry (none for `sys/`). */
  entry?: MountEntry;
}

/**
 * A request where `locate` put it: the routes under `mount` see the decoded path inside the mount
 * and, past the status routes, the operation (`READ`, `LIST`, `WRITE`, `PATCH`, `DELETE`) as the method.
 */
export interface SecretsRequest extends Placed {
  /** Every request but a status route's: what is asked, where. */
  call?: Call;
}

/** The call of a request inside a mount (every route but the status ones). */
export function callOf(req: SecretsRequest): Call {
  if (!req.call) throw new Error(`secrets: a ${req.mount} route was reached without a namespace`);
  return req.call;
}

/** `LIST` and `GET ?list=true` are the same operation (seed, Endpoints A); PUT and POST are synonyms. */
export function operationOf(req: SandboxRequest): Operation | undefined {
  switch (req.method) {
    case 'LIST':
      return 'list';
    case 'GET':
    case 'HEAD':
      return isTrue(req.query.get('list')) ? 'list' : 'read';
    case 'PUT':
    case 'POST':
      return 'write';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return 'delete';
    default:
      return undefined;
  }
}

export function isTrue(v: string | null): boolean {
  return v !== null && ['1', 'true', 't', 'TRUE', 'True'].includes(v);
}
