import { type Command, CommanderError } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import type { Factory } from '../../src/app/types.js';
import { testFactory as createFactory } from '../helpers/factory.js';
import { secretsDeleteCommand } from '../../src/commands/secrets/delete.js';
import { register } from '../../src/commands/secrets/index.js';
import { secretsHelpCommand } from '../../src/commands/secrets/help.js';
import { kvDeleteCommand } from '../../src/commands/secrets/kv/delete.js';
import { kvDestroyCommand } from '../../src/commands/secrets/kv/destroy.js';
import { kvGetCommand } from '../../src/commands/secrets/kv/get.js';
import { kvListCommand } from '../../src/commands/secrets/kv/list.js';
import { kvMetadataDeleteCommand } from '../../src/commands/secrets/kv/metadata/delete.js';
import { kvMetadataGetCommand } from '../../src/commands/secrets/kv/metadata/get.js';
import { kvMetadataPutCommand } from '../../src/commands/secrets/kv/metadata/put.js';
import { kvPatchCommand } from '../../src/commands/secrets/kv/patch.js';
import { kvPutCommand } from '../../src/commands/secrets/kv/put.js';
import { kvUndeleteCommand } from '../../src/commands/secrets/kv/undelete.js';
import { secretsListCommand } from '../../src/commands/secrets/list.js';
import { secretsLoginCommand } from '../../src/commands/secrets/login.js';
import { operatorInitCommand } from '../../src/commands/secrets/operator/init.js';
import { operatorSealCommand } from '../../src/commands/secrets/operator/seal.js';
import { operatorUnsealCommand } from '../../src/commands/secrets/operator/unseal.js';
import { secretsReadCommand } from '../../src/commands/secrets/read.js';
import { secretsStatusCommand } from '../../src/commands/secrets/status.js';
import { secretsWriteCommand } from '../../src/commands/secrets/write.js';
import { UsageError } from '../../src/errors.js';
import { createRoot } from '../../src/program.js';
import { runMain, tempConfigDir } from '../helpers/cli.js';
import { memoryIo } from '../helpers/io.js';
import { buildVerbs } from '../../src/commands/shared/verbs.js';

type Builder = (factory: Factory, run: (o: never) => Promise<void>) => Command;

const BUILDERS: Record<string, [string[], Builder]> = {
  status: [['secrets'], secretsStatusCommand as Builder],
  login: [['secrets'], secretsLoginCommand as Builder],
  read: [['secrets'], secretsReadCommand as Builder],
  write: [['secrets'], secretsWriteCommand as Builder],
  list: [['secrets'], secretsListCommand as Builder],
  delete: [['secrets'], secretsDeleteCommand as Builder],
  help: [['secrets'], secretsHelpCommand as Builder],
  'kv get': [['secrets', 'kv'], kvGetCommand as Builder],
  'kv put': [['secrets', 'kv'], kvPutCommand as Builder],
  'kv patch': [['secrets', 'kv'], kvPatchCommand as Builder],
  'kv list': [['secrets', 'kv'], kvListCommand as Builder],
  'kv delete': [['secrets', 'kv'], kvDeleteCommand as Builder],
  'kv undelete': [['secrets', 'kv'], kvUndeleteCommand as Builder],
  'kv destroy': [['secrets', 'kv'], kvDestroyCommand as Builder],
  'kv metadata get': [['secrets', 'kv', 'metadata'], kvMetadataGetCommand as Builder],
  'kv metadata put': [['secrets', 'kv', 'metadata'], kvMetadataPutCommand as Builder],
  'kv metadata delete': [['secrets', 'kv', 'metadata'], kvMetadataDeleteCommand as Builder],
  'operator init': [['secrets', 'operator'], operatorInitCommand as Builder],
  'operator unseal': [['secrets', 'operator'], operatorUnsealCommand as Builder],
  'operator seal': [['secrets', 'operator'], operatorSealCommand as Builder],
};

