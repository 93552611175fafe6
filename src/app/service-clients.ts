import { type AuthScheme, expiredError } from '../clients/http/auth.js';
import { createHttpClient } from '../clients/http/client.js';
import { redactorFor } from '../clients/http/redact.js';
import type { CredentialCommand, CurlLine } from '../clients/http/curl.js';
import { getTransport } from '../clients/http/transport/transport.js';
import type { HttpClient } from '../clients/http/types.js';
import type { AuthContext, ServiceDescriptor, SettingsReader } from '../clients/descriptor.js';
import { checkBaseUrl } from '../config/base-url.js';
import { saveCredentials } from '../config/credentials.js';
import { type Settings, envNameFor } from '../config/settings.js';
import { ConfigError, ExitCode, OpsError, UsageError } from '../errors.js';
import type { Io } from '../io.js';
import type { Feedback } from '../output/feedback.js';
import { VERSION } from '../version.js';
import type { ClientOverrides, GlobalFlags, ServiceClientOptions, ServiceEntry } from './types.js';

/** The run's checked settings the service clients are built with (see `checkedRun` in factory.ts). */
export interface RunSettings {
  timeoutS: number;
  retries: number;
  maxWait: number;
  insecure: boolean;
  caCert: string | undefined;
  debug: boolean;
  quiet: boolean;
  /** Spinners and retry notes go to stderr. */
  feedbackOn: boolean;
}

/**
 * The services of one command's context: each one's descriptor and settings, its address, its
 * credential (resolved once, whoever asks) and its HTTP client (built once per connection count).
 */
export class ServiceClients {
  private readonly loaded = new Map<string, Promise<HttpClient>>();
  private readonly auths = new Map<string, Promise<AuthScheme | undefined>>();
  private warnedInsecure = false;
  /** The variables dry-run curl lines read (`"$OPS_HEADER_AUTHORIZATION"`), each said once. */
  private readonly saidVariables = new Set<string>();
  /** What each --token-stdin variable stands for, by its name. */
  private readonly stdinVariables = new Map<string, string>();
  private warnedKeyring = false;

  constructor(
    private readonly io: Io,
    private readonly entries: readonly ServiceEntry[],
    private readonly flags: GlobalFlags,
    private readonly settings: Settings,
    private readonly run: RunSettings,
    private readonly feedback: Feedback,
  ) {}

  async service(name: string) {
    const { io, settings } = this;
    const entry = this.entries.find((s) => s.name === name);
    if (!entry) throw new UsageError(`unknown service "${name}"`);
    const descriptor = await entry.descriptor();
    await settings.load();
    // Only keys the config file says the keyring holds: a command that uses none pays nothing.
    await settings.loadKeyring(name);
    if (settings.keyringProblem && !this.warnedKeyring && !this.run.quiet) {
      this.warnedKeyring = true;
      io.stderr.write(`ops: ${settings.keyringProblem}\n`);
    }
    const defaults = Object.fromEntries(
      descriptor.settings.filter((s) => s.default).map((s) => [s.key, s.default]),
    );
    return { descriptor, settings: settings.forService(name, defaults) };
  }

  baseUrlOf(name: string): string {
    const { flags, settings } = this;
    const baseKey = `${name}.base_url`;
    const baseUrl = flags.baseUrl ?? settings.get(baseKey);
    if (!baseUrl) {
      throw new ConfigError(
        `${name}: no service address is set`,
        `pass --base-url, set OPS_${name.toUpperCase()}_BASE_URL, run \`ops config set ${baseKey} URL\`, or \`eval "$(ops sandbox env)"\` for the sandbox`,
      );
    }
    checkBaseUrl(name, baseUrl);
    return baseUrl;
  }

  client(name: string, overrides: ClientOverrides = {}): Promise<HttpClient> {
    if (overrides.signal) return this.makeClient(name, overrides);
    const key = `${name}:${overrides.connections ?? ''}`;
    let c = this.loaded.get(key);
    if (!c) {
      c = this.makeClient(name, overrides);
      this.loaded.set(key, c);
    }
    return c;
  }

