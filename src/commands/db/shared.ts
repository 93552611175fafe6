import { Argument, type Command } from 'commander';
import { type DbAccount, type DbClient, accountResourceId, createDbClient } from '../../clients/db/client.js';
import { DEFAULT_API_VERSION, checkApiVersion } from '../../clients/db/index.js';
import type { SqlRoleAssignmentWire, SqlRoleDefinitionWire } from '../../clients/db/types.js';
import { ConfigError, UsageError } from '../../errors.js';
import type { Column } from '../../output/printer.js';
import { type MissingOf, namingNotFound } from '../shared/not-found.js';
import { serviceStart } from '../shared/start.js';
import { type Completer, completing } from '../shared/complete.js';
import { firstItems } from '../shared/pick.js';
import { isUuid, parseUuid } from '../shared/ids.js';

export interface TargetFlags {
  subscription?: string;
  resourceGroup?: string;
  account?: string;
  apiVersion?: string;
}

/** `--subscription`, `--resource-group`, `--account`, `--api-version` on every verb that calls the API. */
export function addTargetOptions(cmd: Command): Command {
  return cmd
    .option('--subscription <id>', 'subscription id of the account (env OPS_DB_SUBSCRIPTION)')
    .option('--resource-group <name>', 'resource group of the account (env OPS_DB_RESOURCE_GROUP)')
    .option('--account <name>', 'database account name (env OPS_DB_ACCOUNT)')
    .option(
      '--api-version <version>',
      `api-version (env OPS_DB_API_VERSION, default ${DEFAULT_API_VERSION})`,
    );
}

/** A GUID argument or flag (assignment, principal, role definition ids). */
export function parseGuid(what: string, raw: string): string {
  return parseUuid(what, raw, 'a GUID such as 7d9f1e2a-3b4c-4d5e-8f60-718293a4b5c6');
}

const RULES = {
  subscription: {
    flag: '--subscription',
    key: 'db.subscription',
    check: isUuid,
    how: 'a subscription id is a GUID',
  },
  resourceGroup: {
    flag: '--resource-group',
    key: 'db.resource_group',
    // The API's rule (reference C.2): 1 to 90 letters, digits, - _ . ( ).
    check: (v: string) => v.length <= 90 && /^[-\w._()]+$/.test(v),
    how: 'give 1 to 90 letters, digits, -, _, ., ( or )',
  },
  account: {
    flag: '--account',
    key: 'db.account',
    // The seed's pattern, over the whole name, 3 to 50 characters.
    check: (v: string) => v.length >= 3 && v.length <= 50 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v),
    how: 'give 3 to 50 lowercase letters, digits and single hyphens, not at either end',
  },
  apiVersion: {
    flag: '--api-version',
    key: 'db.api_version',
    check: (v: string) => checkApiVersion(v) === undefined,
    how: `give a date such as ${DEFAULT_API_VERSION}`,
  },
} as const;

/**
 * The account an API verb is about: every part present and valid, before any request. A bad value is
 * named by where it came from (`--account`, `OPS_DB_ACCOUNT`, `profile staging: db.account`).
 */
export function parseTarget(
  raw: TargetFlags,
  sourceOf: (rule: { flag: string; key: string }) => string = (rule) => rule.flag,
): DbAccount {
  const out: Record<string, string> = {};
  for (const [name, rule] of Object.entries(RULES)) {
    const v = raw[name as keyof TargetFlags];
    if (v === undefined || v === '') {
      throw new ConfigError(
        `db: no ${rule.key.slice(3).replace(/_/g, ' ')} is set`,
        `pass ${rule.flag}, set OPS_${rule.key.toUpperCase().replace('.', '_')}, run \`ops config set ${rule.key} VALUE\`, or \`eval "$(ops sandbox env)"\` for the sandbox`,
      );
    }
    if (!rule.check(v)) throw new UsageError(`invalid ${sourceOf(rule)} "${v}"`, rule.how);
    out[name] = v;
  }
  return out as unknown as DbAccount;
}

/**
 * The start of every db verb that calls the API: the target flags laid over the settings (flag > env >
 * profile > default) and the account checked, before any request; then the account's client. A bad
 * value is named by where it came from. A missing or expired token is exit 4 pointing at `ops db login`
 * (the descriptor's auth decides expiry).
 */
/**
 * What a db operation looks for: a role assignment or definition (its GUID) in the account, or, for a
 * list, the account itself in its resource group (the error's own hint names the settings).
 */
function dbMissing(target: DbAccount): MissingOf {
  return (op, [id]) => {
    const kind = /RoleAssignment/.test(op)
      ? 'role assignment'
      : /RoleDefinition/.test(op)
        ? 'role definition'
        : undefined;
    if (!kind) return undefined;
    if (typeof id !== 'string')
      return { kind: 'account', id: target.account, where: `resource group ${target.resourceGroup}` };
    return {
      kind,
      id: id.slice(id.lastIndexOf('/') + 1),
      where: `account ${target.account}`,
      hint: `\`ops db ${kind.replace(' ', '-')} list\` shows them; --account looks in another account`,
    };
  };
}

