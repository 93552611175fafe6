import type { Command } from 'commander';
import { type AuthScheme, expiredError } from '../clients/http/auth.js';
import type { AuthContext, ServiceDescriptor, SettingsReader } from '../clients/descriptor.js';
import { saveCredentials } from '../config/credentials.js';
import type { HttpClient } from '../clients/http/types.js';
import { Settings, envNameFor } from '../config/settings.js';
import { parseBoolean } from '../config/boolean.js';
import { GLOBAL_DEFAULTS, GLOBAL_RULES, checkedValue } from '../config/values.js';
import { ConfigError, ExitCode, OpsError, UsageError } from '../errors.js';
import type { Io } from '../io.js';
import { colorEnabled, makeStyle } from '../output/color.js';
import { Feedback } from '../output/feedback.js';
import { resolveFormat } from '../output/options.js';
import { verbMeta } from '../verb-meta.js';
import { Printer } from '../output/printer.js';
import type { Query } from '../output/query.js';
import { VERSION } from '../version.js';
import { createHttpClient } from '../clients/http/client.js';
import { getTransport } from '../clients/http/transport.js';
import { Redactor } from '../clients/http/redact.js';
import type {
  ClientOverrides,
  Context,
  Factory,
  GlobalFlags,
  ServiceClientOptions,
  ServiceEntry,
} from './types.js';

export type { ClientOverrides, Context, Factory, GlobalFlags } from './types.js';

/** `OPS_DEBUG`, `OPS_QUIET`: the usual true and false words; anything else is refused, never guessed. */
function envBoolean(env: Record<string, string | undefined>, name: string, tolerant: boolean): boolean {
  const raw = env[name];
  if (raw === undefined) return false;
  const b = parseBoolean(raw);
  if (b === undefined && !tolerant) throw new UsageError(`invalid ${name} "${raw}"`, 'give true or false');
  return b ?? false;
}

/** `CI` is set to many things by many systems: anything but empty, 0 or false means CI. */
function ciSet(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/**
 * The one "credential missing" error: names the first secret setting that is unset, its env var and the
 * `ops config set` line (stdin, so no secret is typed), plus the command's own ways to give it.
 */
function missingCredential(
  name: string,
  descriptor: ServiceDescriptor,
  reader: SettingsReader,
  command: string | undefined,
  withFlags: (hint: string | undefined) => string,
): ConfigError {
  const secrets = descriptor.settings.filter((s) => s.secret && !s.signInOnly);
  const spec = secrets.find((s) => !reader.get(s.key)) ?? secrets[0];
  const key = `${name}.${spec?.key ?? 'token'}`;
  const words = (spec?.key ?? 'token').replace(/_/g, ' ');
  // The description's first clause ("API key (breach-api-key)"), without what it is needed for.
  const what = spec?.description.split(',')[0] ?? words;
  const message = command
    ? `${name}: \`${command}\` needs ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what} and none is set`
    : `${name}: no ${words} is set`;
  const hint = `set ${envNameFor(key)}, or run: ops config set ${key} -   (reads the value from stdin)`;
  // The command's own ways (`--token-stdin`) give the service's one stdin credential, not another key.
  return new ConfigError(
    message,
    spec?.key === descriptor.stdinCredential ? withFlags(hint) : hint,
    ExitCode.auth,
  );
}

/** What the root hands the factory, so that nothing below it imports the table, the program or `main`. */
export interface FactoryDeps {
  services: readonly ServiceEntry[];
  runArgv(argv: string[], io: Io): Promise<number>;
  tree(factory: Factory): Promise<Command>;
}

/** The factory `run.ts` hands to every command builder. */
export function createFactory(io: Io, deps: FactoryDeps): Factory {
  const factory: Factory = {
    io,
    services: deps.services,
    runArgv: deps.runArgv,
    tree: () => deps.tree(factory),
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
      // A verb whose purpose is to reveal a value writes it exactly; every other one escapes control
      // characters of outside text wherever it goes (docs/grammar.md, "Values").
      const reveals = Boolean(verbMeta(cmd)?.reveals);
      return buildContext(io, deps.services, flags, settings, profile, query, { ...o, reveals });
    },
  };
  return factory;
}

