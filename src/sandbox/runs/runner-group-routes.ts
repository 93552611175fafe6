import type { OperationTable } from '../core/anatomy.js';
import type { SandboxRequest } from '../core/framework.js';
import { json } from '../core/framework.js';
import { type Env, hostedRunnersOf, intParam, notFound, orgOf, page } from './http.js';
import type { OrgRec, RunnerGroupRec } from './model.js';
import { hostedWire } from './runner-routes.js';

/** A group as the vendor's runner-groups-org shows it; the first group of an organisation is its default. */
function groupWire(env: Env, req: SandboxRequest, org: OrgRec, g: RunnerGroupRec): Record<string, unknown> {
  const base = `${env.urls(req).api}/orgs/${org.login}/actions/runner-groups/${g.id}`;
  return {
    id: g.id,
    name: g.name,
    visibility: g.visibility,
    default: g.id === org.runnerGroups[0]?.id,
    ...(g.visibility === 'selected' ? { selected_repositories_url: `${base}/repositories` } : {}),
    runners_url: `${base}/runners`,
    hosted_runners_url: `${base}/hosted-runners`,
    inherited: false,
    allows_public_repositories: false,
    restricted_to_workflows: false,
    selected_workflows: [],
    workflow_restrictions_read_only: false,
  };
}

/**
 * Reads of the organisation's runner groups and hosted runners (`listSelfHostedRunnerGroupsForOrg`,
 * `getSelfHostedRunnerGroupForOrg`, `listHostedRunnersForOrg`, `getHostedRunnerForOrg`): pages of
 * `{total_count, runner_groups}` and `{total_count, runners}`; an unknown id is 404.
 */
export function runnerGroupRoutes(router: OperationTable, env: Env): void {
  router
    .op('listSelfHostedRunnerGroupsForOrg', 'GET', '/orgs/:org/actions/runner-groups', (req) => {
      const org = orgOf(env, req);
      const name = req.query.get('visible_to_repository');
      const repo =
        name === null
          ? undefined
          : [...env.world().repos.values()].find((r) => r.org === org && r.name === name);
      if (name !== null && !repo) throw notFound();
      const visible = (g: RunnerGroupRec) =>
        !repo ||
        g.visibility === 'all' ||
        (g.visibility === 'selected' && g.repositories.has(repo.id)) ||
        (g.visibility === 'private' && repo.private);
      return page(env, req, 'runner_groups', org.runnerGroups.filter(visible), (g) =>
        groupWire(env, req, org, g),
      );
    })
    .op(
      'getSelfHostedRunnerGroupForOrg',
      'GET',
      '/orgs/:org/actions/runner-groups/:runner_group_id',
      (req) => {
        const org = orgOf(env, req);
        const g = org.runnerGroups.find((x) => x.id === intParam(req, 'runner_group_id'));
        if (!g) throw notFound();
        return json(200, groupWire(env, req, org, g));
      },
    )
    .op('listHostedRunnersForOrg', 'GET', '/orgs/:org/actions/hosted-runners', (req) =>
      page(env, req, 'runners', hostedRunnersOf(env, req), hostedWire),
    )
    .op('getHostedRunnerForOrg', 'GET', '/orgs/:org/actions/hosted-runners/:hosted_runner_id', (req) => {
      const h = hostedRunnersOf(env, req).find((x) => x.id === intParam(req, 'hosted_runner_id'));
      if (!h) throw notFound();
      return json(200, hostedWire(h));
    });
}
