import type { Command } from 'commander';
import { startService } from '../shared/start.js';
import type { AuthWire } from '../../clients/secrets/types.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/printer.js';
import type { Context, Factory } from '../../app/types.js';
import type { SecretsClient } from '../../clients/secrets/client.js';
import { parseKeyValue } from '../shared/parse.js';
import { saveCredentials } from '../../config/credentials.js';
import { storageWarn } from '../shared/storage-warn.js';
import { readStdinValue, stdinValue } from '../shared/secret-input.js';
import type { Io } from '../../io.js';
import { type SecretsRunBase, viewOf } from './shared/start.js';
import { namespaceOf, secretsCommand } from './shared/command.js';

export interface SecretsLoginOptions extends SecretsRunBase {
  /** `token`, `userpass`, `approle`, or the type of another auth method. */
  method: string;
  /** The auth mount (defaults to the method's name). */
  mount: string;
  params: Record<string, string>;
  store: boolean;
  /** Reads the secret (token, password, secret id) from stdin or a hidden prompt. */
  readSecret: (label: string) => Promise<string>;
  /** Keeps the new token in the profile as secrets.token; gives the profile's name and where it went. */
  storeToken: (token: string) => Promise<{ profile: string; storedIn: 'keyring' | 'file' }>;
  /** The token variable is set and will win over the stored token. */
  envTokenSet: boolean;
}

/** Which field of a method is its secret, read from stdin or a prompt when not given. */
const SECRET_FIELD: Record<string, string> = {
  token: 'token',
  userpass: 'password',
  ldap: 'password',
  okta: 'password',
  radius: 'password',
  approle: 'secret_id',
};

export function secretsLoginCommand(factory: Factory, run = runSecretsLogin): Command {
  return secretsCommand(
    'login',
    'Log in with a token or an auth method and keep the new token in the profile',
    [
      'printf %s "$TOKEN" | ops secrets login --token-stdin',
      'ops secrets login --method userpass -f username=alice < password.txt',
      'printf %s "$SECRET_ID" | ops secrets login --method approle \\\n' +
        '    -f role_id=sandbox-ci-role-id --no-store --field token',
      'ops secrets login --method ldap --path corp-ldap -f username=alice',
    ],
    {
      notes: `The token, password or secret id is read from stdin, or asked for on a terminal; it is never needed
on the command line. --token-stdin is the token method said as every login says it
(printf %s "$TOKEN" | ops secrets login --token-stdin); a token piped with no flag
is read the same way.`,
    },
  )
    .option('--token-stdin', 'keep a token obtained elsewhere, read from stdin (the token method)')
    .option('--method <method>', 'token, userpass, approle, or another auth method type', 'token')
    .option('--path <mount>', 'auth mount path (default: the method name)')
    .option(
      '-f, --param <key=value...>',
      'login field, e.g. username=alice or role_id=…; a value of - is read from stdin',
    )
    .option('--no-store', 'do not keep the token in the profile (print it with --field token)')
    .option('--insecure-storage', 'keep the token in the 0600 config file even where the OS keyring answers')
    .action(
      async (
        o: {
          namespace?: string;
          method: string;
          path?: string;
          param?: string[];
          store: boolean;
          insecureStorage?: boolean;
          tokenStdin?: boolean;
        },
        cmd: Command,
      ) => {
        const namespace = namespaceOf(o.namespace);
        const method = o.method.trim().toLowerCase();
        if (!/^[a-z0-9][a-z0-9_-]*$/.test(method))
          throw new UsageError(
            `invalid --method "${o.method}"`,
            'give token, userpass, approle or an auth method type',
          );
        const params = Object.fromEntries((o.param ?? []).map((p) => parseKeyValue('-f', p)));
        if (o.tokenStdin) tokenStdinAlone(method, params);
        if (method === 'userpass' && !params.username)
          throw new UsageError('userpass login needs a username', 'add -f username=NAME');
        if (method === 'approle' && !params.role_id)
          throw new UsageError('approle login needs a role id', 'add -f role_id=ID');
        if (method === 'token' && params.token && params.token !== '-') {
          throw new UsageError(
            'a token on the command line would end up in shell history',
            'pipe it: printf %s "$TOKEN" | ops secrets login',
          );
        }
        const mount = (o.path ?? method).replace(/^\/+|\/+$/g, '');
        // With --token-stdin the start reads the token from stdin, as for every secrets verb.
        const ctx = (await startService(factory, cmd, 'secrets')).ctx;
        if (o.tokenStdin) params.token = (await ctx.service('secrets')).settings.get('token') ?? '';
        await run({
          ...baseOptions(ctx, namespace, false),
          method,
          mount,
          params,
          store: o.store,
          readSecret: (label) => readSecret(ctx.io, label),
          storeToken: (token) =>
            saveCredentials(ctx.settings, 'secrets', { token }, ['token'], {
              insecureStorage: Boolean(o.insecureStorage),
              warn: storageWarn(ctx),
            }),
          envTokenSet: Boolean(ctx.io.env.OPS_SECRETS_TOKEN),
        });
      },
    );
}