export const start = serviceStart<DbClient, TargetFlags, { target: DbAccount }>('db', {
  check: (flags) => {
    for (const [name, rule] of Object.entries(RULES)) {
      if (flags[name as keyof TargetFlags]?.trim() === '')
        throw new UsageError(`${rule.flag} is empty`, rule.how);
    }
  },
  settings: (flags) => ({
    'db.subscription': flags.subscription,
    'db.resource_group': flags.resourceGroup,
    'db.account': flags.account,
    'db.api_version': flags.apiVersion,
  }),
  scope: async (ctx) => {
    const { settings } = await ctx.service('db');
    const target = parseTarget(
      {
        subscription: settings.get('subscription'),
        resourceGroup: settings.get('resource_group'),
        account: settings.get('account'),
        apiVersion: settings.get('api_version'),
      },
      (rule) => {
        const r = ctx.settings.resolve(rule.key);
        if (r.origin === 'env') return r.envName;
        if (r.origin === 'profile') return `profile ${ctx.settings.profileName}: ${rule.key}`;
        return rule.flag;
      },
    );
    return { target };
  },
  create: (http, { target }) => namingNotFound(createDbClient(http, target), dbMissing(target)),
  credentialFlags: 'sign in with `ops db login`, or pipe a token to --token-stdin',
});

/** A role definition as given: a fully qualified id (a bare GUID is expanded to one), or a role name. */
export type RoleDefinitionRef = { id: string } | { name: string };

const SEGMENT = '[^/\\\\#?]+';

/**
 * `/`, `/dbs/<db>`, `/dbs/<db>/colls/<coll>`, or the fully qualified form of the same account, as the
 * fully qualified path the service requires.
 */
export function parseScope(raw: string, target: DbAccount): string {
  const accountId = accountResourceId(target);
  const s = raw.trim();
  const below = s.toLowerCase().startsWith(`${accountId.toLowerCase()}`) ? s.slice(accountId.length) : s;
  const short = below.replace(/\/$/, '');
  if (s.startsWith('/subscriptions/') && below === s)
    throw new UsageError(
      `--scope "${raw}" is not in account ${target.account}`,
      `give a path below ${accountId}, or a short one: /, /dbs/<db> or /dbs/<db>/colls/<coll>`,
    );
  if (!new RegExp(`^(/dbs/${SEGMENT}(/colls/${SEGMENT})?)?$`).test(short))
    throw new UsageError(
      `invalid --scope "${raw}"`,
      'give a data-plane path: /, /dbs/<db>, /dbs/<db>/colls/<coll>, or the fully qualified form',
    );
  return `${accountId}${short}`;
}

/** A GUID becomes the account's fully qualified role-definition id; a full id must be of this account. */
export function parseRoleDefinition(raw: string, target: DbAccount): RoleDefinitionRef {
  const v = raw.trim();
  if (v === '') throw new UsageError('--role-definition is empty', 'give a role definition id or name');
  const prefix = `${accountResourceId(target)}/sqlRoleDefinitions/`;
  if (v.startsWith('/')) {
    if (!v.toLowerCase().startsWith(prefix.toLowerCase()))
      throw new UsageError(
        `--role-definition "${raw}" is not a role definition of account ${target.account}`,
      );
    return { id: `${prefix}${parseGuid('--role-definition', v.slice(prefix.length))}` };
  }
  if (/^[0-9a-f-]{36}$/i.test(v)) return { id: `${prefix}${parseGuid('--role-definition', v)}` };
  return { name: v };
}

/** A scope as people write it: `/` for the account, `/dbs/<db>[/colls/<coll>]` below it. */
export function shortScope(scope: string, accountId: string): string {
  if (scope.toLowerCase().startsWith(accountId.toLowerCase())) return scope.slice(accountId.length) || '/';
  return scope;
}

const lastSegment = (id: string) => id.slice(id.lastIndexOf('/') + 1);

export function assignmentColumns(target: DbAccount): Column<SqlRoleAssignmentWire>[] {
  const accountId = accountResourceId(target);
  return [
    { header: 'name', get: (a) => a.name },
    { header: 'principal', get: (a) => a.properties?.principalId, priority: 2 },
    {
      header: 'role definition',
      get: (a) => lastSegment(a.properties?.roleDefinitionId ?? ''),
      priority: 2,
    },
    { header: 'scope', get: (a) => shortScope(a.properties?.scope ?? '', accountId), kind: 'text' },
  ];
}

export const DEFINITION_COLUMNS: Column<SqlRoleDefinitionWire>[] = [
  { header: 'name', get: (d) => d.name },
  { header: 'role name', get: (d) => d.properties?.roleName, kind: 'text' },
  { header: 'type', get: (d) => d.properties?.type },
  {
    header: 'data actions',
    kind: 'text',
    get: (d) => (d.properties?.permissions ?? []).flatMap((p) => p.dataActions ?? []).join(', '),
  },
];

/**
 * The role assignments a shell completes (`ops db role-assignment get <TAB>`): each GUID, with its role
 * definition, principal and scope beside it.
 */
export const assignmentCandidates: Completer = async (c) => {
  const { base } = await start(c.factory, c.cmd, c.cmd.opts() as TargetFlags);
  const list = await firstItems((await base.client()).listSqlRoleAssignments({ limit: c.limit }), c.limit);
  return list.map((a) => ({
    value: a.name,
    description: `${a.properties.scope.replace(/^.*databaseAccounts\/[^/]+/, '') || '/'}  principal ${a.properties.principalId}`,
  }));
};

/** The `<id>` of a role assignment verb, completed from the account's assignments. */
export const assignmentArgument = (): Argument =>
  completing(new Argument('<id>', 'the assignment id (a GUID)'), assignmentCandidates);
