import type { Page } from '../http/paginate.js';
import type { RawJson } from '../http/raw-json.js';
import type { HttpClient } from '../http/types.js';
import { route } from '../http/url.js';
import type { ListOptions } from '../http/paginate.js';
import { MAX_VARIABLES_PER_PAGE, listPages } from './pages.js';
import { type RepoRef, envPath, orgPath, repoPath } from './refs.js';
import type {
  ActionsPublicKeyWire,
  ActionsSecretWire,
  ActionsVariableWire,
  MinimalRepositoryWire,
  SecretPutWire,
  VariableWriteWire,
} from './types.js';
import { getResource } from '../http/resource.js';

type Pages<T> = AsyncGenerator<Page<T | RawJson>>;

/** What a secret PUT did: 201 created, 204 updated. */
export type PutResult = 'created' | 'updated';

export interface SecretsApi {
  getRepoPublicKey(repo: RepoRef): Promise<ActionsPublicKeyWire>;
  getOrgPublicKey(org: string): Promise<ActionsPublicKeyWire>;
  getEnvironmentPublicKey(repo: RepoRef, env: string): Promise<ActionsPublicKeyWire>;
  listRepoSecrets(repo: RepoRef, o?: ListOptions): Pages<ActionsSecretWire>;
  listOrgSecrets(org: string, o?: ListOptions): Pages<ActionsSecretWire>;
  listEnvironmentSecrets(repo: RepoRef, env: string, o?: ListOptions): Pages<ActionsSecretWire>;
  /** Organisation secrets this repository can use. */
  listRepoOrganizationSecrets(repo: RepoRef, o?: ListOptions): Pages<ActionsSecretWire>;
  createOrUpdateRepoSecret(repo: RepoRef, name: string, body: SecretPutWire): Promise<PutResult>;
  createOrUpdateOrgSecret(org: string, name: string, body: SecretPutWire): Promise<PutResult>;
  createOrUpdateEnvironmentSecret(
    repo: RepoRef,
    env: string,
    name: string,
    body: SecretPutWire,
  ): Promise<PutResult>;
  /** An organisation secret's metadata (its visibility): never its value. */
  getOrgSecret(org: string, name: string): Promise<ActionsSecretWire>;
  deleteRepoSecret(repo: RepoRef, name: string): Promise<void>;
  deleteOrgSecret(org: string, name: string): Promise<void>;
  deleteEnvironmentSecret(repo: RepoRef, env: string, name: string): Promise<void>;
  listSelectedReposForOrgSecret(org: string, name: string, o?: ListOptions): Pages<MinimalRepositoryWire>;
  addSelectedRepoToOrgSecret(org: string, name: string, repositoryId: number): Promise<void>;

  listRepoVariables(repo: RepoRef, o?: ListOptions): Pages<ActionsVariableWire>;
  listOrgVariables(org: string, o?: ListOptions): Pages<ActionsVariableWire>;
  listEnvironmentVariables(repo: RepoRef, env: string, o?: ListOptions): Pages<ActionsVariableWire>;
  listRepoOrganizationVariables(repo: RepoRef, o?: ListOptions): Pages<ActionsVariableWire>;
  getRepoVariable(repo: RepoRef, name: string): Promise<ActionsVariableWire>;
  getOrgVariable(org: string, name: string): Promise<ActionsVariableWire>;
  getEnvironmentVariable(repo: RepoRef, env: string, name: string): Promise<ActionsVariableWire>;
  createRepoVariable(repo: RepoRef, body: VariableWriteWire): Promise<void>;
  createOrgVariable(org: string, body: VariableWriteWire): Promise<void>;
  createEnvironmentVariable(repo: RepoRef, env: string, body: VariableWriteWire): Promise<void>;
  updateRepoVariable(repo: RepoRef, name: string, body: Partial<VariableWriteWire>): Promise<void>;
  updateOrgVariable(org: string, name: string, body: Partial<VariableWriteWire>): Promise<void>;
  updateEnvironmentVariable(
    repo: RepoRef,
    env: string,
    name: string,
    body: Partial<VariableWriteWire>,
  ): Promise<void>;
  deleteRepoVariable(repo: RepoRef, name: string): Promise<void>;
  deleteOrgVariable(org: string, name: string): Promise<void>;
  deleteEnvironmentVariable(repo: RepoRef, env: string, name: string): Promise<void>;
  listSelectedReposForOrgVariable(org: string, name: string, o?: ListOptions): Pages<MinimalRepositoryWire>;
  addSelectedRepoToOrgVariable(org: string, name: string, repositoryId: number): Promise<void>;
}

