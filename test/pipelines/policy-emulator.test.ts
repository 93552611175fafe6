import { describe, expect, it } from 'vitest';
import { CI_SECURITY, TEAM_HYGIENE } from '../../src/sandbox/pipelines/policy-seed.js';
import { evaluate, parsePolicy } from '../../src/sandbox/pipelines/rego.js';
import { IDS, emulator } from './helpers.js';

const O = `/api/v2/owner/${IDS.acme}/context/config`;
type Decision = {
  status: string;
  hard_failures: Array<{ rule: string }>;
  soft_failures: Array<{ rule: string }>;
  enabled_rules: string[];
};

describe('the documented evaluation rule', () => {
  it('reads package, name, enabled and hard rules, and the paths a rule requires', () => {
    const p = parsePolicy(TEAM_HYGIENE);
    expect(p).toMatchObject({
      name: 'team_hygiene',
      hard: new Set(),
      enabled: new Set(['require_notify_job', 'require_version']),
    });
    expect(typeof p !== 'string' && p.rules.get('require_notify_job')).toEqual({
      reason: 'add a notify job so that failures reach the team',
      requires: [['jobs', 'notify']],
    });
    expect(parsePolicy('policy_name["x"]')).toBe('a policy must declare `package org`');
    expect(parsePolicy('package org\n')).toBe('a policy must declare its name once: policy_name["NAME"]');
    expect(parsePolicy('package org\npolicy_name["x"]\nr = "y" {\n not input.a\n')).toBe(
      'rule r is not closed with "}"',
    );
  });

  it('HARD_FAIL when a hard rule fails, else SOFT_FAIL when a soft one does, else PASS', () => {
    const policies = [CI_SECURITY, TEAM_HYGIENE].map((c) => parsePolicy(c)) as Exclude<
      ReturnType<typeof parsePolicy>,
      string
    >[];
    expect(evaluate(policies, { version: 2.1, jobs: { 'security-scan': {}, notify: {} } }).status).toBe(
      'PASS',
    );
    expect(evaluate(policies, { version: 2.1, jobs: { 'security-scan': {} } })).toMatchObject({
      status: 'SOFT_FAIL',
      soft_failures: [{ rule: 'require_notify_job' }],
    });
    expect(evaluate(policies, { jobs: { notify: false } })).toMatchObject({
      status: 'HARD_FAIL',
      hard_failures: [
        { rule: 'require_security_scan', reason: 'every config must run the security-scan job' },
      ],
      soft_failures: [{ rule: 'require_notify_job' }, { rule: 'require_version' }],
    });
    expect(evaluate([], 'anything').status).toBe('PASS');
  });
});

