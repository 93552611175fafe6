import { randomBytes } from 'node:crypto';
import type { OperationTable } from '../core/anatomy.js';
import { type SandboxRequest, empty, json } from '../core/framework.js';
import {
  type Env,
  HOSTED_RUNNER_REMOVAL_MS,
  bodyOf,
  fail,
  hostedRunnersOf,
  intParam,
  invalid,
  notFound,
  orgOf,
  page,
  repoOf,
} from './http.js';
import { HOUR, type HostedRunnerRec, type RunnerRec } from './model.js';
import { iso, repository } from './wire.js';

/** A runner may carry at most this many labels. */
const MAX_LABELS = 100;

const DOWNLOADS = [
  ['osx', 'x64'],
  ['osx', 'arm64'],
  ['linux', 'x64'],
  ['linux', 'arm'],
  ['linux', 'arm64'],
  ['win', 'x64'],
  ['win', 'arm64'],
].map(([os, arch]) => {
  const filename = `actions-runner-${os}-${arch}-2.321.0.${os === 'win' ? 'zip' : 'tar.gz'}`;
  return {
    os,
    architecture: arch,
    download_url: `https://downloads.src.example.com/runner/v2.321.0/${filename}`,
    filename,
    sha256_checksum: Buffer.from(`${filename}:checksum`).toString('hex').padEnd(64, '0').slice(0, 64),
  };
});

function runnerWire(r: RunnerRec): Record<string, unknown> {
  return {
    id: r.id,
    runner_group_id: r.groupId,
    name: r.name,
    os: r.os,
    status: r.status,
    busy: r.busy,
    ephemeral: r.ephemeral,
    version: r.version,
    labels: r.labels.map((l) => ({ id: l.id, name: l.name, type: l.type })),
  };
}

export function hostedWire(h: HostedRunnerRec): Record<string, unknown> {
  return {
    id: h.id,
    name: h.name,
    runner_group_id: h.groupId,
    image_details: h.image,
    machine_size_details: h.machine,
    status: h.status,
    platform: h.platform,
    maximum_runners: 10,
    public_ip_enabled: false,
    public_ips: [],
    last_active_on: null,
  };
}

const labelsOf = (r: RunnerRec) =>
  json(200, {
    total_count: r.labels.length,
    labels: r.labels.map((l) => ({ id: l.id, name: l.name, type: l.type })),
  });

type RunnerScope = [string, string, (req: SandboxRequest) => RunnerRec[]];

/** The two scopes of self-hosted runners: an organisation's and a repository's. */
function runnerScopes(env: Env): RunnerScope[] {
  return [
    ['Org', '/orgs/:org/actions/runners', (req) => orgOf(env, req).runners],
    ['Repo', '/repos/:owner/:repo/actions/runners', (req) => repoOf(env, req).runners],
  ];
}

/** A scope's self-hosted runners: list, downloads, tokens, read, delete and their labels. */
function selfHostedOps(router: OperationTable, env: Env, [S, base, runners]: RunnerScope): void {
  const runnerOf = (req: SandboxRequest) => {
    const list = runners(req);
    const id = intParam(req, 'runner_id');
    const r = list.find((x) => x.id === id);
    if (!r) throw notFound();
    return { list, r };
  };
  const token = (req: SandboxRequest) => {
    runners(req);
    return json(201, {
      token: randomBytes(15).toString('hex').toUpperCase(),
      expires_at: iso(env.now() + HOUR),
    });
  };
  router
    .op(`listSelfHostedRunnersFor${S}`, 'GET', base, (req) => {
      const name = req.query.get('name');
      const list = runners(req).filter((r) => name === null || r.name === name);
      return page(env, req, 'runners', list, runnerWire);
    })
    .op(`listRunnerApplicationsFor${S}`, 'GET', `${base}/downloads`, (req) => {
      runners(req);
      return json(200, DOWNLOADS);
    })
    .op(`createRegistrationTokenFor${S}`, 'POST', `${base}/registration-token`, token)
    .op(`createRemoveTokenFor${S}`, 'POST', `${base}/remove-token`, token)
    .op(`getSelfHostedRunnerFor${S}`, 'GET', `${base}/:runner_id`, (req) =>
      json(200, runnerWire(runnerOf(req).r)),
    )
    .op(`deleteSelfHostedRunnerFrom${S}`, 'DELETE', `${base}/:runner_id`, (req) => {
      const { list, r } = runnerOf(req);
      if (r.busy) throw invalid(`Bad request - Runner "${r.name}" is still running a job`);
      list.splice(list.indexOf(r), 1);
      return empty(204);
    })
    .op(`listLabelsForSelfHostedRunnerFor${S}`, 'GET', `${base}/:runner_id/labels`, (req) =>
      labelsOf(runnerOf(req).r),
    )
    .op(`addCustomLabelsToSelfHostedRunnerFor${S}`, 'POST', `${base}/:runner_id/labels`, (req) => {
      const { r } = runnerOf(req);
      const body = bodyOf(req);
      const labels = body.labels;
      if (
        !Array.isArray(labels) ||
        labels.length === 0 ||
        labels.length > MAX_LABELS ||
        labels.some((l) => typeof l !== 'string' || l.trim() === '')
      )
        throw invalid('Validation Failed', [
          {
            resource: 'Runner',
            field: 'labels',
            code: 'invalid',
            message: `labels must be 1 to ${MAX_LABELS} non-empty strings`,
          },
        ]);
      for (const name of labels as string[]) {
        if (r.labels.some((l) => l.name.toLowerCase() === name.toLowerCase())) continue;
        if (r.labels.length >= MAX_LABELS) throw invalid(`A runner can have at most ${MAX_LABELS} labels`);
        r.labels.push({ id: env.world().ids.label++, name, type: 'custom' });
      }
      return labelsOf(r);
    })
    .op(`removeAllCustomLabelsFromSelfHostedRunnerFor${S}`, 'DELETE', `${base}/:runner_id/labels`, (req) => {
      const { r } = runnerOf(req);
      r.labels = r.labels.filter((l) => l.type === 'read-only');
      return labelsOf(r);
    });
}