/**
 * `--token-stdin` is the token method with its token from stdin (docs/grammar.md, "Signing in"): with
 * another method, or a token given by -f, it is exit 2 before anything is read or sent.
 */
function tokenStdinAlone(method: string, params: Record<string, string>): void {
  if (method !== 'token')
    throw new UsageError(
      `--token-stdin and --method ${method} are different ways to sign in`,
      'give one of them',
    );
  if ('token' in params)
    throw new UsageError(
      '--token-stdin reads the token from stdin: -f token is a second one',
      'drop -f token',
    );
}

/**
 * A login field's secret (`token`, `password`, `secret_id`) from stdin, or a hidden prompt on a
 * terminal: never from the command line (PRODUCT §7). Empty is exit 2 naming the field and where it
 * was read.
 */
export async function readSecret(io: Io, field: string): Promise<string> {
  const hint = `pipe it, e.g. printf %s "$${field.toUpperCase()}" | ops secrets login …, or run on a terminal to be asked`;
  if (io.stdinIsTty && io.prompt)
    return stdinValue(
      await io.prompt(`${field[0]!.toUpperCase()}${field.slice(1).replaceAll('_', ' ')}: `, true),
      `the ${field} typed`,
      hint,
    );
  return readStdinValue(io, `the ${field} read from stdin`, hint);
}

/** The vendor CLI's login display: the token and what it may do. */
function shown(a: AuthWire): Record<string, unknown> {
  const meta = Object.fromEntries(Object.entries(a.metadata ?? {}).map(([k, v]) => [`token_meta_${k}`, v]));
  return {
    token: a.client_token,
    token_accessor: a.accessor,
    token_duration: a.lease_duration,
    token_renewable: a.renewable,
    token_policies: a.token_policies ?? a.policies,
    identity_policies: a.identity_policies ?? [],
    policies: a.policies,
    ...meta,
  };
}

export async function runSecretsLogin(o: SecretsLoginOptions): Promise<void> {
  const params: Record<string, string> = { ...o.params };
  const secretField = SECRET_FIELD[o.method];
  for (const [k, v] of Object.entries(params)) if (v === '-') params[k] = await o.readSecret(k);
  if (secretField && !params[secretField]) params[secretField] = await o.readSecret(secretField);
  if (secretField && !params[secretField])
    throw new UsageError(`no ${secretField} given`, `pipe it on stdin, or run on a terminal to be asked`);

  const client = await o.client();
  let auth: AuthWire;
  if (o.method === 'token') {
    // A token has no login endpoint: it is checked with a self lookup (reference A.6).
    const data = (await client.tokenLookUpSelf(params.token)).data ?? {};
    auth = {
      client_token: params.token!,
      accessor: data.accessor,
      policies: data.policies,
      lease_duration: data.ttl,
      renewable: data.renewable,
      metadata: data.meta ?? null,
    };
  } else if (params.username && o.method !== 'approle') {
    const { username, ...body } = params;
    auth = await client.login(o.mount, `login/${username}`, body);
  } else {
    auth = await client.login(o.mount, 'login', params);
  }

  if (o.store) {
    const { profile, storedIn } = await o.storeToken(auth.client_token);
    const where = storedIn === 'keyring' ? 'the OS keyring' : 'the config file';
    o.feedback.info(`Success! Token stored in profile ${profile} (secrets.token, in ${where}).`);
    if (o.envTokenSet)
      o.feedback.warn(
        'OPS_SECRETS_TOKEN is set and takes precedence over the stored token; unset it to use the new one',
      );
  }
  const result = shown(auth);
  const columns: Column<Record<string, unknown>>[] = Object.keys(result).map((k) => ({
    header: k,
    get: (r) => r[k],
    // A table masks the token; `--field token` and JSON give it in full for scripts.
    ...(k === 'token' || k === 'token_accessor' ? { format: 'secret' as const } : {}),
  }));
  await o.printer.print(result, { columns });
}

/**
 * The options of `ops secrets login`, whose start is its own (a login verb; see
 * test/architecture.test.ts): the view and a client made on first use.
 */
function baseOptions(ctx: Context, namespace: string | undefined, tokenRequired = true): SecretsRunBase {
  let made: Promise<() => Promise<SecretsClient>> | undefined;
  return {
    printer: ctx.printer,
    feedback: ctx.feedback,
    ...viewOf(ctx, namespace),
    client: async () => {
      made ??= ctx.serviceClient(
        'secrets',
        async (http) =>
          (await import('../../clients/secrets/client.js')).createSecretsClient(http, { namespace }),
        { auth: tokenRequired, credentialFlags: 'log in with `ops secrets login` (token on stdin)' },
      );
      return (await made)();
    },
  };
}
