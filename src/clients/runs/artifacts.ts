import type { Page } from '../http/paginate.js';
import type { RawJson } from '../http/raw-json.js';
import type { HttpClient } from '../http/types.js';
import { route } from '../http/url.js';
import type { ListOptions } from '../http/paginate.js';
import { listPages } from './pages.js';
import { type RepoRef, repoPath } from './refs.js';
import type { ActionsCacheListWire, ActionsCacheWire, ArtifactWire } from './types.js';

type Pages<T> = AsyncGenerator<Page<T | RawJson>>;

/** Query of getActionsCacheList: a key prefix, a full ref, an order. */
export interface CacheQuery {
  key?: string | undefined;
  ref?: string | undefined;
  sort?: 'created_at' | 'last_accessed_at' | 'size_in_bytes' | undefined;
  direction?: 'asc' | 'desc' | undefined;
}

export interface ArtifactsApi {
  listWorkflowRunArtifacts(
    repo: RepoRef,
    runId: number,
    q: { name?: string | undefined },
    o?: ListOptions,
  ): Pages<ArtifactWire>;
  getArtifact(repo: RepoRef, artifactId: number): Promise<ArtifactWire>;
  /** The artifact's zip, fetched from the short-lived address the service redirects to. */
  downloadArtifact(repo: RepoRef, artifactId: number, archiveFormat?: 'zip'): Promise<Uint8Array>;
  deleteArtifact(repo: RepoRef, artifactId: number): Promise<void>;
  getActionsCacheList(repo: RepoRef, q: CacheQuery, o?: ListOptions): Pages<ActionsCacheWire>;
  deleteActionsCacheById(repo: RepoRef, cacheId: number): Promise<void>;
  /** Deletes every cache with the key (and ref, when given); gives the caches deleted. */
  deleteActionsCacheByKey(repo: RepoRef, key: string, ref?: string): Promise<ActionsCacheListWire>;
}

export function artifactsApi(http: HttpClient): ArtifactsApi {
  const artifact = (r: RepoRef, id: number) => `${repoPath(r)}${route`/actions/artifacts/${id}`}`;
  return {
    listWorkflowRunArtifacts: (repo, runId, q, o) =>
      listPages(http, `${repoPath(repo)}${route`/actions/runs/${runId}/artifacts`}`, 'artifacts', q, o),
    getArtifact: async (repo, id) =>
      (await http.request<ArtifactWire>({ method: 'GET', path: artifact(repo, id) })).data,
    downloadArtifact: async (repo, id, format = 'zip') =>
      (
        await http.request<Buffer>({
          method: 'GET',
          path: `${artifact(repo, id)}${route`/${format}`}`,
          responseType: 'buffer',
        })
      ).data,
    deleteArtifact: async (repo, id) =>
      void (await http.request({ method: 'DELETE', path: artifact(repo, id) })),
    getActionsCacheList: (repo, q, o) =>
      listPages(http, `${repoPath(repo)}/actions/caches`, 'actions_caches', { ...q }, o),
    deleteActionsCacheById: async (repo, id) =>
      void (await http.request({
        method: 'DELETE',
        path: `${repoPath(repo)}${route`/actions/caches/${id}`}`,
      })),
    deleteActionsCacheByKey: async (repo, key, ref) =>
      (
        await http.request<ActionsCacheListWire>({
          method: 'DELETE',
          path: `${repoPath(repo)}/actions/caches`,
          query: { key, ref },
        })
      ).data,
  };
}
