import type { SandboxRequest } from '../framework.js';
import type { NamespaceEntry } from './store.js';

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
