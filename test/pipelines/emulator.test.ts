import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { joinSlugs } from '../../src/sandbox/pipelines/routes.js';
import { fingerprints, seededKey } from '../../src/sandbox/pipelines/keys.js';
import { AUTH, IDS, emulator } from './helpers.js';

type Page = { items: Array<Record<string, unknown>>; next_page_token: string };

describe('auth and error shapes', () => {
  it('401 {message} without a token or with a wrong one; {error} on policy routes', async () => {
    const { call } = emulator();
    expect(await call('GET', '/api/v2/project/gh%2Facme%2Fweb-app', { headers: {} })).toMatchObject({
      status: 401,
      body: { message: 'You must log in first.' },
    });
    expect(
      await call('GET', '/api/v2/project/gh%2Facme%2Fweb-app', { headers: { 'pipeline-token': 'nope' } }),
    ).toMatchObject({
      status: 401,
      body: { message: 'Invalid token provided.' },
    });
    expect(
      await call('GET', `/api/v2/owner/${IDS.acme}/context/config/policy-bundle`, { headers: {} }),
    ).toMatchObject({
      status: 401,
      body: { error: 'You must log in first.' },
    });
  });

  it('HTTP Basic with the token as user name is accepted, as the service does', async () => {
    const basic = `Basic ${Buffer.from(`${AUTH['pipeline-token']}:`).toString('base64')}`;
    expect(
      (await call()('GET', '/api/v2/project/gh%2Facme%2Fweb-app', { headers: { authorization: basic } }))
        .status,
    ).toBe(200);
  });

  it('429 {message} with Retry-After over the configured rate', async () => {
    const { call } = emulator({ 'pipelines.rate_limit': '2', 'pipelines.rate_period': '10' });
    await call('GET', '/api/v2/project/gh%2Facme%2Fweb-app');
    await call('GET', '/api/v2/project/gh%2Facme%2Fweb-app');
    const r = await call('GET', '/api/v2/project/gh%2Facme%2Fweb-app');
    expect(r).toMatchObject({ status: 429, body: { message: 'Rate limit exceeded.' } });
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('raw and escaped slugs name the same resources', () => {
    expect(joinSlugs('/api/v2/project/gh/acme/web-app/envvar/X')).toBe(
      '/api/v2/project/gh%2Facme%2Fweb-app/envvar/X',
    );
    expect(joinSlugs('/api/v2/project/gh%2Facme%2Fweb-app')).toBe('/api/v2/project/gh%2Facme%2Fweb-app');
    expect(joinSlugs('/api/v2/insights/gh/acme/summary')).toBe('/api/v2/insights/gh%2Facme/summary');
    expect(joinSlugs('/api/v2/insights/gh/acme/web-app/workflows')).toBe(
      '/api/v2/insights/gh%2Facme%2Fweb-app/workflows',
    );
    expect(joinSlugs('/api/v2/insights/time-series/gh/acme/web-app/workflows/w/jobs')).toBe(
      '/api/v2/insights/time-series/gh%2Facme%2Fweb-app/workflows/w/jobs',
    );
  });
});

function call() {
  return emulator().call;
}

describe('contexts', () => {
  it('lists by owner slug or id in token pages, the last token empty', async () => {
    const { call } = emulator();
    const first = await call<Page>('GET', '/api/v2/context?owner-slug=gh/acme');
    expect(first.body.items).toHaveLength(10);
    expect(first.body.next_page_token).not.toBe('');
    const second = await call<Page>(
      'GET',
      `/api/v2/context?owner-id=${IDS.acme}&page-token=${first.body.next_page_token}`,
    );
    expect(second.body.items).toHaveLength(2);
    expect(second.body.next_page_token).toBe('');
    expect((await call('GET', '/api/v2/context?owner-slug=gh/acme&page-token=bogus')).status).toBe(400);
  });

  it('owners: an account by id only with owner-type account; an organization the user is not in is not found', async () => {
    const { call } = emulator();
    expect(
      (await call<Page>('GET', `/api/v2/context?owner-id=${IDS.account}&owner-type=account`)).body.items,
    ).toHaveLength(1);
    expect((await call('GET', `/api/v2/context?owner-id=${IDS.account}`)).status).toBe(404);
    expect((await call('GET', `/api/v2/context?owner-id=${IDS.other}`)).status).toBe(404);
    expect((await call('GET', '/api/v2/context')).status).toBe(400);
  });

  it('create, refuse a duplicate name (409) and an unknown field (400), then delete', async () => {
    const { call } = emulator();
    const made = await call('POST', '/api/v2/context', {
      body: { name: 'ci', owner: { id: IDS.acme, type: 'organization' } },
    });
    expect(made.status).toBe(200);
    expect(Object.keys(made.body)).toEqual(['id', 'name', 'created_at']);
    expect(
      (await call('POST', '/api/v2/context', { body: { name: 'ci', owner: { slug: 'gh/acme' } } })).status,
    ).toBe(409);
    expect(
      (await call('POST', '/api/v2/context', { body: { name: 'x', owner: { slug: 'gh/acme' }, colour: 1 } }))
        .status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/v2/context', { body: { name: 'x', owner: { id: 'nope' } } })).status,
    ).toBe(400);
    expect(await call('DELETE', `/api/v2/context/${made.body.id}`)).toMatchObject({
      status: 200,
      body: { message: 'Context deleted.' },
    });
    expect((await call('GET', `/api/v2/context/${made.body.id}`)).status).toBe(404);
  });

  it('variables: values never returned; names checked; two pages of 14', async () => {
    const { call } = emulator();
    const put = await call('PUT', `/api/v2/context/${IDS.dockerHub}/environment-variable/NEW_VAR`, {
      body: { value: 'hidden' },
    });
    expect(put.status).toBe(200);
    expect(JSON.stringify(put.body)).not.toContain('hidden');
    expect(Object.keys(put.body).sort()).toEqual(['context_id', 'created_at', 'updated_at', 'variable']);
    expect(
      (
        await call('PUT', `/api/v2/context/${IDS.dockerHub}/environment-variable/1-bad`, {
          body: { value: 'x' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('PUT', `/api/v2/context/${IDS.dockerHub}/environment-variable/OK`, { body: { value: 3 } }))
        .status,
    ).toBe(400);
    const page1 = await call<Page>('GET', `/api/v2/context/${IDS.awsProduction}/environment-variable`);
    const page2 = await call<Page>(
      'GET',
      `/api/v2/context/${IDS.awsProduction}/environment-variable?page-token=${page1.body.next_page_token}`,
    );
    expect(page1.body.items.length + page2.body.items.length).toBe(14);
    expect((await call('DELETE', `/api/v2/context/${IDS.dockerHub}/environment-variable/NOPE`)).status).toBe(
      404,
    );
  });

  it('restrictions: 201 without context_id, 409 for a duplicate, 400 for a project of another org or a bad id', async () => {
    const { call } = emulator();
    const path = `/api/v2/context/${IDS.awsStaging}/restrictions`;
    const made = await call('POST', path, {
      body: { restriction_type: 'project', restriction_value: IDS.webApp },
    });
    expect(made).toMatchObject({
      status: 201,
      body: { project_id: IDS.webApp, name: 'web-app', restriction_type: 'project' },
    });
    expect(made.body).not.toHaveProperty('context_id');
    expect((await call('POST', path, { body: { project_id: IDS.webApp } })).status).toBe(409);
    expect(
      (
        await call('POST', path, {
          body: { restriction_type: 'project', restriction_value: IDS.dataPipeline },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', path, { body: { project_id: IDS.webApp, restriction_type: 'project' } })).status,
    ).toBe(400);
    expect(
      (await call('POST', path, { body: { restriction_type: 'team', restriction_value: 'x' } })).status,
    ).toBe(400);
    const group = await call('POST', path, {
      body: { restriction_type: 'group', restriction_value: IDS.platformTeam },
    });
    expect(group.body).toMatchObject({ name: 'platform-team' });
    expect((await call<Page>('GET', path)).body.items.map((r) => r.context_id)).toEqual([
      IDS.awsStaging,
      IDS.awsStaging,
    ]);
    expect((await call('DELETE', `${path}/not-a-uuid`)).status).toBe(400);
    expect((await call('DELETE', `${path}/${group.body.id}`)).status).toBe(200);
    expect((await call('DELETE', `${path}/${group.body.id}`)).status).toBe(404);
  });
});

describe('projects', () => {
  it('get by escaped or raw slug, github/gh alike; 404 for an unknown one', async () => {
    const { call } = emulator();
    const p = await call('GET', '/api/v2/project/github/acme/web-app');
    expect(p.body).toMatchObject({
      slug: 'gh/acme/web-app',
      id: IDS.webApp,
      vcs_info: { provider: 'GitHub', default_branch: 'main' },
    });
    expect(await call('GET', '/api/v2/project/gh%2Facme%2Fnope')).toMatchObject({
      status: 404,
      body: { message: 'Project not found' },
    });
  });

  it('create in an organization by slug or id; 403 where the user is not a member; 409 twice', async () => {
    const { call } = emulator();
    const a = await call('POST', '/api/v2/organization/gh%2Facme/project', { body: { name: 'billing' } });
    expect(a).toMatchObject({ status: 200, body: { slug: 'gh/acme/billing', organization_id: IDS.acme } });
    const b = await call('POST', `/api/v2/organization/${IDS.labs}/project`, { body: { name: 'ingest' } });
    expect(b.body.slug).toBe(`circleci/${IDS.labs}/${b.body.id}`);
    expect(
      (await call('POST', '/api/v2/organization/gh%2Facme/project', { body: { name: 'billing' } })).status,
    ).toBe(409);
    expect(
      (await call('POST', `/api/v2/organization/${IDS.other}/project`, { body: { name: 'x' } })).status,
    ).toBe(403);
    expect((await call('POST', '/api/v2/organization/gh%2Facme/project', { body: {} })).status).toBe(400);
  });

  it('the deprecated follow: 201 settings; 405 for an app org; 404 for an unknown repo; 400 without a config', async () => {
    const { call } = emulator();
    const f = await call('POST', '/api/v2/project/gh/acme/docs');
    expect(f).toMatchObject({ status: 201, body: { advanced: { set_github_status: true } } });
    expect((await call('GET', '/api/v2/project/gh/acme/docs')).status).toBe(200);
    expect((await call('POST', `/api/v2/project/circleci/${IDS.labs}/x`)).status).toBe(405);
    expect((await call('POST', '/api/v2/project/gh/acme/nope')).status).toBe(404);
    expect((await call('POST', '/api/v2/project/gh/acme/scratch')).status).toBe(400);
    expect((await call('POST', '/api/v2/project/gh/other-corp/x')).status).toBe(403);
  });

  it('delete answers {message}', async () => {
    const { call } = emulator();
    expect(await call('DELETE', '/api/v2/project/gh%2Facme%2Fmobile')).toMatchObject({
      status: 200,
      body: { message: 'Project deleted.' },
    });
    expect((await call('GET', '/api/v2/project/gh%2Facme%2Fmobile')).status).toBe(404);
  });
});

describe('checkout keys: real SSH keys', () => {
  /** Decodes an OpenSSH ed25519 public key and checks it is one. */
  function blobOf(publicKey: string): Buffer {
    const [kind, b64] = publicKey.split(' ');
    expect(kind).toBe('ssh-ed25519');
    const blob = Buffer.from(b64!, 'base64');
    expect(blob.readUInt32BE(0)).toBe(11);
    expect(blob.subarray(4, 15).toString()).toBe('ssh-ed25519');
    expect(blob.readUInt32BE(15)).toBe(32);
    expect(blob.length).toBe(51);
    return blob;
  }

  it('sha256 and md5 fingerprints are those of the key blob, as ssh-keygen prints them', async () => {
    const { call } = emulator();
    const sha = await call<Page>('GET', '/api/v2/project/gh%2Facme%2Fweb-app/checkout-key?digest=sha256');
    const md5 = await call<Page>('GET', '/api/v2/project/gh%2Facme%2Fweb-app/checkout-key');
    for (const [i, k] of sha.body.items.entries()) {
      const blob = blobOf(k['public-key'] as string);
      expect(k.fingerprint).toBe(
        `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`,
      );
      expect(md5.body.items[i]!.fingerprint).toBe(
        createHash('md5').update(blob).digest('hex').match(/../g)!.join(':'),
      );
    }
    expect(sha.body.items.map((k) => k.fingerprint)).toEqual([IDS.userKeySha256, IDS.deployKeySha256]);
    expect(sha.body.items.map((k) => k.preferred)).toEqual([true, false]);
    expect((await call('GET', '/api/v2/project/gh%2Facme%2Fweb-app/checkout-key?digest=sha1')).status).toBe(
      400,
    );
  });

  it('the public key is a usable Ed25519 key (a signature from its seed verifies)', async () => {
    const key = seededKey('web-app:user', 'x');
    const raw = blobOf(key.publicKey).subarray(19);
    const pub = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
      format: 'jwk',
    });
    expect(pub.asymmetricKeyType).toBe('ed25519');
    const seed = createHash('sha256').update('ops-sandbox-ssh:web-app:user').digest();
    const priv = createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
      format: 'der',
      type: 'pkcs8',
    });
    expect(verify(null, Buffer.from('checkout'), pub, sign(null, Buffer.from('checkout'), priv))).toBe(true);
    expect(verify(null, Buffer.from('checkout'), pub, Buffer.alloc(64))).toBe(false);
    expect(fingerprints(blobOf(key.publicKey)).sha256).toBe(IDS.userKeySha256);
  });

  it('create (201, user key answered as github-user-key, newest preferred), get by either fingerprint, delete', async () => {
    const { call } = emulator();
    const base = '/api/v2/project/gh%2Facme%2Fapi-server/checkout-key';
    const made = await call('POST', base, { body: { type: 'user-key' } });
    expect(made).toMatchObject({ status: 201, body: { type: 'github-user-key', preferred: true } });
    blobOf(made.body['public-key'] as string);
    const list = await call<Page>('GET', `${base}?digest=sha256`);
    const sha = list.body.items[0]!.fingerprint as string;
    expect((await call('GET', `${base}/${encodeURIComponent(sha)}`)).body.fingerprint).toBe(sha);
    expect(
      (await call('GET', `${base}/${encodeURIComponent(made.body.fingerprint as string)}`)).body.fingerprint,
    ).toBe(made.body.fingerprint);
    expect((await call('DELETE', `${base}/${encodeURIComponent(sha)}`)).body).toEqual({
      message: 'Checkout key deleted.',
    });
    expect((await call('GET', `${base}/${encodeURIComponent(sha)}`)).status).toBe(404);
    expect((await call('POST', base, { body: { type: 'admin' } })).status).toBe(400);
    expect(
      (
        await call('POST', `/api/v2/project/circleci%2F${IDS.labs}%2F${IDS.dataPipeline}/checkout-key`, {
          body: { type: 'deploy-key' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('project variables and pipeline definitions', () => {
  it('values are masked: xxxx and the last four; create answers 201; a seed variable has no creation time', async () => {
    const { call } = emulator();
    const base = '/api/v2/project/gh%2Facme%2Fweb-app/envvar';
    const made = await call('POST', base, { body: { name: 'TOKEN', value: 'abcdefgh1234' } });
    expect(made).toMatchObject({ status: 201, body: { name: 'TOKEN', value: 'xxxx1234' } });
    expect((await call('GET', `${base}/TOKEN`)).body.value).toBe('xxxx1234');
    const list = await call<Page>('GET', base);
    expect(list.body.items.find((v) => v.name === 'CYPRESS_RECORD_KEY')).toEqual({
      name: 'CYPRESS_RECORD_KEY',
      value: 'xxxx5c6d',
      'created-at': null,
    });
    expect((await call('POST', base, { body: { name: 'bad name', value: 'x' } })).status).toBe(400);
    expect((await call('DELETE', `${base}/TOKEN`)).status).toBe(200);
    expect((await call('GET', `${base}/TOKEN`)).status).toBe(404);
  });

  it('definitions: only github_app sources; unknown repositories refused; update changes what is given', async () => {
    const { call } = emulator();
    const base = `/api/v2/projects/${IDS.webApp}/pipeline-definitions`;
    expect((await call<Page>('GET', base)).body.items.map((d) => d.name)).toEqual([
      'build-and-test',
      'nightly',
    ]);
    const body = {
      name: 'release',
      config_source: {
        provider: 'github_app',
        repo: { external_id: '401122001' },
        file_path: '.circleci/release.yml',
      },
      checkout_source: { provider: 'github_app', repo: { external_id: '401122001' } },
    };
    const made = await call('POST', base, { body });
    expect(made).toMatchObject({
      status: 200,
      body: { name: 'release', config_source: { repo: { full_name: 'acme/web-app' } } },
    });
    expect(
      (
        await call('POST', base, {
          body: { ...body, name: 'x', config_source: { provider: 'circleci', file_path: 'a.yml' } },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', base, {
          body: {
            ...body,
            name: 'y',
            checkout_source: { provider: 'github_app', repo: { external_id: '999' } },
          },
        })
      ).status,
    ).toBe(400);
    const upd = await call('PATCH', `${base}/${made.body.id}`, {
      body: { description: 'tags only', config_source: { file_path: 'r.yml' } },
    });
    expect(upd.body).toMatchObject({
      name: 'release',
      description: 'tags only',
      config_source: { file_path: 'r.yml' },
    });
    expect(
      (await call('PATCH', `${base}/${made.body.id}`, { body: { config_source: { provider: 'x' } } })).status,
    ).toBe(400);
    expect((await call('DELETE', `${base}/${made.body.id}`)).body).toEqual({
      message: 'Pipeline definition deleted.',
    });
    expect((await call('GET', `${base}/${made.body.id}`)).status).toBe(404);
    expect((await call('GET', '/api/v2/projects/not-a-uuid/pipeline-definitions')).status).toBe(400);
  });
});

describe('reset and counters', () => {
  it('reset brings back the seed data; stats count what happened', async () => {
    const { call, emulator: emu } = emulator();
    await call('DELETE', `/api/v2/context/${IDS.dockerHub}`);
    await call('GET', '/api/v2/project/gh%2Facme%2Fweb-app', { headers: {} });
    expect(emu.stats!()).toMatchObject({ unauthorized: 1, contexts: 13 });
    emu.reset();
    expect((await call('GET', `/api/v2/context/${IDS.dockerHub}`)).status).toBe(200);
    expect(emu.stats!()).toMatchObject({ requests: 1, unauthorized: 0, contexts: 14 });
  });
});

describe('the user’s organizations', () => {
  it('GET /me/collaborations: a bare array of the organizations the user belongs to and their account', async () => {
    const { call } = emulator();
    const r = await call<Array<Record<string, string>>>('GET', '/api/v2/me/collaborations');
    expect(r.status).toBe(200);
    expect(r.body.map((c) => [c.id, c['vcs-type'], c.name, c.slug])).toEqual([
      [IDS.acme, 'github', 'acme', 'gh/acme'],
      [IDS.labs, 'circleci', 'acme-labs', `circleci/${IDS.labs}`],
      [IDS.account, 'github', 'sandbox-user', 'gh/sandbox-user'],
    ]);
    expect(r.body.every((c) => typeof c.avatar_url === 'string')).toBe(true);
    expect((await call('GET', '/api/v2/me/collaborations', { headers: {} })).status).toBe(401);
  });
});