/** Parses `ops secrets <verb> …argv` with the run function replaced by a spy; gives the options' data. */
async function parse(verb: string, argv: string[], input?: string): Promise<Record<string, unknown>> {
  const [groups, build] = BUILDERS[verb]!;
  const io = memoryIo({
    env: {
      OPS_CONFIG_DIR: tempConfigDir(),
      OPS_SECRETS_BASE_URL: 'http://127.0.0.1:9/secrets',
      OPS_SECRETS_TOKEN: 't',
    },
    input,
  });
  const run = vi.fn(async (_o: never) => undefined);
  // As buildProgram makes it for a named command: no root --version to swallow the command's own.
  const root = createRoot(false);
  let parent: Command = root;
  for (const g of groups) parent = parent.command(g);
  parent.addCommand(build(createFactory(io), run));
  const quiet = (c: Command): void => {
    c.exitOverride().configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
    c.commands.forEach(quiet);
  };
  quiet(root);
  const words = verb.split(' ');
  await root.parseAsync(['node', 'ops', ...groups, words.at(-1)!, ...argv]);
  expect(run).toHaveBeenCalledTimes(1);
  const opts = run.mock.calls[0]![0] as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(opts).filter(([k, v]) => typeof v !== 'function' && k !== 'printer' && k !== 'feedback'),
  );
}

const base = { namespace: undefined, field: undefined, whole: false, picks: false };

