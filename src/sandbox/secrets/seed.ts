/**
 * The sandbox's documented starting data (docs/secrets.md lists every value). Fixed values, so that
 * the README's examples and scripts can rely on them.
 */

/** Unseal key shares (hex) of the pre-initialized store: any 2 of the 3 unseal it. */
export const UNSEAL_KEYS = [
  '3f1c9a6be0d24e7f8a91b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f601',
  '7a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b',
  'c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4',
];
export const UNSEAL_THRESHOLD = 2;

/** A token with only the `app-reader` policy: 403 outside `secret/app/`. */
export const LIMITED_TOKEN = 'sandbox-limited-token';
/** A token whose TTL ran out an hour before the sandbox started: always refused. */
export const EXPIRED_TOKEN = 'sandbox-expired-token';

export interface SeedUser {
  password: string;
  policies: string[];
  ttl: number;
}

/** userpass users at `auth/userpass/`. Their tokens live one hour (sandbox time). */
export const USERS: Record<string, SeedUser> = {
  alice: { password: 'alice-sandbox-password', policies: ['default', 'app-writer'], ttl: 3600 },
  bob: { password: 'bob-sandbox-password', policies: ['default', 'app-reader'], ttl: 3600 },
};

/** The approle `ci` at `auth/approle/`. Its tokens live 20 minutes. */
export const APPROLE = {
  name: 'ci',
  roleId: 'sandbox-ci-role-id',
  secretId: 'sandbox-ci-secret-id',
  policies: ['default', 'app-reader'],
  ttl: 1200,
};

export type Capability = 'create' | 'read' | 'update' | 'patch' | 'delete' | 'list' | 'sudo' | 'deny';

/** Policies as path globs (a trailing `*` is a prefix, `+` one segment), relative to the token's namespace. */
export const POLICIES: Record<string, Array<{ path: string; capabilities: Capability[] }>> = {
  default: [
    { path: 'auth/token/lookup-self', capabilities: ['read'] },
    { path: 'auth/token/renew-self', capabilities: ['update'] },
    { path: 'auth/token/revoke-self', capabilities: ['update'] },
  ],
  'app-reader': [
    { path: 'secret/data/app/*', capabilities: ['read'] },
    { path: 'secret/metadata/app/*', capabilities: ['read', 'list'] },
    { path: 'secret/subkeys/app/*', capabilities: ['read'] },
    { path: 'secret/metadata/', capabilities: ['list'] },
    { path: 'kv/app/*', capabilities: ['read', 'list'] },
  ],
  'app-writer': [
    { path: 'secret/data/app/*', capabilities: ['create', 'read', 'update', 'patch', 'delete'] },
    { path: 'secret/metadata/app/*', capabilities: ['create', 'read', 'update', 'patch', 'list', 'delete'] },
    { path: 'secret/subkeys/app/*', capabilities: ['read'] },
    { path: 'secret/+/app/*', capabilities: ['update'] },
    { path: 'secret/metadata/', capabilities: ['list'] },
    { path: 'kv/app/*', capabilities: ['create', 'read', 'update', 'delete', 'list'] },
  ],
};

/** Secrets by namespace (`''` is the root), mount and key. KV v2 keys list their versions, oldest first. */
export const SECRETS: Record<
  string,
  { v2: Record<string, Array<Record<string, unknown>>>; v1: Record<string, Record<string, unknown>> }
> = {
  '': {
    v2: {
      'app/config': [{ api_url: 'https://api.example.com', log_level: 'info' }],
      'app/db': [
        { username: 'app', password: 's3cr3t-v1' },
        { username: 'app', password: 's3cr3t-v2' },
      ],
      'team/notes': [{ text: 'only for the team' }],
    },
    v1: {
      'app/legacy': { api_key: 'legacy-key-123', ttl: '1h' },
      'shared/motd': { message: 'hello from kv v1' },
    },
  },
  'admin/': {
    v2: { 'app/config': [{ owner: 'admin-namespace', api_url: 'https://admin.example.com' }] },
    v1: {},
  },
  'admin/team-a/': {
    v2: { 'svc/token': [{ value: 'team-a-service-token' }] },
    v1: {},
  },
};
