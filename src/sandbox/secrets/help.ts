import { type Reply, json } from '../core/framework.js';
import { SERVER_VERSION } from './sys.js';

interface Param {
  name: string;
  type: string;
  description: string;
  in?: 'path' | 'query';
}

interface HelpRoute {
  /** OpenAPI path relative to the mount (`/data/{path}`). */
  path: string;
  /** Matches the request path relative to the mount. */
  match: RegExp;
  pattern: string;
  synopsis: string;
  description: string;
  params: Param[];
  ops: Partial<Record<'get' | 'post' | 'patch' | 'delete', string>>;
  list?: boolean;
}

const KEY: Param = { name: 'path', type: 'string', description: 'Location of the secret.', in: 'path' };

const KV2: HelpRoute[] = [
  {
    path: '/config',
    match: /^config$/,
    pattern: '^config$',
    synopsis: 'Configures settings for the KV store',
    description:
      'Sets the default number of versions kept, whether check-and-set is required and when versions are deleted.',
    params: [
      {
        name: 'max_versions',
        type: 'integer',
        description: 'The number of versions to keep for each key. Defaults to 10',
      },
      {
        name: 'cas_required',
        type: 'boolean',
        description: 'If true, the backend will require the cas parameter to be set for each write',
      },
      {
        name: 'delete_version_after',
        type: 'duration',
        description: 'The length of time before a version is deleted.',
      },
    ],
    ops: { get: 'kv-v2-read-configuration', post: 'kv-v2-configure' },
  },
  {
    path: '/data/{path}',
    match: /^data\/.+$/,
    pattern: '^data/(?P<path>.*)$',
    synopsis: 'Write, Patch, Read, and Delete data in the Key-Value Store.',
    description:
      'Takes a key name and value data and stores it as a new version; reads give the latest version unless `version` is set.',
    params: [
      KEY,
      {
        name: 'data',
        type: 'map',
        description: 'The contents of the data map will be stored and returned on read.',
      },
      {
        name: 'options',
        type: 'map',
        description: 'Options for writing a KV entry; `cas` makes the write a check-and-set.',
      },
      {
        name: 'version',
        type: 'integer',
        description: 'If provided during a read, the value at the version number will be returned',
        in: 'query',
      },
    ],
    ops: { get: 'kv-v2-read', post: 'kv-v2-write', patch: 'kv-v2-patch', delete: 'kv-v2-delete' },
  },
  {
    path: '/delete/{path}',
    match: /^delete\/.+$/,
    pattern: '^delete/(?P<path>.*)$',
    synopsis: 'Marks one or more versions as deleted in the KV store.',
    description: 'Soft-deletes the versions given; their data can be restored with undelete.',
    params: [KEY, { name: 'versions', type: 'array', description: 'The versions to be archived.' }],
    ops: { post: 'kv-v2-delete-versions' },
  },
  {
    path: '/undelete/{path}',
    match: /^undelete\/.+$/,
    pattern: '^undelete/(?P<path>.*)$',
    synopsis: 'Undeletes one or more versions from the KV store.',
    description: 'Restores soft-deleted versions.',
    params: [KEY, { name: 'versions', type: 'array', description: 'The versions to unarchive.' }],
    ops: { post: 'kv-v2-undelete-versions' },
  },
  {
    path: '/destroy/{path}',
    match: /^destroy\/.+$/,
    pattern: '^destroy/(?P<path>.*)$',
    synopsis: 'Permanently removes one or more versions in the KV store',
    description: 'Destroys the data of the versions given; this cannot be undone.',
    params: [
      KEY,
      {
        name: 'versions',
        type: 'array',
        description: 'The versions to destroy. Their data will be permanently deleted.',
      },
    ],
    ops: { post: 'kv-v2-destroy-versions' },
  },
  {
    path: '/metadata/{path}/',
    match: /^metadata\/(.*\/)?$/,
    pattern: '^metadata/(?P<path>.*/)?$',
    synopsis: 'Lists the keys at a directory path.',
    description: 'Keys that end in / are directories.',
    params: [KEY],
    ops: { get: 'kv-v2-list' },
    list: true,
  },
  {
    path: '/metadata/{path}',
    match: /^metadata\/.+$/,
    pattern: '^metadata/(?P<path>.*)$',
    synopsis: 'Configures settings for the KV store',
    description: 'Reads and writes the metadata of a key and all its versions; delete removes every version.',
    params: [
      KEY,
      { name: 'max_versions', type: 'integer', description: 'The number of versions to keep.' },
      { name: 'cas_required', type: 'boolean', description: 'Require cas on every write of this key.' },
      {
        name: 'delete_version_after',
        type: 'duration',
        description: 'The length of time before a version is deleted.',
      },
      { name: 'custom_metadata', type: 'map', description: 'User-provided key-value pairs.' },
    ],
    ops: {
      get: 'kv-v2-read-metadata',
      post: 'kv-v2-write-metadata',
      patch: 'kv-v2-patch-metadata',
      delete: 'kv-v2-delete-metadata',
    },
  },
  {
    path: '/subkeys/{path}',
    match: /^subkeys\/.+$/,
    pattern: '^subkeys/(?P<path>.*)$',
    synopsis: 'Read the structure of a secret entry from the Key-Value store with the values removed.',
    description: 'Gives the keys of a version with every value replaced by null.',
    params: [
      KEY,
      { name: 'version', type: 'integer', description: 'The version to read.', in: 'query' },
      { name: 'depth', type: 'integer', description: 'How deep to descend; 0 is unlimited.', in: 'query' },
    ],
    ops: { get: 'kv-v2-read-subkeys' },
  },
];