function buildContext(
  io: Io,
  services: readonly ServiceEntry[],
  flags: GlobalFlags,
  settings: Settings,
  profileFlag: string | undefined,
  query: Query | undefined,
  o: { defaultOutput?: string; tolerant?: boolean; reveals?: boolean },
): Context {
  // Checked now, before any request: profile, format, numbers, booleans. A bad value names where it
  // came from (a flag, OPS_TIMEOUT, `profile staging: timeout`). `ops config` is tolerant of what
  // the environment and the profile hold, so that it can always mend them.
  const tolerant = Boolean(o.tolerant);
  if (!tolerant) settings.requireProfile();
  const setting = (key: string, fallback: string | undefined): string | undefined => {
    const r = settings.resolve(key);
    // -o/--output is checked by resolveFormat, with --json, under its own message.
    if (key === 'output' && r.origin === 'flag') return r.value;
    try {
      return checkedValue(key, r, settings.profileName, GLOBAL_RULES[key]!) ?? fallback;
    } catch (err) {
      if (tolerant && r.origin !== 'flag') return fallback;
      throw err;
    }
  };
  const format = resolveFormat(flags, setting('output', o.defaultOutput));
  const timeoutS = Number(setting('timeout', GLOBAL_DEFAULTS.timeout));
  const retries = Number(setting('retries', GLOBAL_DEFAULTS.retries));
  const maxWait = Number(setting('max_wait', GLOBAL_DEFAULTS.max_wait));
  const insecure = parseBoolean(setting('insecure', 'false')!) === true;
  const caCert = setting('ca_cert', undefined);
  const debug = Boolean(flags.debug) || envBoolean(io.env, 'OPS_DEBUG', tolerant);
  const quiet = Boolean(flags.quiet) || envBoolean(io.env, 'OPS_QUIET', tolerant);
  const color = colorEnabled(io.env, io.stdoutIsTty, flags.color === false);
  const printer = new Printer({ io, format, query, field: flags.field, color, reveals: o.reveals });
  const feedbackOn = io.stderrIsTty && !ciSet(io.env.CI) && !quiet && format !== 'json' && !flags.json;
  const feedback = new Feedback(
    io,
    feedbackOn,
    makeStyle(colorEnabled(io.env, io.stderrIsTty, flags.color === false)),
  );

  const loaded = new Map<string, Promise<HttpClient>>();
  let warnedInsecure = false;
  let warnedKeyring = false;

  async function service(name: string) {
    const entry = services.find((s) => s.name === name);
    if (!entry) throw new UsageError(`unknown service "${name}"`);
    const descriptor = await entry.descriptor();
    await settings.load();
    // Only keys the config file says the keyring holds: a command that uses none pays nothing.
    await settings.loadKeyring(name);
    if (settings.keyringProblem && !warnedKeyring && !quiet) {
      warnedKeyring = true;
      io.stderr.write(`ops: ${settings.keyringProblem}\n`);
    }
    const defaults = Object.fromEntries(
      descriptor.settings.filter((s) => s.default).map((s) => [s.key, s.default]),
    );
    return { descriptor, settings: settings.forService(name, defaults) };
  }

  function baseUrlOf(name: string): string {
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
    return baseUrl;
  }

  async function makeClient(name: string, overrides: ClientOverrides): Promise<HttpClient> {
    const { descriptor, settings: reader } = await service(name);
    const baseUrl = baseUrlOf(name);
    const userAgent = `ops/${VERSION}`;
    const auth = await resolveAuth(name);
    const secretValues = descriptor.settings.filter((s) => s.secret).map((s) => reader.get(s.key));
    if (insecure && !warnedInsecure) {
      warnedInsecure = true;
      feedback.warn(
        'TLS certificates are not verified (--insecure or OPS_INSECURE): anyone on the path can read and change this traffic',
      );
    }
    const transport = getTransport({
      caCert,
      insecure,
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
      transport,
      redactor: new Redactor([...secretValues, ...(auth?.secrets ?? [])], descriptor.secretHeaders),
      log: debug ? (line) => io.stderr.write(`${line}\n`) : undefined,
      dryRun: flags.dryRun ? (curl) => io.stdout.write(`${curl}\n`) : undefined,
      dryRunRead: flags.dryRun
        ? (line) => io.stderr.write(`dry run: sent ${line} (read-only, to plan)\n`)
        : undefined,
      onRetry: feedbackOn
        ? (r) => feedback.warn(`retrying in ${r.waitSeconds.toFixed(1)} s (${r.reason})`)
        : undefined,
      signal: overrides.signal ?? io.signal,
      parseError: descriptor.parseError,
      hintFor: (status, parsed) =>
        descriptor.hintFor?.(status, parsed, {
          // A credential from the environment wins over the profile and any sign-in: the hint says so.
          credentialEnv: descriptor.settings
            .filter((s) => s.secret && !s.signInOnly)
            .map((s) => settings.resolve(`${name}.${s.key}`))
            .find((r) => r.origin === 'env')?.envName,
        }),
      rateLimitWait: descriptor.rateLimitWait,
    });
  }

  function client(name: string, overrides: ClientOverrides = {}): Promise<HttpClient> {
    if (overrides.signal) return makeClient(name, overrides);
    const key = `${name}:${overrides.connections ?? ''}`;
    let c = loaded.get(key);
    if (!c) {
      c = makeClient(name, overrides);
      loaded.set(key, c);
    }
    return c;
  }

  /**
   * What a service's auth may use: its client for the authorization server, and the one way to store
   * what a renewal gives (the refresh hook of a service whose tokens expire).
   */
  function authContext(name: string): AuthContext {
    return {
      baseUrl: flags.baseUrl,
      // A renewal would send the refresh token (and client secret): --dry-run sends no credential.
      http: () =>
        flags.dryRun
          ? Promise.reject(
              new OpsError(
                `${name}: the sign-in expired, and --dry-run does not renew it (that sends the refresh token)`,
                {
                  exitCode: ExitCode.auth,
                  code: 'auth_expired',
                  hint: `run the command once without --dry-run, or \`ops ${name} login\``,
                },
              ),
            )
          : client(name),
      async save(entries, secretKeys) {
        await saveCredentials(settings, name, entries, secretKeys);
      },
    };
  }

  const auths = new Map<string, Promise<AuthScheme | undefined>>();
  /** The service's credentials, resolved once a run (a token is read once, whoever asks). */
  function resolveAuth(name: string): Promise<AuthScheme | undefined> {
    let a = auths.get(name);
    if (!a) {
      a = service(name).then(({ descriptor, settings: reader }) =>
        descriptor.auth(reader, authContext(name)),
      );
      auths.set(name, a);
    }
    return a;
  }

  return {
    io,
    printer,
    feedback,
    settings,
    flags: { ...flags, profile: profileFlag },
    service,
    authContext,
    async serviceClient<T>(
      name: string,
      create: (http: HttpClient) => T | Promise<T>,
      o: ServiceClientOptions = {},
    ) {
      const { descriptor, settings: reader } = await service(name);
      baseUrlOf(name);
      const withFlags = (hint: string | undefined): string =>
        o.credentialFlags ? `${hint ? `${hint}; or ` : ''}${o.credentialFlags}` : (hint ?? '');
      let auth: AuthScheme | undefined;
      try {
        auth = await resolveAuth(name);
      } catch (err) {
        // The command's own ways give the one stdin credential: added where the error is about it.
        const about = envNameFor(`${name}.${descriptor.stdinCredential}`);
        if (err instanceof ConfigError && o.credentialFlags && err.hint?.includes(about))
          throw new ConfigError(err.message, withFlags(err.hint), err.exitCode);
        throw err;
      }
      if (o.auth !== false && !auth) throw missingCredential(name, descriptor, reader, o.command, withFlags);
      if (o.auth !== false && auth?.expiresAt !== undefined && auth.expiresAt <= Date.now() && !auth.refresh)
        throw expiredError(name, auth);
      const overrides: ClientOverrides = {
        ...(o.connections === undefined ? {} : { connections: o.connections }),
        ...(o.signal === undefined ? {} : { signal: o.signal }),
      };
      let built: Promise<T> | undefined;
      return () => {
        built ??= client(name, overrides).then(create);
        return built;
      };
    },
    client,
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
