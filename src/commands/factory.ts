import type { Command } from 'commander';
import type { ServiceDescriptor } from '../clients/descriptor.js';
import type { HttpClient } from '../clients/http/types.js';
import { Settings } from '../config/settings.js';
import { ConfigError, UsageError } from '../errors.js';
import type { Io } from '../io.js';
import { colorEnabled, makeStyle } from '../output/color.js';
import { Feedback } from '../output/feedback.js';
import { resolveFormat } from '../output/options.js';
import { Printer } from '../output/printer.js';
import type { Query } from '../output/query.js';
import { findService } from '../services.js';
import { VERSION } from '../version.js';

/** The root flags as commander gives them (see program.ts). */
export interface GlobalFlags {
  output?: string;
  json?: boolean;
  query?: string;
  field?: string;
  profile?: string;
  baseUrl?: string;
  timeout?: string;
  retries?: string;
  maxWait?: string;
  dryRun?: boolean;
  debug?: boolean;
  quiet?: boolean;
  color?: boolean;
  caCert?: string;
  insecure?: boolean;
  yes?: boolean;
}

export interface ClientOverrides {
  /** Connections kept per origin (parallel senders). */
  connections?: number;
}

/**
 * What a command gets: the printer, feedback, settings and a way to build a service's HTTP client.
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
  /** The service's descriptor and resolved settings reader. */
  service(
    service: string,
  ): Promise<{ descriptor: ServiceDescriptor; settings: import('../clients/descriptor.js').SettingsReader }>;
  /** Asks before a destructive action: --yes passes; without a terminal it is a usage error. */
  confirm(action: string): Promise<void>;
}

export interface Factory {
  io: Io;
  /**
   * `defaultOutput` replaces `table` as the last fallback (raw `ops api` prints JSON); `settings` are a
   * command's own flags for profile keys (`--api-key` → `hosts.api_key`), with a flag's precedence.
   */
  context(
    cmd: Command,
    o?: { defaultOutput?: string; settings?: Record<string, string | undefined> },
  ): Promise<Context>;
}

function number(name: string, raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min)
    throw new UsageError(`invalid ${name} "${raw}"`, `give a number >= ${min}`);
  return n;
}

