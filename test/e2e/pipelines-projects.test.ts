import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { IDS } from '../pipelines/helpers.js';

// Every verb that takes a project takes its slug, its id or its name in --org (docs/grammar.md, "Names
// or ids"), and a pipelines 404 names the thing and where it was looked for ("Errors").
const sb = await useSandbox({ services: ['pipelines'] });

const ops = (args: string[], input?: string) => runMain(['pipelines', ...args], { env: sb.env, input });
const requests = async () => (await sb.counters()).requests.pipelines ?? {};
const json = <T = Record<string, unknown>>(s: string) => JSON.parse(s) as T;

const WEB_APP = 'GET /api/v2/project/gh%2Facme%2Fweb-app';
const NAMES = 'api-server, mobile, web-app';

/** Each insights verb that takes a project, with what follows the project on its command line. */
const INSIGHTS: Array<[string, string[]]> = [
  ['workflows', []],
  ['runs', ['build-and-test']],
  ['jobs', ['build-and-test']],
  ['branches', []],
  ['time-series', ['build-and-test']],
];

describe('a project by slug, id or name', () => {
  it.each(INSIGHTS)('insights %s: the name and the id give what the slug gives', async (verb, rest) => {
    const bySlug = await ops(['insights', verb, 'gh/acme/web-app', ...rest, '--json']);
    expect(bySlug.code).toBe(0);
    const byName = await ops(['insights', verb, 'web-app', ...rest, '--org', 'gh/acme', '--json']);
    expect(byName).toMatchObject({ code: 0, stdout: bySlug.stdout });
    const byId = await ops(['insights', verb, IDS.webApp, ...rest, '--org', 'gh/acme', '--json']);
    expect(byId).toMatchObject({ code: 0, stdout: bySlug.stdout });
  });

  it('a name costs one read of the project, planned (named by --dry-run)', async () => {
    await ops(['insights', 'branches', 'web-app', '--org', 'gh/acme']);
    expect(await requests()).toEqual({
      [WEB_APP]: 1,
      'GET /api/v2/insights/gh%2Facme%2Fweb-app/branches': 1,
    });
    const dry = await ops(['env', 'set', 'web-app', 'X', '--org', 'gh/acme', '--dry-run'], 'y');
    expect(dry.stderr).toMatch(
      /^dry run: sent GET \S+\/api\/v2\/project\/gh%2Facme%2Fweb-app \(read-only, to plan\)\ndry run: to run the curl line, set OPS_VALUE_X to the secret value ops would send as X\n$/,
    );
    expect(dry.stdout).toMatch(/^curl -X POST \S+\/api\/v2\/project\/gh%2Facme%2Fweb-app\/envvar /);
  });

  it('an unknown name is exit 2 listing the names of the organization’s projects', async () => {
    for (const args of [
      ['insights', 'workflows', 'nope', '--org', 'gh/acme'],
      ['insights', 'time-series', 'nope', 'build', '--org', 'acme'],
      ['env', 'list', 'nope', '--org', 'gh/acme'],
      ['oidc-claims', 'get', '--project', 'nope', '--org', 'gh/acme'],
    ]) {
      const r = await ops(args);
      expect(r).toMatchObject({
        code: 2,
        stdout: '',
        stderr: `ops: no project is named "nope" in organization gh/acme\nhint: give a slug, an id or one of the names: ${NAMES}\n`,
      });
    }
  });

  it('an unknown id is exit 3 naming the organization looked in', async () => {
    const r = await ops(['insights', 'branches', IDS.dockerHub, '--org', 'gh/acme']);
    expect(r).toMatchObject({
      code: 3,
      stderr: `ops: pipelines: project ${IDS.dockerHub} not found in organization gh/acme\nhint: give --org ORG to look in another organization\n`,
    });
    const labs = await ops(['insights', 'branches', IDS.webApp, '--org', 'acme-labs']);
    expect(labs.code).toBe(3);
    expect(labs.stderr).toContain(`project ${IDS.webApp} not found in organization circleci/${IDS.labs}`);
  });

  it('an id in an app-based organization is its slug circleci/<org id>/<id>', async () => {
    const r = await ops(['env', 'list', IDS.dataPipeline, '--org', 'acme-labs', '--json']);
    expect(r.code).toBe(0);
    expect(json<Array<{ name: string }>>(r.stdout).map((v) => v.name)).toEqual(['WAREHOUSE_DSN']);
    const slug = encodeURIComponent(`circleci/${IDS.labs}/${IDS.dataPipeline}`);
    expect(await requests()).toMatchObject({
      'GET /api/v2/me/collaborations': 1,
      [`GET /api/v2/project/${slug}`]: 1,
      [`GET /api/v2/project/${slug}/envvar`]: 1,
    });
  });

  it('oidc-claims --project takes a slug or a name; the claims are of that project id', async () => {
    const byId = await ops(['oidc-claims', 'get', '--project', IDS.webApp, '--json']);
    expect(json(byId.stdout)).toMatchObject({ project_id: IDS.webApp });
    for (const p of ['web-app', 'gh/acme/web-app']) {
      const r = await ops(['oidc-claims', 'get', '--project', p, '--json']);
      expect(r).toMatchObject({ code: 0, stdout: byId.stdout });
    }
    const dry = await ops(['oidc-claims', 'set', '--project', 'mobile', '--ttl', '2h', '--dry-run']);
    expect(dry.stderr).toContain('dry run: sent GET ');
    expect(dry.stderr).toContain('/api/v2/project/gh%2Facme%2Fmobile (read-only, to plan)');
    expect(dry.stdout).toMatch(
      new RegExp(`^curl -X PATCH \\S+/api/v2/org/${IDS.acme}/project/${IDS.mobile}/oidc-custom-claims `),
    );
    const del = await ops(['oidc-claims', 'delete', '--project', 'mobile', '--yes', '--dry-run']);
    expect(del.stdout).toContain(`/project/${IDS.mobile}/oidc-custom-claims`);
  });

  it('policy decisions list --project takes an id, a slug or a name; the filter is the project id', async () => {
    const byId = await ops(['policy', 'decisions', 'list', '--project', IDS.webApp, '--all', '--json']);
    expect(byId.code).toBe(0);
    const decisions = json<Array<{ metadata: { project_id?: string } }>>(byId.stdout);
    expect(decisions.length).toBeGreaterThan(0);
    expect(decisions.every((d) => d.metadata.project_id === IDS.webApp)).toBe(true);
    for (const p of ['web-app', 'gh/acme/web-app']) {
      const r = await ops(['policy', 'decisions', 'list', '--project', p, '--all', '--json']);
      expect(r).toMatchObject({ code: 0, stdout: byId.stdout });
    }
    const dry = await ops(['policy', 'decisions', 'list', '--project', 'web-app', '--dry-run']);
    expect(dry.stderr).toContain('/api/v2/project/gh%2Facme%2Fweb-app (read-only, to plan)');
    expect(dry.stdout).toContain(`project_id=${IDS.webApp}`);
    const unknown = await ops(['policy', 'decisions', 'list', '--project', 'no-such-project']);
    expect(unknown.code).toBe(2);
  });

  it('context restriction create --type project takes its slug or name; the restriction holds its id', async () => {
    for (const [value, ctxId] of [
      ['api-server', IDS.awsStaging],
      ['gh/acme/mobile', IDS.awsStaging],
    ] as const) {
      const r = await ops([
        'context',
        'restriction',
        'create',
        ctxId,
        '--type',
        'project',
        '--value',
        value,
        '--json',
      ]);
      expect(r.code).toBe(0);
      const id = value === 'api-server' ? IDS.apiServer : IDS.mobile;
      expect(json(r.stdout)).toMatchObject({ restriction_type: 'project', restriction_value: id });
    }
    const dry = await ops([
      'context',
      'restriction',
      'create',
      IDS.awsStaging,
      '--type',
      'project',
      '--value',
      'web-app',
      '--dry-run',
    ]);
    expect(dry.stderr).toContain('/api/v2/project/gh%2Facme%2Fweb-app (read-only, to plan)');
    expect(dry.stdout).toContain(IDS.webApp);
  });

  it('a project name costs one planned read with the organization as a slug, two with it as an id (#37)', async () => {
    const planned = async (org: string[]) => {
      const args = ['context', 'restriction', 'create', IDS.awsStaging, '--type', 'project'];
      const r = await ops([...args, '--value', 'web-app', ...org, '--dry-run']);
      expect(r.code).toBe(0);
      return r.stderr.split('\n').filter((l) => l.includes('(read-only, to plan)'));
    };
    expect(await planned(['--org', 'gh/acme'])).toEqual([
      expect.stringContaining('/api/v2/project/gh%2Facme%2Fweb-app (read-only, to plan)'),
    ]);
    // The organization's id: its slug is read first (GET /me/collaborations; docs/grammar.md says why).
    const byId = await planned([]);
    expect(byId).toHaveLength(2);
    expect(byId[0]).toContain('/api/v2/me/collaborations (read-only, to plan)');
  });

  it('project get by id reads the names, then the projects until one has it', async () => {
    const byId = await ops(['project', 'get', IDS.mobile, '--field', 'slug']);
    expect(byId.stdout).toBe('gh/acme/mobile\n');
    expect(await requests()).toEqual({
      'GET /api/v2/me/collaborations': 1,
      'GET /api/v2/insights/gh%2Facme/summary': 1,
      'GET /api/v2/project/gh%2Facme%2Fapi-server': 1,
      'GET /api/v2/project/gh%2Facme%2Fmobile': 1,
    });
  });

  it('project get by name reads the project once', async () => {
    const byName = await ops(['project', 'get', 'mobile', '--org', 'gh/acme', '--field', 'id']);
    expect(byName.stdout).toBe(`${IDS.mobile}\n`);
    expect(await requests()).toEqual({ 'GET /api/v2/project/gh%2Facme%2Fmobile': 1 });
  });

  it('a bad project is exit 2 before any request', async () => {
    const r = await ops(['insights', 'jobs', 'web app', 'build']);
    expect(r).toMatchObject({ code: 2, stderr: expect.stringContaining('ops: invalid project "web app"') });
    const claims = await ops(['oidc-claims', 'get', '--project', 'gh/acme']);
    expect(claims).toMatchObject({ code: 2, stderr: expect.stringContaining('invalid project slug') });
    expect(await requests()).toEqual({});
  });
});