export function secretsApi(http: HttpClient): SecretsApi {
  const get = <T>(path: string) => getResource<T>(http, path);
  // A PATCH here sets a variable's name and value: sent twice, the same variable.
  const send = async (method: string, path: string, body?: unknown) => {
    await http.request({
      method,
      path,
      ...(body === undefined ? {} : { body }),
      ...(method === 'PATCH' ? { idempotent: true } : {}),
    });
  };
  // Shown by the descriptor's secretRequests: the sealed value and its key id as they are in --dry-run
  // (its curl line then makes the same change), masked in --debug.
  const put = async (path: string, body: SecretPutWire): Promise<PutResult> =>
    (await http.request({ method: 'PUT', path, body })).status === 201 ? 'created' : 'updated';
  const secrets = (base: string, o?: ListOptions) =>
    listPages<ActionsSecretWire>(http, base, 'secrets', {}, o);
  const variables = (base: string, o?: ListOptions) =>
    listPages<ActionsVariableWire>(http, base, 'variables', {}, { ...o, maxSize: MAX_VARIABLES_PER_PAGE });
  const repos = (base: string, o?: ListOptions) =>
    listPages<MinimalRepositoryWire>(http, base, 'repositories', {}, o);
  const rs = (r: RepoRef) => `${repoPath(r)}/actions/secrets`;
  const os = (org: string) => `${orgPath(org)}/actions/secrets`;
  const es = (r: RepoRef, env: string) => `${envPath(r, env)}/secrets`;
  const rv = (r: RepoRef) => `${repoPath(r)}/actions/variables`;
  const ov = (org: string) => `${orgPath(org)}/actions/variables`;
  const ev = (r: RepoRef, env: string) => `${envPath(r, env)}/variables`;
  const one = (base: string, name: string) => `${base}${route`/${name}`}`;

  return {
    getRepoPublicKey: (r) => get(`${rs(r)}/public-key`),
    getOrgPublicKey: (org) => get(`${os(org)}/public-key`),
    getEnvironmentPublicKey: (r, env) => get(`${es(r, env)}/public-key`),
    listRepoSecrets: (r, o) => secrets(rs(r), o),
    listOrgSecrets: (org, o) => secrets(os(org), o),
    listEnvironmentSecrets: (r, env, o) => secrets(es(r, env), o),
    listRepoOrganizationSecrets: (r, o) => secrets(`${repoPath(r)}/actions/organization-secrets`, o),
    createOrUpdateRepoSecret: (r, name, body) => put(one(rs(r), name), body),
    createOrUpdateOrgSecret: (org, name, body) => put(one(os(org), name), body),
    createOrUpdateEnvironmentSecret: (r, env, name, body) => put(one(es(r, env), name), body),
    getOrgSecret: (org, name) => get(one(os(org), name)),
    deleteRepoSecret: (r, name) => send('DELETE', one(rs(r), name)),
    deleteOrgSecret: (org, name) => send('DELETE', one(os(org), name)),
    deleteEnvironmentSecret: (r, env, name) => send('DELETE', one(es(r, env), name)),
    listSelectedReposForOrgSecret: (org, name, o) => repos(`${one(os(org), name)}/repositories`, o),
    addSelectedRepoToOrgSecret: (org, name, id) =>
      send('PUT', `${one(os(org), name)}${route`/repositories/${id}`}`),

    listRepoVariables: (r, o) => variables(rv(r), o),
    listOrgVariables: (org, o) => variables(ov(org), o),
    listEnvironmentVariables: (r, env, o) => variables(ev(r, env), o),
    listRepoOrganizationVariables: (r, o) => variables(`${repoPath(r)}/actions/organization-variables`, o),
    getRepoVariable: (r, name) => get(one(rv(r), name)),
    getOrgVariable: (org, name) => get(one(ov(org), name)),
    getEnvironmentVariable: (r, env, name) => get(one(ev(r, env), name)),
    createRepoVariable: (r, body) => send('POST', rv(r), body),
    createOrgVariable: (org, body) => send('POST', ov(org), body),
    createEnvironmentVariable: (r, env, body) => send('POST', ev(r, env), body),
    updateRepoVariable: (r, name, body) => send('PATCH', one(rv(r), name), body),
    updateOrgVariable: (org, name, body) => send('PATCH', one(ov(org), name), body),
    updateEnvironmentVariable: (r, env, name, body) => send('PATCH', one(ev(r, env), name), body),
    deleteRepoVariable: (r, name) => send('DELETE', one(rv(r), name)),
    deleteOrgVariable: (org, name) => send('DELETE', one(ov(org), name)),
    deleteEnvironmentVariable: (r, env, name) => send('DELETE', one(ev(r, env), name)),
    listSelectedReposForOrgVariable: (org, name, o) => repos(`${one(ov(org), name)}/repositories`, o),
    addSelectedRepoToOrgVariable: (org, name, id) =>
      send('PUT', `${one(ov(org), name)}${route`/repositories/${id}`}`),
  };
}