/** An organisation's hosted runner removed, and a repository given to a runner group. */
function orgRunnerOps(router: OperationTable, env: Env): void {
  router
    .op(
      'deleteHostedRunnerForOrg',
      'DELETE',
      '/orgs/:org/actions/hosted-runners/:hosted_runner_id',
      (req) => {
        const id = intParam(req, 'hosted_runner_id');
        const h = hostedRunnersOf(env, req).find((x) => x.id === id);
        if (!h) throw notFound();
        // The service answers at once and removes the runner in the background.
        h.status = 'Deleting';
        h.goneAt ??= env.now() + HOSTED_RUNNER_REMOVAL_MS;
        return json(202, hostedWire(h));
      },
    )
    .op(
      'addRepoAccessToSelfHostedRunnerGroupInOrg',
      'PUT',
      '/orgs/:org/actions/runner-groups/:runner_group_id/repositories/:repository_id',
      (req) => {
        const org = orgOf(env, req);
        const group = org.runnerGroups.find((g) => g.id === intParam(req, 'runner_group_id'));
        if (!group) throw notFound();
        const id = intParam(req, 'repository_id');
        if (![...env.world().repos.values()].some((r) => r.id === id && r.org === org)) throw notFound();
        if (group.visibility !== 'selected')
          throw fail(
            409,
            `Runner group ${group.name} has visibility ${group.visibility}; repositories can only be added when it is selected.`,
          );
        group.repositories.add(id);
        return empty(204);
      },
    );
}

/** The repositories an organisation allows workflows in (when it selects them): list, add and remove. */
function enabledRepositoryOps(router: OperationTable, env: Env): void {
  router.op(
    'listSelectedRepositoriesEnabledPlatformActionsOrganization',
    'GET',
    '/orgs/:org/actions/permissions/repositories',
    (req) => {
      const org = orgOf(env, req);
      if (org.enabledPolicy !== 'selected')
        throw fail(
          409,
          `The organisation allows workflows in ${org.enabledPolicy} repositories; the list exists only when it is selected.`,
        );
      const repos = [...env.world().repos.values()]
        .filter((r) => org.enabledRepositories.has(r.id))
        .sort((a, b) => a.id - b.id);
      return page(env, req, 'repositories', repos, (r) => repository(env.urls(req), r));
    },
  );
  for (const [method, enable] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    router.op(
      `${enable ? 'enable' : 'disable'}SelectedRepositoryPlatformActionsOrganization`,
      method,
      '/orgs/:org/actions/permissions/repositories/:repository_id',
      (req) => {
        const org = orgOf(env, req);
        const id = intParam(req, 'repository_id');
        if (![...env.world().repos.values()].some((r) => r.id === id && r.org === org)) throw notFound();
        if (org.enabledPolicy !== 'selected')
          throw fail(
            409,
            `The organisation allows workflows in ${org.enabledPolicy} repositories; choose selected repositories first.`,
          );
        if (enable) org.enabledRepositories.add(id);
        else org.enabledRepositories.delete(id);
        return empty(204);
      },
    );
  }
}

export function runnerRoutes(router: OperationTable, env: Env): void {
  for (const scope of runnerScopes(env)) selfHostedOps(router, env, scope);
  orgRunnerOps(router, env);
  enabledRepositoryOps(router, env);
}