function truthy(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/** The factory `main` hands to every command builder. */
export function createFactory(io: Io): Factory {
  return {
    io,
    async context(cmd, o = {}) {
      const flags = cmd.optsWithGlobals() as GlobalFlags;
      const env = io.env;
      const profile = flags.profile ?? (env.OPS_PROFILE || undefined);
      const settings = new Settings(env, profile, {
        ...(flags.timeout !== undefined ? { timeout: flags.timeout } : {}),
        ...(flags.retries !== undefined ? { retries: flags.retries } : {}),
        ...(flags.maxWait !== undefined ? { max_wait: flags.maxWait } : {}),
        ...(flags.caCert !== undefined ? { ca_cert: flags.caCert } : {}),
        ...(flags.insecure ? { insecure: 'true' } : {}),
        ...(flags.output !== undefined ? { output: flags.output } : {}),
        ...o.settings,
      });
      await settings.load();
      // JMESPath is loaded only when a query is given.
      const query = flags.query ? (await import('../output/query.js')).compileQuery(flags.query) : undefined;
      return buildContext(io, flags, settings, profile, query, o.defaultOutput);
    },
  };
}

function buildContext(
  io: Io,
  flags: GlobalFlags,
  settings: Settings,
  profileFlag: string | undefined,
  query: Query | undefined,
  defaultOutput?: string,
): Context {
  // Checked now, before any request: format, query, numbers.
  const format = resolveFormat(flags, settings.get('output', defaultOutput));
  const timeoutS = number('--timeout', settings.get('timeout'), 30, 0.001);
  const retries = Math.floor(number('--retries', settings.get('retries'), 4));
  const maxWait = number('--max-wait', settings.get('max_wait'), 60);
  const debug = Boolean(flags.debug) || truthy(io.env.OPS_DEBUG);
  const quiet = Boolean(flags.quiet) || truthy(io.env.OPS_QUIET);
  const color = colorEnabled(io.env, io.stdoutIsTty, flags.color === false);
  const printer = new Printer({ io, format, query, field: flags.field, color });
  const feedbackOn = io.stderrIsTty && !truthy(io.env.CI) && !quiet && format !== 'json' && !flags.json;
  const feedback = new Feedback(
    io,
    feedbackOn,
    makeStyle(colorEnabled(io.env, io.stderrIsTty, flags.color === false)),
  );

  const loaded = new Map<string, Promise<HttpClient>>();

  async function service(name: string) {
    const entry = findService(name);
    if (!entry) throw new UsageError(`unknown service "${name}"`);
    const descriptor = await entry.descriptor();
    await settings.load();
    const defaults = Object.fromEntries(
      descriptor.settings.filter((s) => s.default).map((s) => [s.key, s.default]),
    );
    return { descriptor, settings: settings.forService(name, defaults) };
  }

  async function makeClient(name: string, overrides: ClientOverrides): Promise<HttpClient> {
    const { descriptor, settings: reader } = await service(name);
    const baseKey = `${name}.base_url`;
    const baseUrl = flags.baseUrl ?? settings.get(baseKey);
    if (!baseUrl) {
      throw new ConfigError(
        `${name}: no service address is set`,
        `pass --base-url, set OPS_${name.toUpperCase()}_BASE_URL, run \`ops config set ${baseKey} URL\`, or \`eval "$(ops sandbox env)"\` for the sandbox`,
      );
    }
    try {
      const u = new URL(baseUrl);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
    } catch {
      throw new UsageError(
        `invalid base URL "${baseUrl}" for ${name}`,
        'give an http:// or https:// address',
      );
    }
    const userAgent = `ops/${VERSION}`;
    const auth = descriptor.auth(reader);
    const secretValues = descriptor.settings.filter((s) => s.secret).map((s) => reader.get(s.key));
    const [{ createHttpClient }, { getDispatcher }, { Redactor }] = await Promise.all([
      import('../clients/http/client.js'),
      import('../clients/http/transport.js'),
      import('../clients/http/redact.js'),
    ]);
    const dispatcher = getDispatcher({
      caCert: settings.get('ca_cert'),
      insecure: truthy(settings.get('insecure')),
      connections: overrides.connections,
      env: io.env,
    });
    return createHttpClient({
      service: name,
      baseUrl,
      auth,
      defaultHeaders: { 'user-agent': userAgent, ...descriptor.defaultHeaders?.(reader, userAgent) },
      retries,
      timeoutMs: timeoutS * 1000,
      maxWaitSeconds: maxWait,
      retryStatuses: descriptor.retryStatuses,
      dispatcher,
      redactor: new Redactor([...secretValues, ...(auth?.secrets ?? [])]),
      log: debug ? (line) => io.stderr.write(`${line}\n`) : undefined,
      dryRun: flags.dryRun ? (curl) => io.stdout.write(`${curl}\n`) : undefined,
      onRetry: feedbackOn
        ? (r) => feedback.warn(`retrying in ${r.waitSeconds.toFixed(1)} s (${r.reason})`)
        : undefined,
      signal: io.signal,
      parseError: descriptor.parseError,
      hintFor: descriptor.hintFor,
    });
  }

  return {
    io,
    printer,
    feedback,
    settings,
    flags: { ...flags, profile: profileFlag },
    service,
    client(name, overrides = {}) {
      const key = `${name}:${overrides.connections ?? ''}`;
      let c = loaded.get(key);
      if (!c) {
        c = makeClient(name, overrides);
        loaded.set(key, c);
      }
      return c;
    },
    async confirm(action) {
      if (flags.yes || flags.dryRun) return;
      if (!io.stdinIsTty || !io.prompt) {
        throw new UsageError(`${action} needs confirmation`, 'pass --yes to confirm when not at a terminal');
      }
      const answer = (await io.prompt(`${action}? [y/N] `, false)).trim().toLowerCase();
      if (answer !== 'y' && answer !== 'yes') throw new UsageError(`${action}: not confirmed`);
    },
  };
}
