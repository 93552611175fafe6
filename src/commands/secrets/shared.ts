import { readFileSync } from 'node:fs';
import { type ServiceBase, serviceStart } from '../shared/start.js';
import { Command } from 'commander';
import type { EnvelopeWire } from '../../clients/secrets/types.js';
import type { KvLocation, SecretsClient } from '../../clients/secrets/client.js';
import { OpsError, UsageError } from '../../errors.js';
import { type Io, readAllText } from '../../io.js';
import type { Style } from '../../output/color.js';
import type { Feedback } from '../../output/feedback.js';
import { type Column, type Printer, getPath } from '../../output/printer.js';
import { terminalSafe } from '../../output/text.js';
import type { Context, Factory } from '../../app/types.js';
import { parseInteger } from '../shared/parse.js';
import { namingSecretsNotFound } from './not-found.js';
import { readStdinValue } from '../shared/secret-input.js';

/** How a secrets verb prints and where it acts, besides its client. */
export interface SecretsView {
  /** `--namespace`, over the profile's (undefined: the profile's or none). */
  namespace: string | undefined;
  /** `--field`: one value of the secret's data. */
  field: string | undefined;
  /** Print the API's answer whole (JSON, YAML, NDJSON, or --query on it) rather than key / value rows. */
  whole: boolean;
}

/** What every secrets run function gets besides its own values. */
export type SecretsRunBase = ServiceBase<SecretsClient> & SecretsView;

/**
 * The start of every secrets verb: its context, its view (`--namespace`, already read by `namespaceOf`,
 * `--field`, whether the answer is printed whole) and its client, made with that namespace. Almost
 * every route needs a token once the store is unsealed (seed, What the service does A4): the shared
 * check says so before sending rather than after a 403; the verbs that work without one (status,
 * operator init and unseal) start with `client: { auth: false }`.
 */
export const start = serviceStart<SecretsClient, { namespace?: string | undefined }, { view: SecretsView }>(
  'secrets',
  {
    scope: (ctx, f) => ({ view: viewOf(ctx, f.namespace) }),
    create: async (http, { view }) =>
      namingSecretsNotFound(
        (await import('../../clients/secrets/client.js')).createSecretsClient(http, {
          namespace: view.namespace,
        }),
      ),
    credentialFlags: 'log in with `ops secrets login` (token on stdin)',
  },
);

function viewOf(ctx: Context, namespace: string | undefined): SecretsView {
  return {
    namespace,
    field: ctx.flags.field,
    whole: Boolean(ctx.flags.query) || ['json', 'yaml', 'ndjson'].includes(ctx.printer.format),
  };
}

/** A secrets verb with the options every one of them shares. */
export function secretsCommand(name: string, description: string, namespaced = true): Command {
  const cmd = new Command(name).description(description);
  // The status routes (operator …) are served before namespaces, so a namespace means nothing there.
  if (namespaced)
    cmd.option(
      '--namespace <ns>',
      'namespace, sent as X-Secrets-Namespace (env OPS_SECRETS_NAMESPACE; admin/ on a managed cluster)',
    );
  return cmd;
}

