import type { HttpClient } from '../http/types.js';

/** One organization (or the user's own account) the token's user belongs to or may work in. */
export interface CollaborationWire {
  id: string;
  'vcs-type': string;
  name: string;
  avatar_url: string;
  /** `gh/acme`, `bb/acme`, or `circleci/<org id>` for an organization without a VCS provider. */
  slug: string;
}

/**
 * The user's organizations (`getCollaborations`, `GET /me/collaborations`; not in the seed): the one
 * read that names an organization's id, slug and name together, so one form can be turned into another.
 */
export interface UserOperations {
  getCollaborations(): Promise<CollaborationWire[]>;
}

export function userOperations(http: HttpClient): UserOperations {
  return {
    getCollaborations: async () =>
      (await http.request<CollaborationWire[]>({ method: 'GET', path: '/api/v2/me/collaborations' })).data,
  };
}
