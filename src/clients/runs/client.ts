import type { HttpClient } from '../http/types.js';
import { type ArtifactsApi, artifactsApi } from './artifacts.js';
import type { EtagCache } from './etag.js';
import { type RunnerGroupsApi, runnerGroupsApi } from './runner-groups.js';
import { type RunnersApi, runnersApi } from './runners.js';
import { type RunsApi, runsApi } from './runs.js';
import { type SecretsApi, secretsApi } from './secrets.js';

export type { RepoRef, Scope } from './refs.js';

/**
 * The workflow-automation client: one method per `actions.*` operation, named as the seed names it
 * (split by resource: runs, jobs and workflows; artifacts and caches; secrets and variables; runners).
 */
export type RunsClient = RunsApi & ArtifactsApi & SecretsApi & RunnersApi & RunnerGroupsApi;

export interface RunsClientOptions {
  /** Conditional GETs (If-None-Match; a 304 gives back the kept answer), for pollers. */
  cache?: EtagCache | undefined;
}

export function createRunsClient(http: HttpClient, o: RunsClientOptions = {}): RunsClient {
  const h = o.cache ? o.cache.wrap(http) : http;
  return {
    ...runsApi(h),
    ...artifactsApi(h),
    ...secretsApi(h),
    ...runnersApi(h),
    ...runnerGroupsApi(h),
  };
}
