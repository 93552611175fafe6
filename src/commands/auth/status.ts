import { completing, serviceCompletion } from '../shared/complete.js';
import { Argument, type Command } from 'commander';
import type { Context, Factory } from '../../app/types.js';
import type { ServiceDescriptor } from '../../clients/descriptor.js';
import { DryRunStop, ExitCode, type ExitCodeValue, ExitStatusError, OpsError } from '../../errors.js';
import { UsageError } from '../../errors.js';
import { readStdinValue } from '../shared/secret-input.js';
import { addTokenStdin, verbCommand } from '../shared/verbs.js';
import { expiryOf, knownService, maskCredential, secretKeys, sourceName } from './shared.js';
import { wireFields } from '../../clients/wire-fields.js';

export interface AuthStatusOptions {
  ctx: Context;
  /** The services to show, in the table's order. */
  services: string[];
  /** The services were named: one without a credential is exit 4. */
  named: boolean;
  check: boolean;
}

/** One row of `ops auth status` (`-o json` gives an array of these). */
export interface AuthStatusRow {
  service: string;
  /** `flag --token-stdin`, `env OPS_TASKS_TOKEN`, `keyring`, `file` or `none`. */
  source: string;
  /** Masked: at most the first 4 characters, then `****`. */
  credential: string;
  expires_at: string | null;
  /** The source of each of the service's secret keys (hosts: api_key and app_key). */
  keys: Record<string, string>;
  /** With `--check`: `ok`, or why the probe failed. */
  check?: string;
  /** What the service's verbs work on without a flag (a repository), and where it came from. */
  context?: { repo: string | null; source: string };
}

/** A row's fields, for `--json a,b`. */
export const AUTH_STATUS_FIELDS = wireFields<AuthStatusRow>({
  service: true,
  source: true,
  credential: true,
  expires_at: true,
  keys: true,
  check: true,
  context: true,
});

export function authStatusCommand(factory: Factory, run = runAuthStatus): Command {
  const cmd = verbCommand(
    'status',
    "Show where each service's credential comes from, masked, with its expiry",
    [
      'ops auth status',
      'ops auth status hosts tasks --check',
      'printf %s "$OPS_TASKS_TOKEN" | ops auth status tasks --token-stdin --check',
      'ops auth status -o json',
    ],
    {
      notes: `Sources, first that is set wins: flag (--token-stdin), env (OPS_<SERVICE>_<KEY>), the profile's
keyring or file. A credential shows at most its first 4 characters.`,
    },
  )
    .addArgument(
      completing(
        new Argument('[service...]', 'only these services (each must have a credential: exit 4)'),
        serviceCompletion,
      ),
    )
    .option('--check', 'send one cheap read with each credential (exit 4 when one is refused)');
  // With one service named: a credential to try before keeping it.
  return addTokenStdin(cmd).action(
    async (names: string[], o: { check?: boolean; tokenStdin?: boolean }, cmd: Command) => {
      const all = factory.services.map((s) => s.name);
      const services = names.length ? [...new Set(names.map((n) => knownService(all, n)))] : all;
      const settings: Record<string, string> = {};
      if (o.tokenStdin) {
        if (services.length !== 1 || !names.length)
          throw new UsageError(
            '--token-stdin gives one credential',
            'name one service: ops auth status tasks --token-stdin',
          );
        const entry = factory.services.find((s) => s.name === services[0])!;
        const key = `${entry.name}.${(await entry.descriptor()).stdinCredential}`;
        settings[key] = await readStdinValue(factory.io, '--token-stdin', 'pipe the credential on stdin');
      }
      const ctx = await factory.context(cmd, { settings });
      await run({ ctx, services, named: names.length > 0, check: Boolean(o.check) });
    },
  );
}