describe('decisions', () => {
  it('evaluate decides, and logs the decision with its metadata and the bundle’s hashes', async () => {
    const { call, emulator: emu } = emulator();
    const d = await call<Decision>('POST', `${O}/decision`, {
      body: {
        input: 'version: 2.1\njobs:\n  build: {}\n',
        metadata: { project_id: IDS.webApp, build_number: 7, vcs: { branch: 'x' } },
      },
    });
    expect(d.body).toMatchObject({
      status: 'HARD_FAIL',
      enabled_rules: ['require_notify_job', 'require_security_scan', 'require_version'],
    });
    const logs = await call<
      Array<{
        id: string;
        decision: Decision;
        policies: Record<string, string>;
        metadata: { build_number: number };
      }>
    >('GET', `${O}/decision?branch=x`);
    expect(logs.body).toHaveLength(1);
    expect(logs.body[0]!.metadata.build_number).toBe(7);
    expect(Object.values(logs.body[0]!.policies).every((h) => /^[0-9a-f]{128}$/.test(h))).toBe(true);
    expect(emu.stats!()).toMatchObject({ decisions: 1, decisionLogs: 26 });
    expect((await call('POST', `${O}/decision`, { body: { input: 'a: [1' } })).body).toEqual({
      error: expect.stringContaining('input is not valid YAML'),
    });
    expect((await call('POST', `${O}/decision`, { body: { metadata: {} } })).status).toBe(400);
  });

  it('lists newest first as a bare array, paged by offset, with filters', async () => {
    const { call } = emulator({ 'pipelines.page_size': '10' });
    const first = await call<Array<{ id: string; created_at: string }>>('GET', `${O}/decision`);
    expect(first.body).toHaveLength(10);
    expect(first.body[0]!.id).toBe(IDS.firstDecision);
    const third = await call<unknown[]>('GET', `${O}/decision?offset=20`);
    expect(third.body).toHaveLength(5);
    expect((await call<unknown[]>('GET', `${O}/decision?offset=25`)).body).toEqual([]);
    const hard = await call<Array<{ decision: { status: string } }>>('GET', `${O}/decision?status=HARD_FAIL`);
    expect(hard.body.length).toBeGreaterThan(0);
    expect(hard.body.every((d) => d.decision.status === 'HARD_FAIL')).toBe(true);
    const project = await call<Array<{ metadata: { project_id: string } }>>(
      'GET',
      `${O}/decision?project_id=${IDS.apiServer}`,
    );
    expect(project.body.every((d) => d.metadata.project_id === IDS.apiServer)).toBe(true);
    expect((await call('GET', `${O}/decision?status=failed`)).status).toBe(400);
    expect((await call('GET', `${O}/decision?offset=-1`)).status).toBe(400);
    expect((await call('GET', `${O}/decision?after=yesterday`)).status).toBe(400);
  });

  it('get one, and the bundle it was made with (kept after the bundle changes)', async () => {
    const { call } = emulator();
    expect((await call('GET', `${O}/decision/${IDS.hardFailDecision}`)).body).toMatchObject({
      id: IDS.hardFailDecision,
      decision: { status: 'HARD_FAIL' },
    });
    await call('POST', `${O}/policy-bundle`, {
      body: { policies: { 'only.rego': 'package org\npolicy_name["only"]\n' } },
    });
    const bundle = await call<Record<string, unknown[]>>(
      'GET',
      `${O}/decision/${IDS.hardFailDecision}/policy-bundle`,
    );
    expect(Object.keys(bundle.body)).toEqual(['ci_security', 'team_hygiene']);
    expect((await call('GET', `${O}/decision/${IDS.webApp}`)).body).toEqual({ error: 'decision not found' });
    expect((await call('GET', `${O}/decision/nope`)).status).toBe(400);
  });

  it('settings: {enabled}, changed by PATCH, and nothing else in the body', async () => {
    const { call } = emulator();
    expect((await call('GET', `${O}/decision/settings`)).body).toEqual({ enabled: true });
    expect((await call('PATCH', `${O}/decision/settings`, { body: { enabled: false } })).body).toEqual({
      enabled: false,
    });
    expect((await call('GET', `${O}/decision/settings`)).body).toEqual({ enabled: false });
    expect((await call('PATCH', `${O}/decision/settings`, { body: { enabled: 'no' } })).status).toBe(400);
  });

  it('owners: a bad id is 400, an organization the user does not administer 403; only the config context', async () => {
    const { call } = emulator();
    expect(await call('GET', '/api/v2/owner/acme/context/config/decision')).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('not a UUID') },
    });
    expect((await call('GET', `/api/v2/owner/${IDS.other}/context/config/decision`)).status).toBe(403);
    expect((await call('GET', `/api/v2/owner/${IDS.acme}/context/deploy/decision`)).status).toBe(400);
  });
});