describe('secrets parsing: argv in, options out', () => {
  it.each<[string, string[], Record<string, unknown>, string?]>([
    ['status', [], { ...base, standbyOk: false, perfStandbyOk: false }],
    [
      'status',
      ['--standby-ok', '--perf-standby-ok', '--json'],
      { ...base, whole: true, standbyOk: true, perfStandbyOk: true },
    ],
    ['status', ['--query', 'sealed'], { ...base, whole: true, standbyOk: false, perfStandbyOk: false }],
    [
      'login',
      ['--method', 'userpass', '-f', 'username=alice'],
      {
        ...base,
        method: 'userpass',
        mount: 'userpass',
        params: { username: 'alice' },
        store: true,
        envTokenSet: true,
      },
    ],
    [
      'login',
      ['--method', 'approle', '--path', '/ci-role/', '-f', 'role_id=r1', '--no-store', '--field', 'token'],
      {
        ...base,
        field: 'token',
        method: 'approle',
        mount: 'ci-role',
        params: { role_id: 'r1' },
        store: false,
        envTokenSet: true,
      },
    ],
    [
      'login',
      ['--method', 'LDAP', '-f', 'username=a', '--namespace', 'admin'],
      {
        ...base,
        namespace: 'admin',
        method: 'ldap',
        mount: 'ldap',
        params: { username: 'a' },
        store: true,
        envTokenSet: true,
      },
    ],
    ['login', [], { ...base, method: 'token', mount: 'token', params: {}, store: true, envTokenSet: true }],
    [
      'read',
      ['kv/app', '-f', 'a=1', '--namespace', 'admin/team-a/'],
      { ...base, namespace: 'admin/team-a/', path: 'kv/app', query: { a: '1' } },
    ],
    ['read', ['kv/app', '--field', 'api_key'], { ...base, field: 'api_key', path: 'kv/app', query: {} }],
    [
      'write',
      ['kv/app', 'a=1', 'b=-'],
      { ...base, path: 'kv/app', data: { a: '1', b: 'from stdin' } },
      'from stdin\n',
    ],
    [
      'write',
      ['kv/app', '-'],
      { ...base, path: 'kv/app', data: { x: 1, y: { z: true } } },
      '{"x":1,"y":{"z":true}}',
    ],
    ['write', ['kv/app'], { ...base, path: 'kv/app', data: {} }],
    ['list', ['kv/app', '-o', 'yaml'], { ...base, whole: true, path: 'kv/app', limit: 30 }],
    ['delete', ['kv/app', '-y'], { ...base, path: 'kv/app' }],
    ['help', ['secret/data/x', '--openapi'], { ...base, whole: true, path: 'secret/data/x', openapi: true }],
    ['help', ['secret/data/x'], { ...base, path: 'secret/data/x', openapi: false }],
    [
      'kv get',
      ['secret/app/db', '--version=2'],
      { ...base, path: 'secret/app/db', mount: undefined, version: 2, env: false },
    ],
    [
      'kv get',
      ['secret/app/db', '--version', '2'],
      { ...base, path: 'secret/app/db', mount: undefined, version: 2, env: false },
    ],
    [
      'kv get',
      ['secret/app/db', '-o', 'env'],
      { ...base, path: 'secret/app/db', mount: undefined, version: undefined, env: true },
    ],
    [
      'kv get',
      ['app/db', '--mount', 'secret', '--field', 'password'],
      { ...base, field: 'password', path: 'app/db', mount: 'secret', version: undefined, env: false },
    ],
    [
      'kv put',
      ['secret/a', 'k=v', '--cas', '0'],
      { ...base, path: 'secret/a', mount: undefined, data: { k: 'v' }, cas: 0 },
    ],
    [
      'kv put',
      ['secret/a', '-'],
      { ...base, path: 'secret/a', mount: undefined, data: { a: 'b' }, cas: undefined },
      '{"a":"b"}',
    ],
    [
      'kv patch',
      ['secret/a', 'k=v', '--cas', '2'],
      { ...base, path: 'secret/a', mount: undefined, data: { k: 'v' }, cas: 2 },
    ],
    ['kv list', ['secret/'], { ...base, path: 'secret/', mount: undefined, limit: 30 }],
    [
      'kv delete',
      ['secret/a', '--versions', '1,2'],
      { ...base, path: 'secret/a', mount: undefined, versions: [1, 2] },
    ],
    ['kv delete', ['secret/a'], { ...base, path: 'secret/a', mount: undefined, versions: undefined }],
    [
      'kv undelete',
      ['secret/a', '--versions', '3'],
      { ...base, path: 'secret/a', mount: undefined, versions: [3] },
    ],
    [
      'kv destroy',
      ['secret/a', '--versions', '1, 4'],
      { ...base, path: 'secret/a', mount: undefined, versions: [1, 4] },
    ],
    ['kv metadata get', ['secret/a'], { ...base, path: 'secret/a', mount: undefined }],
    [
      'kv metadata get',
      ['secret/a', '--json=current_version'],
      { ...base, whole: true, picks: true, path: 'secret/a', mount: undefined },
    ],
    [
      'kv metadata put',
      [
        'secret/a',
        '--max-versions',
        '5',
        '--cas-required',
        'false',
        '--delete-version-after',
        '720h',
        '--custom-metadata',
        'owner=ops',
        'team=a',
      ],
      {
        ...base,
        path: 'secret/a',
        mount: undefined,
        body: {
          max_versions: 5,
          cas_required: false,
          delete_version_after: '720h',
          custom_metadata: { owner: 'ops', team: 'a' },
        },
      },
    ],
    ['kv metadata delete', ['secret/a', '--mount', 'secret'], { ...base, path: 'secret/a', mount: 'secret' }],
    ['operator init', [], { ...base, shares: 5, threshold: 3 }],
    ['operator init', ['--key-shares', '3', '--key-threshold', '2'], { ...base, shares: 3, threshold: 2 }],
    ['operator unseal', ['--reset'], { ...base, reset: true }],
    ['operator seal', [], { ...base }],
  ])('secrets %s %j', async (verb, argv, expected, input) => {
    expect(await parse(verb, argv, input)).toEqual(expected);
  });
});