  private async makeClient(name: string, overrides: ClientOverrides): Promise<HttpClient> {
    const { io, flags, settings, feedback } = this;
    const { insecure, caCert, retries, timeoutS, maxWait, debug, feedbackOn } = this.run;
    const { descriptor, settings: reader } = await this.service(name);
    const baseUrl = this.baseUrlOf(name);
    const userAgent = `ops/${VERSION}`;
    const auth = await this.resolveAuth(name);
    const secretValues = descriptor.settings.filter((s) => s.secret).map((s) => reader.get(s.key));
    if (insecure && !this.warnedInsecure) {
      this.warnedInsecure = true;
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
      secretRequests: descriptor.secretRequests,
      transport,
      redactor: redactorFor([...secretValues, ...(auth?.secrets ?? [])], descriptor.secretHeaders),
      log: debug ? (line) => io.stderr.write(`${line}\n`) : undefined,
      dryRun: flags.dryRun ? (curl) => this.printCurl(curl) : undefined,
      dryRunCredentials: flags.dryRun ? this.credentialCommands(name, descriptor) : undefined,
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

  /**
   * Writes a dry run's curl line, and once on stderr each variable it reads and what to set it to: a
   * credential given on stdin, one `ops api -H` gave (no command prints either), or a secret value of
   * the body; and which secret values of the body it masks, so that it does not run as printed.
   */
  private printCurl({ line, variables, masked }: CurlLine): void {
    this.io.stdout.write(`${line}\n`);
    for (const m of line.matchAll(/"\$(OPS_[A-Z0-9_]+)"/g)) {
      const name = m[1]!;
      if (this.saidVariables.has(name)) continue;
      this.saidVariables.add(name);
      const what =
        this.stdinVariables.get(name) ??
        variables.find((v) => v.name === name)?.what ??
        `the credential -H gave the ${name.slice('OPS_HEADER_'.length).toLowerCase().replaceAll('_', '-')} header (without a scheme word such as Bearer)`;
      this.io.stderr.write(`dry run: to run the curl line, set ${name} to ${what}\n`);
    }
    if (masked.length > 0)
      this.io.stderr.write(
        `dry run: the curl line masks ${masked.join(', ')} as *** (no variable gives the bytes ops sends there): it does not run as printed\n`,
      );
  }

  /**
   * Each stored credential of a service (environment, profile, keyring) and the `ops auth token` line
   * that prints it, for --dry-run's curl. One given on the command line (`--token-stdin`) is in no
   * store that command reads: it stays masked.
   */
  private credentialCommands(name: string, descriptor: ServiceDescriptor): CredentialCommand[] {
    const profile = this.flags.profile;
    const ops = profile && /^[\w.-]+$/.test(profile) ? `ops --profile ${profile}` : 'ops';
    return descriptor.settings
      .filter((s) => s.secret && !s.signInOnly)
      .flatMap((s) => {
        const r = this.settings.resolve(`${name}.${s.key}`);
        if (r.value === undefined || r.origin === undefined) return [];
        // `ops auth token` prints the stored credential, not the one piped to --token-stdin (a CI
        // secret, say): the line reads that one from the variable ops itself would read it from.
        if (r.origin === 'flag') {
          const variable = envNameFor(`${name}.${s.key}`);
          this.stdinVariables.set(variable, `the ${name} ${s.key} given to --token-stdin`);
          return [{ value: r.value, command: '', shell: `"$${variable}"` }];
        }
        const key = s.key === descriptor.stdinCredential ? '' : ` --key ${s.key}`;
        return [{ value: r.value, command: `${ops} auth token ${name}${key}` }];
      });
  }

  /**
   * What a service's auth may use: its client for the authorization server, and the one way to store
   * what a renewal gives (the refresh hook of a service whose tokens expire).
   */
  authContext(name: string): AuthContext {
    const { flags, settings } = this;
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
          : this.client(name),
      async save(entries, secretKeys) {
        await saveCredentials(settings, name, entries, secretKeys);
      },
    };
  }

  /** The service's credentials, resolved once a run (a token is read once, whoever asks). */
  resolveAuth(name: string): Promise<AuthScheme | undefined> {
    let a = this.auths.get(name);
    if (!a) {
      a = this.service(name).then(({ descriptor, settings: reader }) =>
        descriptor.auth(reader, this.authContext(name)),
      );
      this.auths.set(name, a);
    }
    return a;
  }

  /** See Context.serviceClient: the address and credential checked now, the client built on first use. */
  async serviceClient<T>(
    name: string,
    create: (http: HttpClient) => T | Promise<T>,
    o: ServiceClientOptions = {},
  ): Promise<() => Promise<T>> {
    const { descriptor, settings: reader } = await this.service(name);
    this.baseUrlOf(name);
    const withFlags = (hint: string | undefined): string =>
      o.credentialFlags ? `${hint ? `${hint}; or ` : ''}${o.credentialFlags}` : (hint ?? '');
    let auth: AuthScheme | undefined;
    try {
      auth = await this.resolveAuth(name);
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
      built ??= this.client(name, overrides).then(create);
      return built;
    };
  }
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