export async function runAuthStatus(o: AuthStatusOptions): Promise<void> {
  const rows: AuthStatusRow[] = [];
  let exit = 0;
  for (const name of o.services) {
    const { descriptor } = await o.ctx.service(name);
    const keys = secretKeys(descriptor);
    const main = o.ctx.settings.resolve(`${name}.${keys[0]}`);
    const row: AuthStatusRow = {
      service: name,
      source: sourceName(main),
      credential: maskCredential(main.value),
      expires_at: expiryOf(o.ctx, name, main) ?? null,
      keys: Object.fromEntries(keys.map((k) => [k, sourceName(o.ctx.settings.resolve(`${name}.${k}`))])),
    };
    if (descriptor.workContext) row.context = await workContextOf(o.ctx, name, descriptor.workContext);
    if (row.source === 'none' && o.named) exit = ExitCode.auth;
    if (o.check) {
      const checked =
        row.source === 'none' ? { text: 'no credential', code: 0 } : await probe(o.ctx, descriptor);
      row.check = checked.text;
      if (checked.code === ExitCode.auth || (exit === 0 && checked.code !== 0)) exit = checked.code;
    }
    rows.push(row);
  }
  await o.ctx.printer.print(rows, {
    columns: [
      { header: 'service', get: (r) => r.service },
      { header: 'source', get: (r) => r.source },
      { header: 'credential', get: (r) => r.credential },
      { header: 'expires', get: (r) => r.expires_at, format: 'relative' },
      ...(rows.some((r) => r.context?.repo)
        ? [
            {
              header: 'context',
              get: (r: AuthStatusRow) =>
                r.context?.repo ? `${r.context.repo} (${r.context.source})` : undefined,
              kind: 'text' as const,
              priority: 3 as const,
            },
          ]
        : []),
      ...(o.check ? [{ header: 'check', get: (r: AuthStatusRow) => r.check, kind: 'text' as const }] : []),
    ],
  });
  if (exit !== 0)
    throw new ExitStatusError(
      exit === ExitCode.auth ? 'a credential is missing or refused' : 'a check failed',
      exit as ExitCodeValue,
    );
}

/**
 * What the service's verbs work on without a flag: the flag, environment or profile setting, else the
 * one inferred from the git clone the command runs in (its remote on the service's web host).
 */
async function workContextOf(
  ctx: Context,
  name: string,
  c: NonNullable<ServiceDescriptor['workContext']>,
): Promise<{ repo: string | null; source: string }> {
  const set = ctx.settings.resolve(`${name}.${c.setting}`);
  if (set.value) return { repo: set.value, source: sourceName(set) };
  const { remoteMatch, webHostOf } = await import('../shared/git-remote.js');
  const { settings } = await ctx.service(name);
  const host = webHostOf(ctx.flags.baseUrl ?? ctx.settings.get(`${name}.base_url`), settings.get(c.webHost));
  const cwd = ctx.io.cwd;
  const m = host === undefined || cwd === undefined ? undefined : remoteMatch(cwd, host, ctx.io.env);
  return m !== undefined && 'found' in m
    ? { repo: m.found.repo, source: m.found.source }
    : { repo: null, source: 'none' };
}

/** The probe's one read, through the service's own client: `ok`, or the refusal's one line. */
async function probe(ctx: Context, d: ServiceDescriptor): Promise<{ text: string; code: number }> {
  const p = d.probe;
  if (!p) return { text: 'no probe', code: 0 };
  const { settings } = await ctx.service(d.name);
  const missing: string[] = [];
  // `{subscription}` in the path or a query value is that setting of the service (db's account).
  const fill = (t: string, encode: (v: string) => string) =>
    t.replace(/\{([a-z_]+)\}/g, (_m, key: string) => {
      const v = settings.get(key);
      if (!v) missing.push(`${d.name}.${key}`);
      return encode(v ?? '');
    });
  const path = fill(p.path, encodeURIComponent);
  const query = Object.fromEntries(Object.entries(p.query ?? {}).map(([k, v]) => [k, fill(v, (x) => x)]));
  if (missing.length) return { text: `needs ${missing.join(', ')}`, code: ExitCode.usage };
  try {
    const http = await ctx.client(d.name);
    await http.request({
      method: p.method ?? 'GET',
      path,
      query,
      ...(p.body === undefined ? {} : { body: p.body }),
      // A POST probe only computes or opens a session: worth another try like a read.
      idempotent: true,
    });
    return { text: 'ok', code: 0 };
  } catch (err) {
    if (err instanceof DryRunStop) return { text: 'not sent (--dry-run)', code: 0 };
    if (err instanceof OpsError) return { text: err.message.split('\n')[0]!, code: err.exitCode };
    throw err;
  }
}
