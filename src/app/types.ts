import type { Command } from 'commander';
import type { AuthContext, ServiceDescriptor, SettingsReader } from '../clients/descriptor.js';
import type { HttpClient } from '../clients/http/types.js';
import type { Settings } from '../config/settings.js';
import type { Io } from '../io.js';
import type { Feedback } from '../output/feedback.js';
import type { Printer } from '../output/printer.js';
import type { ServiceSandbox } from '../sandbox/core/entry.js';

export type { ServiceSandbox, SettingRule } from '../sandbox/core/entry.js';

/**
 * What commands see of the composition root: types only. The root itself (`app/factory.ts`) is built
 * by `run.ts` and handed to every command builder, so no command imports the service table, the
 * program or `main`.
 */

/** The root flags as commander gives them (see program.ts). */
export interface GlobalFlags {
  output?: string;
  /** `--json`: true bare, else its field list (src/output/json-fields.ts). */
  json?: boolean | string;
  query?: string;
  field?: string;
  jq?: string;
  profile?: string;
  baseUrl?: string;
  timeout?: string;
  retries?: string;
  maxWait?: string;
  dryRun?: boolean;
  debug?: boolean;
  quiet?: boolean;
  /** False with --no-spinner. */
  spinner?: boolean;
  /** False with --no-pager (run.ts reads the command line itself: the pager is set up before parsing). */
  pager?: boolean;
  color?: boolean;
  caCert?: string;
  insecure?: boolean;
  yes?: boolean;
}

export interface ClientOverrides {
  /** Connections kept per origin (parallel senders). */
  connections?: number;
  /**
   * Aborts this client's requests instead of Ctrl-C: for a command that lets its requests in flight
   * finish after Ctrl-C (so that it can record what the service confirmed) and gives up on them itself.
   */
  signal?: AbortSignal;
}

export interface ServiceClientOptions extends ClientOverrides {
  /**
   * The command needs the service's credentials (default true): a missing one is an error now, before
   * any request, naming the env var and the `ops config set` line.
   */
  auth?: boolean;
  /** The command's own ways to give the credential (`--token-stdin`), added to that error's hint. */
  credentialFlags?: string;
  /** The command path (`ops breach domains`), named in that error when only some verbs need the credential. */
  command?: string;
}

/**
 * What a command gets: the printer, feedback, settings and a way to build a service's client.
 * Everything here is checked when the context is made, before any request is sent.
 */
export interface Context {
  io: Io;
  printer: Printer;
  feedback: Feedback;
  settings: Settings;
  flags: GlobalFlags;
  /** Builds the shared HTTP client of a service from its descriptor and settings. */
  client(service: string, overrides?: ClientOverrides): Promise<HttpClient>;
  /**
   * The one way a command gets its service client: the address and credentials are checked now (a
   * missing or expired credential is a clear error before any request); the client itself is built
   * on first use, so a run function can be handed a stub in tests.
   */
  serviceClient<T>(
    service: string,
    create: (http: HttpClient) => T | Promise<T>,
    o?: ServiceClientOptions,
  ): Promise<() => Promise<T>>;
  /** The service's descriptor and resolved settings reader. */
  service(service: string): Promise<{ descriptor: ServiceDescriptor; settings: SettingsReader }>;
  /** What a service's auth and revoke use: its client for the authorization server, and storing. */
  authContext(service: string): AuthContext;
  /** Asks before a destructive action: --yes passes; without a terminal it is a usage error. */
  confirm(action: string): Promise<void>;
}

/** What a service's command folder exports: one function that adds its subtree. */
export interface ServiceCommands {
  register(parent: Command, factory: Factory): void;
  /** Steps of `ops sandbox demo`: each the words after `ops`, with a title. */
  demo?: Array<{ title: string; argv: string[] }>;
  /**
   * The named parts of the service's context that `ops api` fills in a path or a `-F` value (`{owner}`),
   * beside `{branch}`: each the value the service's own verbs act on, or a UsageError saying how to set it.
   */
  apiPlaceholders?: Readonly<Record<string, (ctx: Context) => Promise<string>>>;
}

export interface ServiceEntry {
  name: string;
  /** One line: what the service is and its main verbs (`ops --help`, the README's table of services). */
  summary: string;
  /** A command line of the service that runs against the sandbox as it is seeded (the README's table). */
  example: string;
  /**
   * The settings besides `base_url` a person sets most (its credential first), named as
   * `OPS_<SERVICE>_<KEY>` by `ops help environment` and docs/configuration.md; `ops config list --all`
   * lists every one. Each is a setting of its descriptor.
   */
  mainSettings: readonly string[];
  descriptor: () => Promise<ServiceDescriptor>;
  /** Absent while the service has only `ops api` access. */
  commands?: () => Promise<ServiceCommands>;
  sandbox: ServiceSandbox;
  /**
   * The service's OpenAPI description in ../shared/specs, for the conformance tests; null when the
   * vendor publishes none (the file is never copied into the project).
   */
  spec: string | null;
}

/** One run of a service's verb with values, not words: what `ops mcp` makes of a tool call. */
export interface VerbCall {
  /** The verb as built in a tree (`factory.tree()`): its builder and its path are taken from it. */
  verb: Command;
  /** Its arguments, in order. */
  args: readonly string[];
  /** Its own options by long flag (`--region`): a value, each value of a repeatable one, or a switch's true. */
  options: ReadonlyMap<string, string | readonly string[] | true>;
  /** The root's flags, by the names commander gives them (`dryRun`, `output`). */
  globals: GlobalFlags;
}

export interface Factory {
  io: Io;
  /** The service table (src/services.ts), handed in by the root. */
  services: readonly ServiceEntry[];
  /** Runs another command line in this process (`ops sandbox demo`), returning its exit code. */
  runArgv(argv: string[], io: Io): Promise<number>;
  /** Runs a service's verb with these values in this process (`ops mcp`), returning its exit code. */
  callVerb(call: VerbCall, io: Io): Promise<number>;
  /** The whole command tree, every subtree loaded (completion, help pages). */
  tree(): Promise<Command>;
  /** The words of ops's own top-level commands (every service, every built-in, `help`), nothing loaded. */
  commandNames(): string[];
  /**
   * `defaultOutput` replaces `table` as the last fallback (raw `ops api` prints JSON); `settings` are a
   * command's own flags for profile keys (`--list` → `tasks.list`), with a flag's precedence.
   */
  context(
    cmd: Command,
    o?: {
      defaultOutput?: string;
      settings?: Record<string, string | undefined>;
      /** Bad values from the environment or the profile fall back to defaults (`ops config`, which mends them). */
      tolerant?: boolean;
      /**
       * Output formats the verb prints itself (`kv get -o env`): given, `--output` is the verb's to read,
       * and the shared printer takes the format from the environment and the profile.
       */
      ownOutput?: readonly string[];
    },
  ): Promise<Context>;
}
