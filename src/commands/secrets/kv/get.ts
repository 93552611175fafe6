import { completing } from '../../shared/complete.js';
import { kvPathCompletion } from '../shared/complete-path.js';
import { Argument, type Command } from 'commander';
import type { EnvelopeWire, KvV2ReadWire } from '../../../clients/secrets/types.js';
import { ExitCode, OpsError, UsageError } from '../../../errors.js';
import type { Factory } from '../../../app/types.js';
import { parseInteger } from '../../shared/parse.js';
import { type SecretsRunBase, start } from '../shared/start.js';
import { checkField, warn, KV_COLUMNS, kvRows, printView, sortedKeys } from '../shared/print.js';
import { namespaceOf, secretsCommand } from '../shared/command.js';
import { requireKey, requireV2 } from '../shared/kv-location.js';

export interface KvGetOptions extends SecretsRunBase {
  path: string;
  mount: string | undefined;
  version: number | undefined;
  /** `-o env`: shell-safe export lines. */
  env: boolean;
}

export function kvGetCommand(factory: Factory, run = runKvGet): Command {
  return secretsCommand(
    'get',
    'Read a secret from a KV mount (version 1 or 2, detected); -o env prints export lines',
    [
      'ops secrets kv get secret/app/db',
      'ops secrets kv get secret/app/db --field password',
      'ops secrets kv get secret/app/db --version 1 --json',
      'eval "$(ops secrets kv get secret/app/db -o env)"',
    ],
  )
    .addArgument(
      completing(
        new Argument('<path>', 'mount and key, e.g. secret/app/db (or the key alone with --mount)'),
        kvPathCompletion,
      ),
    )
    .option('--mount <path>', 'the KV mount, when the path is the key alone')
    .option('--version <n>', 'a version of a KV v2 secret (default: the latest)')
    .action(
      async (path: string, o: { namespace?: string; mount?: string; version?: string }, cmd: Command) => {
        const namespace = namespaceOf(o.namespace);
        const version = parseInteger('--version', o.version, { min: 0 });
        const { secretPath } = await import('../../../clients/secrets/client.js');
        secretPath(path);
        const env = envOutput(cmd);
        const { base, view } = await start(factory, cmd, { namespace }, { ownOutput: ['env'] });
        await run({ ...base, ...view, path, mount: o.mount, version, env });
      },
    );
}

export async function runKvGet(o: KvGetOptions): Promise<void> {
  const client = await o.client();
  const loc = await client.locateKv(o.path, o.mount);
  requireKey(loc, o.path);
  let body: EnvelopeWire<unknown>;
  let data: Record<string, unknown> | null;
  let meta: Record<string, unknown> | undefined;
  if (loc.version === 2) {
    const res = await client.kvV2Read(loc, o.version);
    body = res.body;
    const read = res.body.data as KvV2ReadWire;
    data = read.data;
    meta = read.metadata as unknown as Record<string, unknown>;
    if (res.status === 404) {
      const m = read.metadata;
      const why = m.destroyed ? 'destroyed' : `deleted at ${m.deletion_time}`;
      const hint = m.destroyed
        ? undefined
        : `restore it with \`ops secrets kv undelete ${o.path} --versions ${m.version}\``;
      // Scripts asking for values get an error (exit 3); people get the metadata and a warning.
      if (o.field !== undefined || o.env)
        throw new OpsError(`version ${m.version} of ${o.path} was ${why}`, {
          exitCode: ExitCode.notFound,
          ...(hint ? { hint } : {}),
        });
      o.feedback.warn(`version ${m.version} of ${o.path} was ${why}${hint ? `; ${hint}` : ''}`);
    }
  } else {
    if (o.version !== undefined) requireV2(loc, '--version');
    const res = await client.kvV1Read(loc);
    body = res.body;
    data = res.body.data as Record<string, unknown> | null;
  }
  warn(o.feedback, body);
  if (o.env) {
    const text = envLines(data ?? {}, o.path, (message) => o.feedback.warn(message));
    return o.printer.data(text);
  }
  if (o.field !== undefined) {
    checkField(o.field, data, o.path);
    return o.printer.print(data);
  }
  if (o.whole) return o.printer.print(body);
  if (o.printer.format === 'csv' || o.printer.format === 'tsv')
    return o.printer.print(kvRows(data), { columns: KV_COLUMNS });
  if (meta) {
    await o.printer.text('== Metadata ==');
    await printView(o.printer, sortedKeys(meta), 'fields');
    if (!data) return;
    await o.printer.text('\n== Data ==');
  }
  await printView(o.printer, sortedKeys(data), 'data');
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