describe('secrets parsing: bad input is exit 2 before the run function', () => {
  it.each<[string, string[], RegExp, string?]>([
    ['login', ['--method', 'userpass'], /needs a username/],
    ['login', ['--method', 'approle'], /needs a role id/],
    ['login', ['-f', 'token=abc123'], /shell history/],
    ['login', ['--method', 'bad method'], /invalid --method/],
    ['login', ['-f', 'novalue'], /invalid -f/],
    ['read', ['kv/app.'], /ends in a period/],
    ['read', ['kv/../sys/seal'], /segment/],
    ['read', ['kv/app', '--namespace', '../up'], /invalid --namespace/],
    ['write', ['kv/app', 'novalue'], /invalid data "novalue"/],
    ['write', ['kv/app', 'a=@/nonexistent/file'], /cannot read/],
    ['write', ['kv/app', '-', 'a=1'], /cannot be mixed/],
    ['write', ['kv/app', '-'], /must hold a JSON object/, '[1,2]'],
    ['write', ['kv/app', '-'], /not valid JSON/, '{oops'],
    ['write', ['kv/app', 'a=-', 'b=-'], /only one value/, 'x'],
    ['kv get', ['secret/a', '--version=abc'], /invalid --version/],
    ['kv get', ['secret/a', '-o', 'env', '--json'], /conflicts with -o env/],
    ['kv get', ['secret/a', '-o', 'xml'], /invalid output format/],
    ['kv put', ['secret/a', 'k=v', '--cas', '-1'], /--cas must be at least 0/],
    ['kv put', ['secret/a', '-'], /no data to write/, '{}'],
    ['kv patch', ['secret/a', 'k=v', '--cas', '0'], /--cas must be at least 1/],
    ['kv delete', ['secret/a', '--versions', '1,x'], /invalid --versions/],
    ['kv destroy', ['secret/a', '--versions', '0'], /invalid --versions/],
    ['kv metadata put', ['secret/a'], /nothing to set/],
    ['kv metadata put', ['secret/a', '--cas-required', 'yes'], /invalid --cas-required/],
    ['kv metadata put', ['secret/a', '--delete-version-after', 'soon'], /invalid --delete-version-after/],
    ['kv metadata put', ['secret/a', '--max-versions', 'many'], /invalid --max-versions/],
    ['operator init', ['--key-shares', '2', '--key-threshold', '3'], /cannot exceed/],
    ['operator init', ['--key-shares', '3', '--key-threshold', '1'], /at least 2/],
  ])('secrets %s %j', async (verb, argv, message, input) => {
    const err = await parse(verb, argv, input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(message);
  });

  it.each<[string, string[]]>([
    ['kv put', ['secret/a']],
    ['kv undelete', ['secret/a']],
    ['kv destroy', ['secret/a']],
    ['read', []],
    ['status', ['--bogus']],
  ])('commander refuses secrets %s %j', async (verb, argv) => {
    await expect(parse(verb, argv)).rejects.toBeInstanceOf(CommanderError);
  });
});

describe('secrets help', () => {
  // As buildProgram makes it for a named command: no root --version to swallow the command's own.
  const root = createRoot(false);
  register(root, createFactory(memoryIo()));
  buildVerbs(root);
  const paths: string[][] = [];
  const walk = (cmd: Command, path: string[]): void => {
    for (const sub of cmd.commands) {
      const next = [...path, sub.name()];
      paths.push(next);
      walk(sub, next);
    }
  };
  walk(root.commands.find((c) => c.name() === 'secrets')!, ['secrets']);

  it('registers every verb of the issue', () => {
    const names = paths.map((p) => p.join(' '));
    for (const verb of [
      'status',
      'login',
      'read',
      'write',
      'list',
      'delete',
      'help',
      'kv get',
      'kv put',
      'kv patch',
      'kv list',
      'kv delete',
      'kv undelete',
      'kv destroy',
      'kv metadata get',
      'kv metadata put',
      'kv metadata delete',
    ]) {
      expect(names).toContain(`secrets ${verb}`);
    }
  });

  it.each(paths.map((p) => [p.join(' '), p]))('%s has a description and an example', async (_name, path) => {
    const r = await runMain([...path, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Examples:\n {2}(ops|eval|printf)/);
    expect(root.commands.find((c) => c.name() === 'secrets')!.description()).not.toBe('');
  });

  it('keeps `ops secrets help <path>` for the server, not for commander', async () => {
    const r = await runMain(['secrets', 'help'], {
      env: { OPS_SECRETS_BASE_URL: 'http://127.0.0.1:9/secrets', OPS_SECRETS_TOKEN: 't' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing required argument 'path'/);
  });
});
