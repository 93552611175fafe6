import { type DeclaredSettings, declaredSettings } from './declared.js';
import {
  type Clock,
  type Emulator,
  type PathRules,
  type Reply,
  ReplyError,
  Router,
  type SandboxContext,
  type SandboxRequest,
} from './framework.js';

/**
 * One anatomy for every emulator (as moto's services share one): an emulator declares its state with
 * the seed data, and its routes by the client operation each serves; `defineEmulator` builds the
 * router, puts the gate in front, resets the state and the gates on `/__sandbox/reset`, and hands the
 * routes the settings read by the service's entry.
 *
 * Where a path pattern alone cannot choose the route (a mount table in the state says what serves a
 * path), the emulator declares `locate`, and its routes under the kinds of mount it names.
 */

type Handle<R = SandboxRequest> = (req: R) => Reply | Promise<Reply>;

/** One route: the method and path of the client operation it serves, and its handler. */
export interface Operation<R = SandboxRequest> {
  method: string | string[];
  /** One path pattern, or several that the one handler serves. */
  path: string | readonly string[];
  handle: Handle<R>;
  /** Other client operations this one route serves (the client's eight metrics, one path each). */
  also?: readonly string[];
  /** The kind of mount the route lies in (`OperationTable.under`): its path is matched inside the mount. */
  mount?: string;
}

/** The routes, by the client's method name (`getInstanceList`, `createUpdateSqlRoleAssignment`). */
export type Operations<R = SandboxRequest> = Record<string, Operation<R>>;

export function op(
  method: string | string[],
  path: string,
  handle: Handle,
  also?: readonly string[],
): Operation {
  return { method, path, handle, also };
}

/**
 * A request where the emulator's `locate` put it: the routes declared under `mount` match its
 * `path` (the path inside the mount) and its `method` (as that mount's routes name methods).
 */
export interface Placed extends SandboxRequest {
  mount: string;
}

/**
 * The routes of a large emulator, gathered from its route files by client operation:
 * `t.op('getWorkflowRun', 'GET', '/repos/:owner/:repo/actions/runs/:run_id', handler)`.
 */
export class OperationTable<R = SandboxRequest> {
  readonly operations: Operations<R> = {};
  private mount: string | undefined;
  op(
    name: string,
    method: string | string[],
    path: string | readonly string[],
    handle: Handle<R>,
    also?: readonly string[],
  ): this {
    if (this.operations[name]) throw new Error(`operation ${name} is declared twice`);
    this.operations[name] = { method, path, handle, also, mount: this.mount };
    return this;
  }
  /** One handler for several operations on one path, by method: `{ GET: 'getClaims', PATCH: 'patchClaims' }`. */
  ops(names: Record<string, string>, path: string, handle: Handle<R>): this {
    for (const [method, name] of Object.entries(names)) this.op(name, method, path, handle);
    return this;
  }
  /** The routes `declare` adds lie in a kind of mount: their paths are relative to it (see `locate`). */
  under(mount: string, declare: (t: this) => void): this {
    const outer = this.mount;
    this.mount = mount;
    try {
      declare(this);
    } finally {
      this.mount = outer;
    }
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

export interface EmulatorSpec<S, P, E = object, R extends SandboxRequest = SandboxRequest> {
  name: string;
  /**
   * What lives across resets but is reset with the state (gates, limiters), and what the routes share;
   * made first, so it must not read the state while it is made.
   */
  parts(kit: Kit<S>): P & { resets?: readonly Resettable[] };
  /** Made at start and again on each reset: the emulator's state with its seed data. */
  state(kit: Omit<Kit<S>, 'state'>, parts: P): S;
  /** The routes by client operation. */
  routes(kit: Kit<S>, parts: P): Operations<R>;
  /** The answer to a path no route has, and to a route's path with another method. */
  notFound(req: R, parts: P): Reply;
  /** How paths match: without regard to case, with or without a trailing slash (ARM's paths). */
  paths?: PathRules;
  methodNotAllowed?(req: R, parts: P): Reply;
  /**
   * Where a request lies, for routes a path pattern alone cannot choose (which engine serves a path
   * is in the state's mount table): the request as the routes under its mount see it, or an answer at
   * once. Without it, every request is matched by the routes declared under no mount.
   */
  locate?(req: SandboxRequest, kit: Kit<S>, parts: P): (R & Placed) | Reply;
  /** In front of every route: the gate's guard, say. */
  front?(parts: P, next: Handle): Handle;
  /** Sees every answer (counters by status). */
  answered?(reply: Reply, kit: Kit<S>): void;
  stats?(kit: Kit<S>, parts: P): Record<string, unknown>;
  banner?(kit: Kit<S>, parts: P): string[];
  /** What tests may ask the emulator beyond HTTP (a secret's decrypted value, say). */
  extend?(kit: Kit<S>, parts: P): E;
}

export function defineEmulator<S, P, E = object, R extends SandboxRequest = SandboxRequest>(
  spec: EmulatorSpec<S, P, E, R>,
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
    const operations = spec.routes(kit, parts);
    const routed = routing(spec, kit, parts, operations);
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
    emulator.state = () => state;
    if (spec.stats) emulator.stats = () => spec.stats!(kit, parts);
    if (spec.banner) emulator.banner = () => spec.banner!(kit, parts);
    return emulator;
  };
}

/** A router for each kind of mount (`''` for routes under none), and `locate` in front where declared. */
function routing<S, P, R extends SandboxRequest>(
  spec: Pick<EmulatorSpec<S, P, object, R>, 'notFound' | 'methodNotAllowed' | 'paths' | 'locate'>,
  kit: Kit<S>,
  parts: P,
  operations: Operations<R>,
): Handle {
  const notFound = (req: R) => spec.notFound(req, parts);
  const notAllowed = spec.methodNotAllowed;
  const routers = new Map<string, Router<R>>();
  for (const route of Object.values(operations)) {
    const mount = route.mount ?? '';
    let router = routers.get(mount);
    if (!router) {
      router = new Router<R>(notFound, notAllowed ? (req) => notAllowed(req, parts) : notFound, spec.paths);
      routers.set(mount, router);
    }
    for (const path of typeof route.path === 'string' ? [route.path] : route.path)
      router.on(route.method, path, route.handle);
  }
  const route = (req: R, mount: string) => routers.get(mount)?.handle(req) ?? notFound(req);
  const locate = spec.locate;
  if (!locate) return (req) => route(req as R, '');
  return (req) => {
    try {
      const placed = locate(req, kit, parts);
      return 'mount' in placed ? route(placed, placed.mount) : placed;
    } catch (err) {
      if (err instanceof ReplyError) return err.reply;
      throw err;
    }
  };
}
