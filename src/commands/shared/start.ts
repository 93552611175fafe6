import type { Command } from 'commander';
import type { Context, Factory, ServiceClientOptions } from '../../app/types.js';
import type { HttpClient } from '../../clients/http/types.js';
import { envNameFor } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import type { Feedback } from '../../output/feedback.js';
import type { Printer } from '../../output/printer.js';
import { readStdinValue } from './secret-input.js';

/** What every run function of a service verb gets besides its own values. */
export interface ServiceBase<T> {
  printer: Printer;
  feedback: Feedback;
  /** The client, built on first use (the address and credential are checked before). */
  client: () => Promise<T>;
}

export interface StartOptions<T, S = object> {
  /**
   * Builds the service's client from the shared HTTP client and the scope; without it no client is
   * prepared.
   */
  create?: ((http: HttpClient, scope: S, ctx: Context) => T | Promise<T>) | undefined;
  /** The verb's flags for profile keys (`--list` → `tasks.list`), with a flag's precedence. */
  settings?: Record<string, string | undefined>;
  /** What else of the command reads stdin (`the secret value`): `--token-stdin` cannot share it. */
  stdinUsed?: string | undefined;
  /** Replaces `table` as the last fallback of the output format (a help page prints JSON). */
  defaultOutput?: string | undefined;
  /** Output formats the verb prints itself (`-o env`): see Factory.context. */
  ownOutput?: readonly string[] | undefined;
  /** Options of the client: `auth: false` where the verb works without a credential. */
  client?: Omit<ServiceClientOptions, 'credentialFlags'> | undefined;
  /**
   * What the verb works on, read from the settings once the context is made and checked before the
   * client (so a missing repository is named before a missing token, as the verbs always did).
   */
  scope?: ((ctx: Context) => S | Promise<S>) | undefined;
  /** The service's own ways to give the credential, named in its error (default `--token-stdin`). */
  credentialFlags?: string | undefined;
}

/**
 * The one start of a service verb: its context, with the credential read from stdin when
 * `--token-stdin` is given (the setting the service's descriptor names as `stdinCredential`, laid over
 * the environment and profile with a flag's precedence), and its client. The address and credential
 * are checked here, before any request.
 */
export async function startService<T = never, S = object>(
  factory: Factory,
  cmd: Command,
  service: string,
  o: StartOptions<T, S> = {},
): Promise<{ ctx: Context; base: ServiceBase<T>; scope: S }> {
  const settings = { ...o.settings };
  const entry = factory.services.find((s) => s.name === service);
  if (!entry) throw new UsageError(`unknown service "${service}"`);
  const key = `${service}.${(await entry.descriptor()).stdinCredential}`;
  if ((cmd.opts() as { tokenStdin?: boolean }).tokenStdin) {
    if (o.stdinUsed)
      throw new UsageError(
        `--token-stdin and ${o.stdinUsed} cannot both read stdin`,
        `set the credential with ${envNameFor(key)} or \`ops config set ${key} -\` first`,
      );
    settings[key] = await readStdinValue(factory.io, '--token-stdin', 'pipe the credential on stdin');
  }
  const ctx = await factory.context(cmd, {
    settings,
    ...(o.defaultOutput === undefined ? {} : { defaultOutput: o.defaultOutput }),
    ...(o.ownOutput === undefined ? {} : { ownOutput: o.ownOutput }),
  });
  const scope = o.scope ? await o.scope(ctx) : ({} as S);
  const make = o.create;
  const credentialFlags = o.credentialFlags ?? 'pipe it to --token-stdin';
  const client = make
    ? await ctx.serviceClient(service, (http) => make(http, scope, ctx), { ...o.client, credentialFlags })
    : () => Promise.reject(new Error(`${service}: no client prepared`));
  return { ctx, base: { printer: ctx.printer, feedback: ctx.feedback, client }, scope };
}

/** How a service starts its verbs, declared once in its shared.ts. */
export interface ServiceStartSpec<T, F, S> {
  /** Checks of the verb's own flags, before anything is read (exit 2). */
  check?: (flags: F) => void;
  /** The flags that stand for profile keys (`--list` → `tasks.list`). */
  settings?: (flags: F) => Record<string, string | undefined>;
  /** What every verb of the service works on (a task list, a database account), from the settings. */
  scope?: (ctx: Context, flags: F) => S | Promise<S>;
  /** The client, from the shared HTTP client and the scope (the verb's own scope included). */
  create: (http: HttpClient, scope: S & Record<string, unknown>, ctx: Context) => T | Promise<T>;
  /** The service's own ways to give the credential, named in its error (default `--token-stdin`). */
  credentialFlags?: string;
}

/** What one verb adds to its service's start. */
export interface VerbStart<S, X, T = unknown, Y = object> {
  /** What else of the verb reads stdin (`the secret value`): `--token-stdin` cannot share it. */
  stdinUsed?: string | undefined;
  /** Replaces `table` as the last fallback of the output format. */
  defaultOutput?: string | undefined;
  /** Output formats the verb prints itself (`-o env`). */
  ownOutput?: readonly string[] | undefined;
  /** Options of the client (`auth: false`); `false` where the verb sends no request at all. */
  client?: Omit<ServiceClientOptions, 'credentialFlags'> | false;
  /** The verb's own scope (the repository of a runs verb), read after the service's, before the client. */
  scope?: (ctx: Context, service: S) => X | Promise<X>;
  /**
   * What the verb looks up once its client is ready, read once here rather than by hand in each verb
   * (the project a pipelines verb names, found by a planned read that --dry-run sends and names).
   */
  resolve?: ((ctx: Context, base: ServiceBase<T>) => Y | Promise<Y>) | undefined;
}

/** A service's verb start: `start(factory, cmd, flags, { stdinUsed })` gives `{ ctx, base, …scope }`. */
export type ServiceStart<T, F, S> = <X extends object = object, Y extends object = object>(
  factory: Factory,
  cmd: Command,
  flags?: F,
  o?: VerbStart<S, X, T, Y>,
) => Promise<{ ctx: Context; base: ServiceBase<T> } & S & X & Y>;

/**
 * Declares how every verb of a service starts, once: its flags for profile keys, what it works on,
 * and its client. Every verb then calls the returned `start`; `startService` does the work.
 */
export function serviceStart<T, F = Record<string, never>, S extends object = object>(
  service: string,
  spec: ServiceStartSpec<T, F, S>,
): ServiceStart<T, F, S> {
  return async <X extends object = object, Y extends object = object>(
    factory: Factory,
    cmd: Command,
    flags: F = {} as F,
    o: VerbStart<S, X, T, Y> = {},
  ) => {
    spec.check?.(flags);
    const { ctx, base, scope } = await startService<T, S & X>(factory, cmd, service, {
      settings: spec.settings?.(flags) ?? {},
      stdinUsed: o.stdinUsed,
      defaultOutput: o.defaultOutput,
      ownOutput: o.ownOutput,
      create:
        o.client === false
          ? undefined
          : (http, s, ctx) => spec.create(http, s as S & X & Record<string, unknown>, ctx),
      client: o.client === false ? undefined : o.client,
      credentialFlags: spec.credentialFlags,
      scope: async (ctx) => {
        const own = spec.scope ? await spec.scope(ctx, flags) : ({} as S);
        const verb = o.scope ? await o.scope(ctx, own) : ({} as X);
        return { ...own, ...verb };
      },
    });
    const resolved = o.resolve ? await o.resolve(ctx, base) : ({} as Y);
    return { ctx, base, ...scope, ...resolved };
  };
}
