import type { OperationTable } from '../core/anatomy.js';
import { json } from '../core/framework.js';
import { ACCOUNT, ACME, LABS, type Owner } from './seed.js';

const VCS: Record<Owner['provider'], string> = {
  GitHub: 'github',
  Bitbucket: 'bitbucket',
  CircleCI: 'circleci',
};

/**
 * `GET /me/collaborations`: the organizations the sandbox user belongs to, and their own account
 * (not the organization they cannot reach), each with its id, VCS type, name and slug; a bare array.
 */
export function collaborationRoutes(router: OperationTable): void {
  router.op('getCollaborations', 'GET', '/api/v2/me/collaborations', () =>
    json(
      200,
      [ACME, LABS, ACCOUNT].map((o) => ({
        id: o.id,
        'vcs-type': VCS[o.provider],
        name: o.name,
        avatar_url: `https://avatars.example.com/u/${o.name}`,
        slug: o.slug,
      })),
    ),
  );
}