const KV1: HelpRoute[] = [
  {
    path: '/{path}/',
    match: /^(.*\/)?$/,
    pattern: '^(?P<path>.*/)?$',
    synopsis: 'Lists the keys at a directory path.',
    description: 'Keys that end in / are directories.',
    params: [KEY],
    ops: { get: 'kv-v1-list' },
    list: true,
  },
  {
    path: '/{path}',
    match: /^.+$/,
    pattern: '^(?P<path>.*)$',
    synopsis:
      'Pass-through secret storage to the storage backend, allowing you to read/write arbitrary data into secret storage.',
    description: 'Writes replace the whole secret; a `ttl` key only sets the advisory lease duration.',
    params: [KEY],
    ops: { get: 'kv-v1-read', post: 'kv-v1-write', delete: 'kv-v1-delete' },
  },
];

const AUTH: Record<string, HelpRoute[]> = {
  token: [
    {
      path: '/lookup-self',
      match: /^lookup-self$/,
      pattern: '^lookup-self$',
      synopsis: 'This endpoint will lookup a token and its properties.',
      description: "Gives the calling token's policies, TTL and metadata.",
      params: [],
      ops: { get: 'token-look-up-self', post: 'token-look-up-self2' },
    },
    {
      path: '/renew-self',
      match: /^renew-self$/,
      pattern: '^renew-self$',
      synopsis: 'This endpoint will renew the token used to call it and prevent expiration.',
      description: "Extends the calling token's TTL by `increment`.",
      params: [
        {
          name: 'increment',
          type: 'duration',
          description: 'The desired increment in seconds to the token expiration',
        },
      ],
      ops: { post: 'token-renew-self' },
    },
    {
      path: '/revoke-self',
      match: /^revoke-self$/,
      pattern: '^revoke-self$',
      synopsis: 'This endpoint will delete the token used to call it and all of its child tokens.',
      description: 'Revokes the calling token.',
      params: [],
      ops: { post: 'token-revoke-self' },
    },
  ],
  userpass: [
    {
      path: '/login/{username}',
      match: /^login\/.+$/,
      pattern: '^login/(?P<username>.+)$',
      synopsis: 'Log in with a username and password.',
      description: 'Gives a client token in auth.client_token.',
      params: [
        { name: 'username', type: 'string', description: 'Username of the user.', in: 'path' },
        { name: 'password', type: 'string', description: 'Password for this user.' },
      ],
      ops: { post: 'userpass-login' },
    },
  ],
  approle: [
    {
      path: '/login',
      match: /^login$/,
      pattern: '^login$',
      synopsis: 'Issue a token based on the credentials supplied',
      description: 'Gives a client token in auth.client_token.',
      params: [
        { name: 'role_id', type: 'string', description: 'Unique identifier of the Role.' },
        { name: 'secret_id', type: 'string', description: 'SecretID belong to the App role' },
      ],
      ops: { post: 'app-role-login' },
    },
  ],
};

const SYS: HelpRoute[] = [
  {
    path: '/internal/ui/mounts/{path}',
    match: /^internal\/ui\/mounts\/.+$/,
    pattern: '^internal/ui/mounts/(?P<path>.+)$',
    synopsis: 'Return information about the given mount.',
    description: 'Clients read options.version of a KV mount here.',
    params: [{ name: 'path', type: 'string', description: 'The path of the mount.', in: 'path' }],
    ops: { get: 'internal-ui-read-mount-information' },
  },
  {
    path: '/internal/ui/mounts',
    match: /^internal\/ui\/mounts\/?$/,
    pattern: '^internal/ui/mounts$',
    synopsis: 'Lists all enabled and visible auth and secrets mounts.',
    description: 'Only the mounts the token can reach are listed.',
    params: [],
    ops: { get: 'internal-ui-list-enabled-visible-mounts' },
  },
];

