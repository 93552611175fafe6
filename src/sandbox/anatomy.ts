import { type DeclaredSettings, declaredSettings } from './declared.js';
import {
  type Clock,
  type Emulator,
  type Reply,
  Router,
  type SandboxContext,
  type SandboxRequest,
} from './framework.js';

/**
 * One anatomy for every emulator (as moto's services share one): an emulator declares its state with
 * the seed data, and its routes by the client operation each serves; `defineEmulator` builds the
 * router, puts the gate in front, resets the state and the gates on `/__sandbox/reset`, and hands the
 * routes the settings read by the service's entry.
 */

type Handle = (req: SandboxRequest) => Reply | Promise<Reply>;

/** One route: the method and path of the client operation it serves, and its handler. */
export interface Operation {
  method: string | string[];
  path: string;
  handle: Handle;
  /** Other client operations this one route serves (the client's eight metrics, one path each). */
  also?: readonly string[];
}

/** The routes, by the client's method name (`getInstanceList`, `createUpdateSqlRoleAssignment`). */
export type Operations = Record<string, Operation>;

export function op(
  method: string | string[],
  path: string,
  handle: Handle,
  also?: readonly string[],
): Operation {
  return { method, path, handle, also };
}

/**
 * The routes of a large emulator, gathered from its route files by client operation:
 * `t.op('getWorkflowRun', 'GET', '/repos/:owner/:repo/actions/runs/:run_id', handler)`.
 */
export class OperationTable {
  readonly operations: Operations = {};
  op(name: string, method: string | string[], path: string, handle: Handle, also?: readonly string[]): this {
    if (this.operations[name]) throw new Error(`operation ${name} is declared twice`);
    this.operations[name] = { method, path, handle, also };
    return this;
  }
  /** One handler for several operations on one path, by method: `{ GET: 'getClaims', PATCH: 'patchClaims' }`. */
  ops(names: Record<string, string>, path: string, handle: Handle): this {
    for (const [method, name] of Object.entries(names)) this.op(name, method, path, handle);
    return this;
  }
}

/** What the parts of an emulator are handed. */
export interface Kit<S> {
  ctx: SandboxContext;
  clock: Clock;
  /** The `--set` values, by the rules of the service's entry. */
  settings: DeclaredSettings;
  /** The service's credentials (the table's, with overrides). */
  credentials: Record<string, string>;
  /** The state of now: the seed's after a reset. */
  state(): S;
}

/** Something the framework resets with the state: a gate, a limiter. */
export interface Resettable {
  reset(): void;
}

export interface EmulatorSpec<S, P, E = object> {
  name: string;
  /**
   * What lives across resets but is reset with the state (gates, limiters), and what the routes share;
   * made first, so it must not read the state while it is made.
   */
  parts(kit: Kit<S>): P & { resets?: readonly Resettable[] };
  /** Made at start and again on each reset: the emulator's state with its seed data. */
  state(kit: Omit<Kit<S>, 'state'>, parts: P): S;
  /** The routes by client operation. */
  routes(kit: Kit<S>, parts: P): Operations;
  /** The answer to a path no route has, and to a route's path with another method. */
  notFound(req: SandboxRequest, parts: P): Reply;
  /** How paths match: without regard to case, with or without a trailing slash (ARM's paths). */
  paths?: { ignoreCase?: boolean; trailingSlash?: boolean };
  methodNotAllowed?(req: SandboxRequest, parts: P): Reply;
  /** In front of every route: the gate's guard, say. */
  front?(parts: P, next: Handle): Handle;
  /** Sees every answer (counters by status). */
  answered?(reply: Reply, kit: Kit<S>): void;
  stats?(kit: Kit<S>, parts: P): Record<string, unknown>;
  banner?(kit: Kit<S>, parts: P): string[];
  /** What tests may ask the emulator beyond HTTP (a secret's decrypted value, say). */
  extend?(kit: Kit<S>, parts: P): E;
}

export function defineEmulator<S, P, E = object>(
  spec: EmulatorSpec<S, P, E>,
): (ctx: SandboxContext) => Emulator & E {
  return (ctx) => {
    const base = {
      ctx,
      clock: ctx.clock,
      settings: declaredSettings(ctx, spec.name),
      credentials: ctx.options.credentials[spec.name] ?? {},
    };
    let state: S | undefined;
    const kit: Kit<S> = {
      ...base,
      state: () => {
        if (state === undefined) throw new Error(`${spec.name}: the state is read before it is made`);
        return state;
      },
    };
    const parts = spec.parts(kit);
    state = spec.state(base, parts);
    const notFound = (req: SandboxRequest) => spec.notFound(req, parts);
    const notAllowed = spec.methodNotAllowed;
    const router = new Router(notFound, notAllowed ? (req) => notAllowed(req, parts) : notFound, spec.paths);
    const operations = spec.routes(kit, parts);
    for (const route of Object.values(operations)) router.on(route.method, route.path, route.handle);
    const routed: Handle = (req) => router.handle(req);
    const handle = spec.front ? spec.front(parts, routed) : routed;
    const emulator: Emulator & E = {
      ...(spec.extend?.(kit, parts) as E),
      name: spec.name,
      operations: Object.entries(operations).flatMap(([name, o]) => [name, ...(o.also ?? [])]),
      async handle(req) {
        const reply = await handle(req);
        spec.answered?.(reply, kit);
        return reply;
      },
      reset() {
        state = spec.state(base, parts);
        for (const r of parts.resets ?? []) r.reset();
      },
    };
    if (spec.stats) emulator.stats = () => spec.stats!(kit, parts);
    if (spec.banner) emulator.banner = () => spec.banner!(kit, parts);
    return emulator;
  };
}