describe('a 404 names the thing and where it was looked for', () => {
  it.each([
    [
      'a context',
      ['context', 'get', IDS.webApp],
      `context ${IDS.webApp} not found in the contexts this token can see (HTTP 404)\nhint: \`ops pipelines context list --org ORG\` lists the contexts of an organization`,
    ],
    [
      'a project',
      ['env', 'list', 'gh/acme/nope'],
      'project nope not found in organization gh/acme (HTTP 404)\nhint: give the project as gh/ORG/NAME, its id, or its name with --org ORG',
    ],
    [
      'a policy',
      ['policy', 'bundle', 'get', 'nope'],
      `policy nope not found in policy context config of organization ${IDS.acme} (HTTP 404)\nhint: give --context CONTEXT or --org ORG to look elsewhere`,
    ],
    [
      'a checkout key',
      [
        'checkout-key',
        'get',
        'web-app',
        'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        '--org',
        'gh/acme',
      ],
      'checkout key SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA not found in project gh/acme/web-app (HTTP 404)\nhint: `ops pipelines checkout-key list PROJECT` lists them',
    ],
    [
      'a project variable',
      ['env', 'get', 'gh/acme/web-app', 'NOPE'],
      'variable NOPE not found in project gh/acme/web-app (HTTP 404)\nhint: `ops pipelines env list PROJECT` lists them',
    ],
    [
      'a context variable',
      ['context', 'env', 'delete', IDS.dockerHub, 'NOPE', '--yes'],
      `variable NOPE not found in context ${IDS.dockerHub} (HTTP 404)\nhint: \`ops pipelines context env list CONTEXT\` lists them`,
    ],
  ])('%s: exit 3', async (_what, args, message) => {
    expect(await ops(args)).toMatchObject({ code: 3, stdout: '', stderr: `ops: pipelines: ${message}\n` });
  });

  it('with --json the envelope carries the named message and the hint', async () => {
    const r = await ops(['env', 'get', 'gh/acme/web-app', 'NOPE', '--json']);
    expect(json<{ error: Record<string, unknown> }>(r.stderr).error).toMatchObject({
      code: 'http_404',
      status: 404,
      message: 'variable NOPE not found in project gh/acme/web-app',
      hint: '`ops pipelines env list PROJECT` lists them',
    });
  });
});

describe('insights summary of a project by name', () => {
  it('a name or id with --org is looked up there; a slug with --org stays exit 2', async () => {
    const bySlug = await ops(['insights', 'summary', 'gh/acme/web-app', '--json']);
    expect(bySlug.code).toBe(0);
    const byName = await ops(['insights', 'summary', 'web-app', '--org', 'acme', '--json']);
    expect(byName).toMatchObject({ code: 0, stdout: bySlug.stdout });
    const byDefault = await ops(['insights', 'summary', IDS.webApp, '--json']);
    expect(byDefault).toMatchObject({ code: 0, stdout: bySlug.stdout });
    const both = await ops(['insights', 'summary', 'gh/acme/web-app', '--org', 'acme']);
    expect(both).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('give a project slug or --org, not both'),
    });
  });
});