export function routesFor(type: string, kvVersion?: number): HelpRoute[] {
  if (type === 'kv') return kvVersion === 2 ? KV2 : KV1;
  if (type === 'system') return SYS;
  return AUTH[type] ?? [];
}

const INTRO: Record<string, string> = {
  kv2: 'The kv backend reads and writes arbitrary secrets to the storage backend, keeping versions of each key (version 2).',
  kv1: 'The kv backend reads and writes arbitrary secrets to the storage backend (version 1, unversioned).',
  system: 'The system backend is built in and cannot be remounted. It controls and inspects the store.',
  token: 'The token credential backend is always enabled and builds in some token management.',
  userpass:
    'The userpass credential provider allows authentication using a combination of a username and password.',
  approle: 'Any registered Role can authenticate itself with the store using a role ID and a secret ID.',
};

/**
 * The `?help=1` answer for a path inside a mount: markdown help and a small OpenAPI 3.0.2 object
 * whose paths are relative to the queried mount (seed, Resources A).
 */
export function helpReply(kind: string, routes: HelpRoute[], request: string, sub: string): Reply {
  const matched = routes.find((r) => r.match.test(sub));
  const chosen = matched ? [matched] : routes;
  const paths: Record<string, unknown> = {};
  for (const r of chosen) paths[r.path] = openapiPath(r);
  let help: string;
  if (matched) {
    const params = matched.params
      .map((p) => `    ${p.name} (${p.type})\n        ${p.description}`)
      .join('\n\n');
    help = `Request:        ${request}\nMatching Route: ${matched.pattern}\n\n${matched.synopsis}\n\n## PARAMETERS\n\n${params || '    (none)'}\n\n## DESCRIPTION\n\n${matched.description}`;
  } else {
    const list = routes.map((r) => `    ${r.pattern}\n        ${r.synopsis}`).join('\n\n');
    help = `## DESCRIPTION\n\n${INTRO[kind] ?? ''}\n\n## PATHS\n\nThe following paths are supported by this backend. To view help for any of the paths below, use the help command with any route matching the path pattern. Note that depending on the policy of your auth token, you may or may not be able to access certain paths.\n\n${list}`;
  }
  return json(200, {
    help,
    openapi: {
      openapi: '3.0.2',
      info: {
        title: 'Secrets store API',
        description: 'HTTP API of the secrets store; every route is under `/v1/`.',
        version: SERVER_VERSION,
        license: { name: 'Mozilla Public License 2.0', url: 'https://www.mozilla.org/en-US/MPL/2.0' },
      },
      paths,
    },
  });
}

function openapiPath(r: HelpRoute): Record<string, unknown> {
  const pathParams = r.params
    .filter((p) => p.in === 'path')
    .map((p) => ({
      name: p.name,
      description: p.description,
      in: 'path',
      schema: { type: 'string' },
      required: true,
    }));
  const bodyParams = r.params.filter((p) => !p.in);
  const queryParams = r.params.filter((p) => p.in === 'query');
  const out: Record<string, unknown> = { description: r.synopsis, parameters: pathParams };
  for (const [method, operationId] of Object.entries(r.ops)) {
    const op: Record<string, unknown> = { operationId, responses: { 200: { description: 'OK' } } };
    if (method === 'get' && r.list)
      op.parameters = [
        {
          name: 'list',
          description: 'Must be set to `true`',
          in: 'query',
          schema: { type: 'string', enum: ['true'] },
          required: true,
        },
      ];
    else if (method === 'get' && queryParams.length)
      op.parameters = queryParams.map((p) => ({
        name: p.name,
        description: p.description,
        in: 'query',
        schema: { type: p.type === 'integer' ? 'integer' : 'string' },
      }));
    if ((method === 'post' || method === 'patch') && bodyParams.length) {
      const properties = Object.fromEntries(
        bodyParams.map((p) => [p.name, { type: schemaType(p.type), description: p.description }]),
      );
      const type = method === 'patch' ? 'application/merge-patch+json' : 'application/json';
      op.requestBody = { required: true, content: { [type]: { schema: { type: 'object', properties } } } };
    }
    out[method] = op;
  }
  return out;
}

function schemaType(t: string): string {
  if (t === 'map') return 'object';
  if (t === 'duration') return 'string';
  return t;
}