describe('policy bundles', () => {
  const security = CI_SECURITY;
  it('push with dry in the query says what would change; without it, changes it (201)', async () => {
    const { call } = emulator();
    const policies = {
      'security.rego': security,
      'extra/new.rego': 'package org\npolicy_name["brand_new"]\n',
    };
    const dry = await call('POST', `${O}/policy-bundle?dry=true`, { body: { policies } });
    expect(dry).toMatchObject({
      status: 200,
      body: { created: ['brand_new'], deleted: ['team_hygiene'], modified: [] },
    });
    expect(Object.keys((await call('GET', `${O}/policy-bundle`)).body)).toEqual([
      'ci_security',
      'team_hygiene',
    ]);
    const real = await call('POST', `${O}/policy-bundle?dry=false`, { body: { policies } });
    expect(real).toMatchObject({
      status: 201,
      body: { created: ['brand_new'], deleted: ['team_hygiene'], modified: [] },
    });
    expect(Object.keys((await call('GET', `${O}/policy-bundle`)).body)).toEqual(['brand_new', 'ci_security']);
    expect((await call('GET', `${O}/policy-bundle/brand_new`)).body).toMatchObject({
      name: 'brand_new',
      content: expect.stringContaining('brand_new'),
    });
    expect((await call('GET', `${O}/policy-bundle/team_hygiene`)).status).toBe(404);
  });

  it('dry in the body (the seed’s form) is taken as well as in the query; a disagreement is 400', async () => {
    const { call } = emulator();
    const policies = { 'security.rego': security };
    const dry = await call('POST', `${O}/policy-bundle`, { body: { dry: true, policies } });
    expect(dry).toMatchObject({
      status: 200,
      body: { created: [], deleted: ['team_hygiene'], modified: [] },
    });
    expect(Object.keys((await call('GET', `${O}/policy-bundle`)).body)).toEqual([
      'ci_security',
      'team_hygiene',
    ]);
    const both = await call('POST', `${O}/policy-bundle?dry=true`, { body: { dry: true, policies } });
    expect(both.status).toBe(200);
    expect(Object.keys((await call('GET', `${O}/policy-bundle`)).body)).toEqual([
      'ci_security',
      'team_hygiene',
    ]);
    const split = await call('POST', `${O}/policy-bundle?dry=false`, { body: { dry: true, policies } });
    expect(split).toMatchObject({ status: 400, body: { error: expect.stringContaining('disagree') } });
    const odd = await call('POST', `${O}/policy-bundle`, { body: { dry: 'yes', policies } });
    expect(odd.status).toBe(400);
  });

  it('bad Rego, a name used twice, a bundle too large', async () => {
    const { call } = emulator();
    expect(
      (await call('POST', `${O}/policy-bundle`, { body: { policies: { 'a.rego': 'nothing' } } })).body.error,
    ).toContain('a.rego: a policy must declare `package org`');
    expect(
      (
        await call('POST', `${O}/policy-bundle`, {
          body: { policies: { 'a.rego': security, 'b.rego': security } },
        })
      ).body.error,
    ).toContain('is used twice');
    const big = `package org\npolicy_name["big"]\n# ${'x'.repeat(1024 * 1024)}\n`;
    expect(
      (await call('POST', `${O}/policy-bundle`, { body: { policies: { 'big.rego': big } } })).status,
    ).toBe(413);
  });
});

describe('OIDC claims', () => {
  const org = `/api/v2/org/${IDS.acme}/oidc-custom-claims`;
  const project = `/api/v2/org/${IDS.acme}/project/${IDS.webApp}/oidc-custom-claims`;

  it('org and project level: get, patch (times updated on the sandbox clock), delete by name', async () => {
    const { call, clock } = emulator();
    expect((await call('GET', org)).body).toMatchObject({
      org_id: IDS.acme,
      audience: ['https://vault.acme.example'],
      ttl: '1h',
    });
    expect((await call('GET', project)).body).toMatchObject({
      org_id: IDS.acme,
      project_id: IDS.webApp,
      audience: ['sts.amazonaws.com'],
    });
    clock.advance(60_000);
    const patched = await call<{ ttl: string; ttl_updated_at: string; audience: string[] }>(
      'PATCH',
      project,
      { body: { ttl: '1h30m' } },
    );
    expect(patched.body.ttl).toBe('1h30m');
    expect(Date.parse(patched.body.ttl_updated_at)).toBeGreaterThan(Date.now());
    const deleted = await call('DELETE', `${project}?claims=audience`);
    expect(deleted.body).toEqual({
      org_id: IDS.acme,
      project_id: IDS.webApp,
      ttl: '1h30m',
      ttl_updated_at: patched.body.ttl_updated_at,
    });
  });

  it('checks the ttl pattern, the claims list, and access ({error})', async () => {
    const { call } = emulator();
    expect(await call('PATCH', org, { body: { ttl: '1 hour' } })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('ttl must be a duration') },
    });
    expect((await call('PATCH', org, { body: {} })).status).toBe(400);
    expect((await call('DELETE', org)).status).toBe(400);
    expect((await call('DELETE', `${org}?claims=aud`)).status).toBe(400);
    expect((await call('GET', `/api/v2/org/${IDS.other}/oidc-custom-claims`)).status).toBe(403);
    expect(
      (await call('GET', `/api/v2/org/${IDS.acme}/project/${IDS.dataPipeline}/oidc-custom-claims`)).status,
    ).toBe(403);
  });
});