/** Reads `--namespace`: kept as given (the server reads `ns1/ns2` and `ns1/ns2/` alike); "" clears the profile's. */
export function namespaceOf(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const ns = raw.trim().replace(/^\/+/, '');
  if (/\.\.|[\s?#]/.test(ns))
    throw new UsageError(
      `invalid --namespace "${raw}"`,
      'give a namespace path such as admin/ or admin/team-a/',
    );
  return ns;
}

/**
 * The options of `ops secrets login`, whose start is its own (a login verb; see
 * test/architecture.test.ts): the view and a client made on first use.
 */
export function baseOptions(
  ctx: Context,
  namespace: string | undefined,
  tokenRequired = true,
): SecretsRunBase {
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

/**
 * Whether `-o env` was given: only `kv get` knows it, and its start leaves it to the verb
 * (`ownOutput`), so commander's value is read, never rewritten.
 */
export function envOutput(cmd: Command): boolean {
  const { output, json } = cmd.optsWithGlobals() as { output?: string; json?: boolean };
  if (output?.toLowerCase() !== 'env') return false;
  if (json) throw new UsageError('--json conflicts with -o env', 'give one of them');
  return true;
}

/** What of the data arguments reads stdin (`-` or `key=-`), for `--token-stdin`'s refusal. */
export function dataStdin(args: string[]): string | undefined {
  const a = args.find((x) => x === '-' || x.endsWith('=-'));
  return a === undefined ? undefined : `"${a}"`;
}

/**
 * Secret data from the arguments: `k=v`, `k=@file` (the file's text), `k=-` (stdin), or a lone `-`
 * for a whole JSON object on stdin. Read before any request, so bad input is exit 2.
 */
export async function parseData(args: string[], io: Io): Promise<Record<string, unknown>> {
  if (args.includes('-')) {
    if (args.length > 1)
      throw new UsageError('"-" (a JSON object on stdin) cannot be mixed with key=value pairs');
    const text = await readAllText(io.stdin);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new UsageError(
        `stdin is not valid JSON: ${(err as Error).message}`,
        'pipe a JSON object, e.g. {"password":"…"}',
      );
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new UsageError('stdin must hold a JSON object', 'pipe a JSON object, e.g. {"password":"…"}');
    return parsed as Record<string, unknown>;
  }
  const out: Record<string, unknown> = {};
  let stdinUsed = false;
  for (const arg of args) {
    const i = arg.indexOf('=');
    if (i <= 0)
      throw new UsageError(
        `invalid data "${arg}"`,
        'write key=value, key=@file, key=- (stdin), or - for a JSON object on stdin',
      );
    const key = arg.slice(0, i);
    const value = arg.slice(i + 1);
    if (value === '-') {
      if (stdinUsed) throw new UsageError(`only one value can come from stdin (${key}=-)`);
      stdinUsed = true;
      out[key] = await readStdinValue(io, `the value of ${key}`);
    } else if (value.startsWith('@')) {
      try {
        out[key] = readFileSync(value.slice(1), 'utf8');
      } catch (err) {
        throw new UsageError(`cannot read ${value.slice(1)} for ${key}: ${(err as Error).message}`);
      }
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** `--versions 1,2` → [1, 2]. */
export function parseVersions(raw: string | undefined, flag = '--versions'): number[] | undefined {
  if (raw === undefined) return undefined;
  const parts = raw.split(',').map((s) => s.trim());
  const versions = parts.map(Number);
  if (parts.some((p) => !/^\d+$/.test(p)) || versions.some((n) => n < 1)) {
    throw new UsageError(`invalid ${flag} "${raw}"`, 'give version numbers separated by commas, e.g. 1,2');
  }
  return versions;
}

/** Versions of KV v2 only: a usage error (exit 2) on a version 1 mount. */
export function requireV2(loc: KvLocation, what: string): void {
  if (loc.version !== 2)
    throw new UsageError(`${what} needs a KV version 2 mount; ${loc.mount} is version 1`);
}

/** A KV command needs a key, not the mount itself. */
export function requireKey(loc: KvLocation, path: string): void {
  if (loc.key === '' || loc.key.endsWith('/'))
    throw new UsageError(
      `"${path}" names a mount or a directory, not a secret`,
      'give the path of a secret, e.g. secret/app/db',
    );
}

/** Server warnings go to stderr with the other hints (PRODUCT §3). */
export function warn(feedback: Feedback, body: { warnings?: string[] | null } | undefined): void {
  for (const w of body?.warnings ?? []) feedback.warn(terminalSafe(w));
}

/** Key / value rows, sorted by key: how secret data is shown in a table. */
export function kvRows(
  data: Record<string, unknown> | null | undefined,
): Array<{ key: string; value: unknown }> {
  return Object.keys(data ?? {})
    .sort()
    .map((key) => ({ key, value: data![key] }));
}

/**
 * One resource as key / value lines through the shared printer, as every service shows one
 * (docs/grammar.md, "Tables" and "Times out"): the API's fields named in lower-case words with their
 * times in UTC to the second off a terminal, relative on one (`fields`); or a secret's own keys,
 * exactly as written, with its values untouched (`data`). JSON and YAML print the API's body instead.
 */
export async function printView(
  printer: Printer,
  record: Record<string, unknown> | null | undefined,
  keys: 'fields' | 'data',
): Promise<void> {
  const shown = Object.entries(record ?? {}).filter(([, v]) => v !== undefined);
  if (shown.length === 0) return;
  if (keys === 'fields') return printer.print(Object.fromEntries(shown));
  const columns: Column<Record<string, unknown>>[] = shown.map(([k]) => ({ header: k, get: (r) => r[k] }));
  return printer.print(Object.fromEntries(shown), { columns });
}

/** A record with its keys in order (API answers come in any order; a view is read in one). */
export function sortedKeys(record: Record<string, unknown> | null | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export const KV_COLUMNS: Column<{ key: string; value: unknown }>[] = [
  { header: 'key', get: (r) => r.key },
  { header: 'value', get: (r) => r.value },
];

/** `--field` reads from the secret's data, as the vendor CLI's `-field` does; a missing one is an error, not silence. */
export function checkField(field: string | undefined, data: unknown, where: string): void {
  if (field !== undefined && getPath(data, field) === undefined)
    throw new OpsError(`field "${field}" not present in ${where}`);
}

/**
 * Prints an enveloped answer: JSON/YAML get the whole envelope (the API's own shape); a table, CSV
 * and `--field` get the data as key / value rows.
 */
export async function printEnvelope(
  o: SecretsRunBase,
  body: EnvelopeWire<unknown>,
  where: string,
): Promise<void> {
  const { printer, field } = o;
  const data = body.data ?? (body.auth ? { ...body.auth } : null);
  if (field !== undefined) {
    checkField(field, data, where);
    return printer.print(data);
  }
  if (o.whole) return printer.print(body);
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const masked = body.data ? data : { ...(data as Record<string, unknown>), client_token: '***' };
    return printer.print(kvRows(masked as Record<string, unknown>), { columns: KV_COLUMNS });
  }
  return printer.print(data);
}

/**
 * Shell-safe `export K='v'` lines (`kv get -o env`). Names that are not shell identifiers are mended
 * (`db-user` → `db_user`), with a warning. A key with no name to give (the empty key), or one whose
 * mended name another key already has, is skipped with a warning: an `export ='v'` line would break the
 * whole `eval`, and two values for one name would leave the variable to whichever came last. A key
 * already named so wins over a mended one.
 */
export function envLines(
  data: Record<string, unknown>,
  record: string,
  warn: (message: string) => void,
): string {
  const byName = new Map<string, string>();
  const keys = Object.keys(data).sort();
  const exact = (k: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(k);
  for (const key of [...keys.filter(exact), ...keys.filter((k) => !exact(k))]) {
    if (key === '') {
      warn(`${record}: a key with an empty name cannot be exported; skipped`);
      continue;
    }
    let name = key.replace(/[^A-Za-z0-9_]/g, '_');
    if (/^[0-9]/.test(name)) name = `_${name}`;
    const taken = byName.get(name);
    if (taken !== undefined) {
      warn(`${record}: key "${key}" would be exported as ${name}, which key "${taken}" is; skipped`);
      continue;
    }
    if (name !== key) warn(`key "${key}" exported as ${name}`);
    byName.set(name, key);
  }
  const lines = [...byName]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, key]) => {
      const v = data[key];
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      return `export ${name}='${text.replace(/'/g, `'\\''`)}'`;
    });
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** Markdown help from the server, for a terminal: headings bold, code fences indented, control characters gone. */
export function renderMarkdown(md: string, style: Style): string {
  let fence = false;
  const out: string[] = [];
  for (const line of terminalSafe(md).split('\n')) {
    if (/^\s*```/.test(line)) {
      fence = !fence;
      continue;
    }
    if (fence) {
      out.push(`    ${line}`);
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      out.push(style.bold(heading[1]!.toUpperCase()));
      continue;
    }
    out.push(
      line
        .replace(/\*\*([^*]+)\*\*/g, (_m, t: string) => style.bold(t))
        .replace(/`([^`]+)`/g, (_m, t: string) => style.cyan(t)),
    );
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/** The options of `kv put` and `kv patch`. */
export interface KvWriteOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
  data: Record<string, unknown>;
  cas: number | undefined;
}

/**
 * What `kv put` and `kv patch` read from their command line, all checked before any request: the
 * namespace, --cas, the path, and the data (key=value pairs or a JSON object on stdin).
 */
export async function kvWriteOptions(
  factory: Factory,
  cmd: Command,
  path: string,
  args: string[],
  o: { namespace?: string; mount?: string; cas?: string },
  verb: 'put' | 'patch',
): Promise<KvWriteOptions> {
  const namespace = namespaceOf(o.namespace);
  // put takes --cas 0 (write only a new key); a patch needs an existing version.
  const cas = parseInteger('--cas', o.cas, { min: verb === 'put' ? 0 : 1 });
  const { secretPath } = await import('../../clients/secrets/client.js');
  secretPath(path);
  const data = await parseData(args, factory.io);
  if (Object.keys(data).length === 0) {
    throw new UsageError(
      `no data to ${verb === 'put' ? 'write' : 'patch'}`,
      'give key=value pairs, or - for a JSON object on stdin',
    );
  }
  const { base, view } = await start(factory, cmd, { namespace }, { stdinUsed: dataStdin(args) });
  return { ...base, ...view, path, mount: o.mount, data, cas };
}

/**
 * The start of the kv verbs that name versions (delete, destroy, undelete), all checked before any
 * request: the namespace, --versions and the path; then the context.
 */
export async function kvVersionsStart(
  factory: Factory,
  cmd: Command,
  path: string,
  o: { namespace?: string; mount?: string; versions?: string },
): Promise<{
  ctx: Context;
  options: SecretsRunBase & { path: string; mount: string | undefined; versions: number[] | undefined };
}> {
  const namespace = namespaceOf(o.namespace);
  const versions = parseVersions(o.versions);
  const { secretPath } = await import('../../clients/secrets/client.js');
  secretPath(path);
  const { ctx, base, view } = await start(factory, cmd, { namespace });
  return { ctx, options: { ...base, ...view, path, mount: o.mount, versions } };
}
