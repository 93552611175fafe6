import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/sandbox/runs/index.js';
import { SEED } from '../../src/sandbox/runs/seed.js';
import { createdRange } from '../../src/sandbox/runs/runs-routes.js';
import { directEmulator } from '../helpers/emulator.js';

const H = { authorization: 'token sandbox-runs-token', 'user-agent': 'test', host: '127.0.0.1:4010' };
const R = '/repos/octo-org/hello-world/actions';

function emu(settings: Record<string, string> = {}) {
  const d = directEmulator('runs', createEmulator, { settings });
  const call = <B = Record<string, unknown>>(
    method: string,
    path: string,
    o: { headers?: Record<string, string>; body?: unknown } = {},
  ) => d.call<B>(method, path, { ...o, headers: { ...H, ...o.headers } });
  return { ...d, call, advance: (s: number) => d.clock.advance(s * 1000) };
}

describe('authentication and headers', () => {
  it('no credential is 401 "Requires authentication"; a wrong one "Bad credentials"; Bearer works too', async () => {
    const e = emu();
    const none = await e.call('GET', `${R}/runs`, { headers: { authorization: '' } });
    expect([none.status, none.body.message]).toEqual([401, 'Requires authentication']);
    const wrong = await e.call('GET', `${R}/runs`, { headers: { authorization: 'token nope' } });
    expect([wrong.status, wrong.body.message, wrong.body.documentation_url]).toEqual([
      401,
      'Bad credentials',
      expect.any(String),
    ]);
    const bearer = await e.call('GET', `${R}/runs`, {
      headers: { authorization: 'Bearer sandbox-runs-token' },
    });
    expect(bearer.status).toBe(200);
  });

  it('a request without a User-Agent is refused (403)', async () => {
    const e = emu();
    const r = await e.call('GET', `${R}/runs`, { headers: { 'user-agent': '' } });
    expect(r.status).toBe(403);
  });

  it('every answer carries the x-ratelimit-* headers, the reset in epoch seconds', async () => {
    const e = emu();
    const r = await e.call('GET', `${R}/runs/${SEED.ciFailed}`);
    expect(r.headers).toMatchObject({
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '4999',
      'x-ratelimit-used': '1',
      'x-ratelimit-resource': 'core',
    });
    expect(Number(r.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000 + 3500);
  });

  it('the primary limit: 429 with remaining 0 until the window resets', async () => {
    const e = emu({ 'runs.rate_limit': '2', 'runs.rate_window': '60' });
    expect((await e.call('GET', `${R}/workflows`)).status).toBe(200);
    expect((await e.call('GET', `${R}/workflows`)).status).toBe(200);
    const r = await e.call('GET', `${R}/workflows`);
    expect([r.status, r.headers['x-ratelimit-remaining'], r.body.message]).toEqual([
      429,
      '0',
      'API rate limit exceeded for user ID 583231.',
    ]);
    expect(r.headers['retry-after']).toBeUndefined();
    e.advance(61);
    expect((await e.call('GET', `${R}/workflows`)).status).toBe(200);
  });

  it('the primary limit answers 403 when the sandbox is set so', async () => {
    const e = emu({ 'runs.rate_limit': '1', 'runs.rate_limit_status': '403' });
    await e.call('GET', `${R}/workflows`);
    expect((await e.call('GET', `${R}/workflows`)).status).toBe(403);
  });

  it('the secondary limit: 429 with retry-after of at least five seconds', async () => {
    const e = emu({ 'runs.secondary_limit': '1', 'runs.secondary_window': '2' });
    await e.call('GET', `${R}/workflows`);
    const r = await e.call('GET', `${R}/workflows`);
    expect(r.status).toBe(429);
    expect(Number(r.headers['retry-after'])).toBe(5);
    expect(String(r.body.message)).toContain('secondary rate limit');
  });

  it('GET answers carry an ETag; If-None-Match gives a 304 that does not count', async () => {
    const e = emu();
    const first = await e.call('GET', `${R}/runs/${SEED.ciFailed}`);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    const again = await e.call('GET', `${R}/runs/${SEED.ciFailed}`, { headers: { 'if-none-match': etag } });
    expect([again.status, again.raw, again.headers.etag, again.headers['x-ratelimit-remaining']]).toEqual([
      304,
      undefined,
      etag,
      '4999',
    ]);
    expect(e.emulator.stats!().notModified).toBe(1);
  });
});

describe('lists', () => {
  it('Link headers: next and last, then prev and first; per_page above 100 is cut to 100', async () => {
    const e = emu();
    const p1 = await e.call<{ total_count: number; workflow_runs: unknown[] }>(
      'GET',
      `${R}/runs?per_page=50`,
    );
    expect(p1.body.total_count).toBe(127);
    expect(p1.body.workflow_runs).toHaveLength(50);
    expect(p1.headers.link).toBe(
      `<http://127.0.0.1:4010/runs${R}/runs?per_page=50&page=2>; rel="next", <http://127.0.0.1:4010/runs${R}/runs?per_page=50&page=3>; rel="last"`,
    );
    const p3 = await e.call('GET', `${R}/runs?per_page=50&page=3`);
    expect(p3.headers.link).toBe(
      `<http://127.0.0.1:4010/runs${R}/runs?per_page=50&page=2>; rel="prev", <http://127.0.0.1:4010/runs${R}/runs?per_page=50&page=1>; rel="first"`,
    );
    const big = await e.call<{ workflow_runs: unknown[] }>('GET', `${R}/runs?per_page=500`);
    expect(big.body.workflow_runs).toHaveLength(100);
    const bad = await e.call('GET', `${R}/runs?per_page=abc`);
    expect(bad.status).toBe(422);
  });

  it('the default page size is 30', async () => {
    const e = emu();
    const r = await e.call<{ workflow_runs: unknown[] }>('GET', `${R}/runs`);
    expect(r.body.workflow_runs).toHaveLength(30);
  });

  it('run filters: an unknown status or a bad created is 422; created takes ranges', async () => {
    const e = emu();
    expect((await e.call('GET', `${R}/runs?status=done`)).status).toBe(422);
    expect((await e.call('GET', `${R}/runs?created=yesterday`)).status).toBe(422);
    expect(createdRange('2026-01-02')).toEqual([
      Date.parse('2026-01-02T00:00:00Z'),
      Date.parse('2026-01-03T00:00:00Z') - 1,
    ]);
    expect(createdRange('>2026-01-02')).toEqual([
      Date.parse('2026-01-03T00:00:00Z'),
      Number.POSITIVE_INFINITY,
    ]);
    expect(createdRange('<2026-01-02')?.[1]).toBe(Date.parse('2026-01-02T00:00:00Z') - 1);
    expect(createdRange('*..2026-01-02T10:00:00Z')).toEqual([
      Number.NEGATIVE_INFINITY,
      Date.parse('2026-01-02T10:00:01Z') - 1,
    ]);
    // A time to the second holds the whole second; to the minute, the whole minute; with a fraction, itself.
    const t = Date.parse('2026-01-02T10:00:13.227Z');
    for (const q of [
      '2026-01-02T10:00:13Z',
      '<=2026-01-02T10:00:13Z',
      '2026-01-02T10:00:13Z..2026-01-02T10:00:13Z',
    ]) {
      const [lo, hi] = createdRange(q)!;
      expect(lo <= t && t <= hi, q).toBe(true);
    }
    expect(createdRange('2026-01-02T10:00')).toEqual([
      Date.parse('2026-01-02T10:00:00Z'),
      Date.parse('2026-01-02T10:01:00Z') - 1,
    ]);
    expect(createdRange('2026-01-02T10:00:13.227Z')).toEqual([t, t]);
    expect(createdRange('>2026-01-02T10:00:13Z')?.[0]).toBe(Date.parse('2026-01-02T10:00:14Z'));
    expect(createdRange('2026-01-02..nope')).toBeUndefined();
  });

  it('jobs: filter must be latest or all', async () => {
    const e = emu();
    expect((await e.call('GET', `${R}/runs/${SEED.ciFailed}/jobs?filter=some`)).status).toBe(422);
  });

  it('unknown ids and repositories are 404 in the basic-error shape', async () => {
    const e = emu();
    for (const path of [
      `${R}/runs/1`,
      `${R}/runs/abc`,
      '/repos/octo-org/nope/actions/runs',
      `${R}/jobs/5/logs`,
      `${R}/workflows/x.yml`,
    ]) {
      const r = await e.call('GET', path);
      expect([path, r.status, r.body.message]).toEqual([path, 404, 'Not Found']);
    }
  });
});

describe('runs on the sandbox clock', () => {
  it('queued → in_progress → completed, steps one after another', async () => {
    const e = emu();
    const state = async () => {
      const r = await e.call<{ status: string; conclusion: string | null }>(
        'GET',
        `${R}/runs/${SEED.queued}`,
      );
      return `${r.body.status}/${r.body.conclusion}`;
    };
    expect(await state()).toBe('queued/null');
    e.advance(23);
    expect(await state()).toBe('in_progress/null');
    const jobs = await e.call<{ jobs: Array<{ steps: Array<{ status: string }> }> }>(
      'GET',
      `${R}/runs/${SEED.queued}/jobs`,
    );
    expect(jobs.body.jobs[0]!.steps.map((s) => s.status)).toEqual([
      'completed',
      'in_progress',
      'queued',
      'queued',
      'queued',
    ]);
    e.advance(200);
    expect(await state()).toBe('completed/success');
  });

  it('the in-progress seed run ends in failure: the failed step, then skipped ones', async () => {
    const e = emu();
    e.advance(300);
    const jobs = await e.call<{
      jobs: Array<{ name: string; conclusion: string; steps: Array<{ conclusion: string }> }>;
    }>('GET', `${R}/runs/${SEED.inProgress}/jobs`);
    const test = jobs.body.jobs.find((j) => j.name === 'test')!;
    expect(test.conclusion).toBe('failure');
    expect(test.steps.map((s) => s.conclusion)).toEqual([
      'success',
      'success',
      'success',
      'failure',
      'skipped',
    ]);
  });

  it('cancel: 202, the run ends cancelled at once; a second cancel is 409', async () => {
    const e = emu();
    expect((await e.call('POST', `${R}/runs/${SEED.inProgress}/cancel`)).status).toBe(202);
    const r = await e.call('GET', `${R}/runs/${SEED.inProgress}`);
    expect([r.body.status, r.body.conclusion]).toEqual(['completed', 'cancelled']);
    const again = await e.call('POST', `${R}/runs/${SEED.inProgress}/cancel`);
    expect([again.status, again.body.message]).toEqual([
      409,
      'Cannot cancel a workflow run that is completed.',
    ]);
  });

  it('approve only a run waiting for approval (else 403); rerun only a finished run (else 403)', async () => {
    const e = emu();
    expect((await e.call('POST', `${R}/runs/${SEED.ciSuccess}/approve`)).status).toBe(403);
    expect((await e.call('POST', `${R}/runs/${SEED.awaitingApproval}/rerun`)).status).toBe(403);
    expect((await e.call('POST', `${R}/runs/${SEED.awaitingApproval}/approve`)).status).toBe(201);
    expect((await e.call('POST', `${R}/runs/${SEED.inProgress}/rerun`)).status).toBe(403);
    expect((await e.call('POST', `${R}/runs/${SEED.ciSuccess}/rerun-failed-jobs`)).status).toBe(403);
    const bad = await e.call('POST', `${R}/runs/${SEED.ciSuccess}/rerun`, {
      body: { enable_debug_logging: 'yes' },
    });
    expect(bad.status).toBe(422);
    expect((await e.call('POST', `${R}/runs/${SEED.ciSuccess}/rerun`)).status).toBe(201);
    const r = await e.call('GET', `${R}/runs/${SEED.ciSuccess}`);
    expect([r.body.run_attempt, r.body.previous_attempt_url]).toEqual([
      2,
      expect.stringMatching(/\/attempts\/1$/),
    ]);
  });

  it('delete: a finished run is gone (404 after); a running one is 409', async () => {
    const e = emu();
    expect((await e.call('DELETE', `${R}/runs/${SEED.inProgress}`)).status).toBe(409);
    expect((await e.call('DELETE', `${R}/runs/${SEED.ciSuccess}`)).status).toBe(204);
    expect((await e.call('GET', `${R}/runs/${SEED.ciSuccess}`)).status).toBe(404);
  });
});

describe('log downloads', () => {
  it('a 302 to the other loopback name; that address refuses the Authorization header and expires in a minute', async () => {
    const e = emu();
    const r = await e.call('GET', `${R}/runs/${SEED.ciFailed}/logs`);
    expect(r.status).toBe(302);
    const location = r.headers.location!;
    expect(location).toMatch(/^\/\/localhost:4010\/runs\/_blobs\/[0-9a-f]{32}$/);
    const path = location.replace(/^\/\/[^/]+\/runs/, '');
    const refused = await e.call('GET', path);
    expect(refused.status).toBe(400);
    const got = await e.call('GET', path, { headers: { authorization: undefined as unknown as string } });
    expect(got.status).toBe(200);
    const files = Object.keys(unzipSync(got.raw as Buffer));
    expect(files).toContain('1_test.txt');
    expect(files).toContain('test/4_Run tests.txt');
    expect(files).not.toContain('test/5_Complete job.txt');
    e.advance(61);
    const late = await e.call('GET', path, { headers: { authorization: undefined as unknown as string } });
    expect(late.status).toBe(403);
    expect(e.emulator.stats!()).toMatchObject({ downloadsServed: 1, downloadsRefusedWithAuth: 1 });
  });

  it('called as localhost, the download goes to 127.0.0.1', async () => {
    const e = emu();
    const r = await e.call('GET', `${R}/runs/${SEED.ciFailed}/logs`, { headers: { host: 'localhost:9' } });
    expect(r.headers.location).toMatch(/^\/\/127\.0\.0\.1:9\/runs\/_blobs\//);
  });

  it('no logs for a run in progress (404), an unknown attempt (404) or deleted logs (410)', async () => {
    const e = emu();
    expect((await e.call('GET', `${R}/runs/${SEED.inProgress}/logs`)).status).toBe(404);
    expect((await e.call('GET', `${R}/runs/${SEED.ciFailed}/attempts/2/logs`)).status).toBe(404);
    expect((await e.call('DELETE', `${R}/runs/${SEED.inProgress}/logs`)).status).toBe(403);
    expect((await e.call('DELETE', `${R}/runs/${SEED.ciFailed}/logs`)).status).toBe(204);
    const gone = await e.call('GET', `${R}/runs/${SEED.ciFailed}/logs`);
    expect([gone.status, gone.body.message]).toEqual([
      410,
      'The logs of this workflow run have been deleted.',
    ]);
  });
});

describe('workflows and dispatch', () => {
  it('dispatch: 204, or 200 with the run when asked; more than 10 inputs is 422', async () => {
    const e = emu();
    expect((await e.call('POST', `${R}/workflows/ci.yml/dispatches`, { body: { ref: 'main' } })).status).toBe(
      204,
    );
    const details = await e.call('POST', `${R}/workflows/161336/dispatches`, {
      body: {
        ref: 'refs/tags/v1.0.0',
        inputs: { version: '1.0.1', dry_run: true },
        return_run_details: true,
      },
    });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      workflow_run_id: expect.any(Number),
      run_url: expect.stringContaining('/actions/runs/'),
    });
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']));
    const r = await e.call('POST', `${R}/workflows/ci.yml/dispatches`, {
      body: { ref: 'main', inputs: many },
    });
    expect(r.status).toBe(422);
    expect((await e.call('POST', `${R}/workflows/ci.yml/dispatches`, { body: {} })).status).toBe(422);
    expect(
      (
        await e.call('POST', `${R}/workflows/ci.yml/dispatches`, {
          body: { ref: 'main', inputs: { x: '1' } },
        })
      ).status,
    ).toBe(422);
  });

  it('a dispatched CI run on develop fails once; its rerun of failed jobs passes', async () => {
    const e = emu();
    const made = await e.call<{ workflow_run_id: number }>('POST', `${R}/workflows/ci.yml/dispatches`, {
      body: { ref: 'develop', return_run_details: true },
    });
    const id = made.body.workflow_run_id;
    e.advance(300);
    expect((await e.call('GET', `${R}/runs/${id}`)).body.conclusion).toBe('failure');
    expect((await e.call('POST', `${R}/runs/${id}/rerun-failed-jobs`)).status).toBe(201);
    e.advance(300);
    expect((await e.call('GET', `${R}/runs/${id}`)).body.conclusion).toBe('success');
  });

  it('disable and enable set the state', async () => {
    const e = emu();
    expect((await e.call('PUT', `${R}/workflows/ci.yml/disable`)).status).toBe(204);
    expect((await e.call('GET', `${R}/workflows/161335`)).body.state).toBe('disabled_manually');
    expect((await e.call('PUT', `${R}/workflows/161335/enable`)).status).toBe(204);
    expect((await e.call('GET', `${R}/workflows/ci.yml`)).body.state).toBe('active');
  });

  it('reset brings back the seed', async () => {
    const e = emu();
    await e.call('DELETE', `${R}/runs/${SEED.ciSuccess}`);
    e.emulator.reset();
    expect((await e.call('GET', `${R}/runs/${SEED.ciSuccess}`)).status).toBe(200);
  });
});

async function seal(keyB64: string, text: string): Promise<string> {
  const m = await import('libsodium-wrappers');
  const sodium = (m as unknown as { default: typeof m }).default ?? m;
  await sodium.ready;
  return Buffer.from(sodium.crypto_box_seal(Buffer.from(text), Buffer.from(keyB64, 'base64'))).toString(
    'base64',
  );
}

describe('secrets: a Curve25519 key pair per scope, every sealed box opened', () => {
  it('public keys: 32 bytes, one per scope, the same after a reset', async () => {
    const e = emu();
    const repo = await e.call<{ key_id: string; key: string }>('GET', `${R}/secrets/public-key`);
    const org = await e.call<{ key_id: string; key: string }>(
      'GET',
      '/orgs/octo-org/actions/secrets/public-key',
    );
    const env = await e.call<{ key_id: string; key: string }>(
      'GET',
      '/repos/octo-org/hello-world/environments/production/secrets/public-key',
    );
    expect(Buffer.from(repo.body.key, 'base64')).toHaveLength(32);
    expect(repo.body.key_id).toMatch(/^\d{18}$/);
    expect(new Set([repo.body.key, org.body.key, env.body.key]).size).toBe(3);
    e.emulator.reset();
    expect((await e.call<{ key: string }>('GET', `${R}/secrets/public-key`)).body.key).toBe(repo.body.key);
  });

  it('a sealed value is decrypted and kept: 201 created, 204 updated', async () => {
    const e = emu();
    const { key, key_id } = (await e.call<{ key: string; key_id: string }>('GET', `${R}/secrets/public-key`))
      .body;
    const put = (text: string) =>
      e.call('PUT', `${R}/secrets/NEW`, { body: { encrypted_value: text, key_id } });
    expect((await put(await seal(key, 'first'))).status).toBe(201);
    expect((await put(await seal(key, 'second'))).status).toBe(204);
    expect(
      (e.emulator as import('../../src/sandbox/runs/index.js').RunsEmulator)
        .secretValue({}, 'new')
        ?.toString(),
    ).toBe('second');
    const listed = await e.call<{ secrets: Array<Record<string, unknown>> }>('GET', `${R}/secrets`);
    expect(listed.body.secrets.find((x) => x.name === 'NEW')).toEqual({
      name: 'NEW',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('422: a box sealed to another key, a stale key_id, bad base64, missing fields, a bad name', async () => {
    const e = emu();
    const repo = (await e.call<{ key: string; key_id: string }>('GET', `${R}/secrets/public-key`)).body;
    const org = (
      await e.call<{ key: string; key_id: string }>('GET', '/orgs/octo-org/actions/secrets/public-key')
    ).body;
    const cases: Array<[string, unknown]> = [
      ['sealed to the organisation key', { encrypted_value: await seal(org.key, 'x'), key_id: repo.key_id }],
      ['another key_id', { encrypted_value: await seal(repo.key, 'x'), key_id: org.key_id }],
      ['not base64', { encrypted_value: 'not base64!', key_id: repo.key_id }],
      ['no key_id', { encrypted_value: await seal(repo.key, 'x') }],
      ['random bytes', { encrypted_value: Buffer.alloc(60, 7).toString('base64'), key_id: repo.key_id }],
    ];
    for (const [what, body] of cases) {
      const r = await e.call('PUT', `${R}/secrets/BAD`, { body });
      expect([what, r.status, r.body.message]).toEqual([what, 422, 'Validation Failed']);
    }
    expect((await e.call('PUT', `${R}/secrets/1BAD`, { body: cases[0]![1] })).status).toBe(422);
    expect(e.emulator.stats!()).toMatchObject({ sealedBoxesRejected: 3, secretsDecrypted: 0 });
  });

  it('organisation secrets need a visibility; selected ids must be repositories of the organisation', async () => {
    const e = emu();
    const { key, key_id } = (
      await e.call<{ key: string; key_id: string }>('GET', '/orgs/octo-org/actions/secrets/public-key')
    ).body;
    const encrypted_value = await seal(key, 'v');
    const put = (body: unknown) => e.call('PUT', '/orgs/octo-org/actions/secrets/ORG_NEW', { body });
    expect((await put({ encrypted_value, key_id })).status).toBe(422);
    expect(
      (await put({ encrypted_value, key_id, visibility: 'all', selected_repository_ids: [1296269] })).status,
    ).toBe(422);
    expect(
      (await put({ encrypted_value, key_id, visibility: 'selected', selected_repository_ids: [999] })).status,
    ).toBe(422);
    expect(
      (await put({ encrypted_value, key_id, visibility: 'selected', selected_repository_ids: ['1296269'] }))
        .status,
    ).toBe(201);
    // A visibility change alone needs no value.
    expect((await put({ visibility: 'all' })).status).toBe(204);
    expect((await e.call('GET', '/orgs/octo-org/actions/secrets/ORG_NEW')).body.visibility).toBe('all');
    expect((await e.call('PUT', '/orgs/octo-org/actions/secrets/ORG_NEW/repositories/1296270')).status).toBe(
      409,
    );
  });

  it('an unknown environment is 404; its name may hold a slash (encoded)', async () => {
    const e = emu();
    expect((await e.call('GET', '/repos/octo-org/hello-world/environments/nope/secrets')).status).toBe(404);
    expect(
      (await e.call('GET', '/repos/octo-org/hello-world/environments/review%2Fapp/secrets')).status,
    ).toBe(200);
  });

  it('repository-visible organisation secrets follow visibility', async () => {
    const e = emu();
    const names = async (repo: string) =>
      (
        await e.call<{ secrets: Array<{ name: string }> }>(
          'GET',
          `/repos/octo-org/${repo}/actions/organization-secrets`,
        )
      ).body.secrets.map((s) => s.name);
    expect(await names('hello-world')).toEqual(['DEPLOY_KEY', 'NPM_TOKEN', 'SLACK_WEBHOOK_URL']);
    expect(await names('docs-site')).toEqual(['NPM_TOKEN']);
    expect(await names('api-service')).toEqual(['NPM_TOKEN', 'SLACK_WEBHOOK_URL']);
  });
});

describe('variables', () => {
  it('create 201, again 409; get, patch (rename too), delete; per_page at most 30', async () => {
    const e = emu();
    expect((await e.call('POST', `${R}/variables`, { body: { name: 'x_one', value: '1' } })).status).toBe(
      201,
    );
    expect((await e.call('POST', `${R}/variables`, { body: { name: 'X_ONE', value: '2' } })).status).toBe(
      409,
    );
    expect((await e.call('GET', `${R}/variables/X_ONE`)).body.value).toBe('1');
    expect(
      (await e.call('PATCH', `${R}/variables/X_ONE`, { body: { value: '3', name: 'X_TWO' } })).status,
    ).toBe(204);
    expect((await e.call('GET', `${R}/variables/X_TWO`)).body.value).toBe('3');
    expect((await e.call('GET', `${R}/variables/X_ONE`)).status).toBe(404);
    expect((await e.call('DELETE', `${R}/variables/X_TWO`)).status).toBe(204);
    expect((await e.call('DELETE', `${R}/variables/X_TWO`)).status).toBe(404);
    expect((await e.call('POST', `${R}/variables`, { body: { name: 'V' } })).status).toBe(422);
    expect(
      (await e.call('POST', `${R}/variables`, { body: { name: 'V', value: 'x'.repeat(48 * 1024 + 1) } }))
        .status,
    ).toBe(422);
    for (let i = 0; i < 40; i++)
      await e.call('POST', `${R}/variables`, { body: { name: `N${i}`, value: '1' } });
    const page = await e.call<{ variables: unknown[]; total_count: number }>(
      'GET',
      `${R}/variables?per_page=100`,
    );
    expect([page.body.variables.length, page.body.total_count]).toEqual([30, 42]);
  });

  it('organisation variables need a visibility; selected repositories only when selected (409)', async () => {
    const e = emu();
    expect(
      (await e.call('POST', '/orgs/octo-org/actions/variables', { body: { name: 'A', value: '1' } })).status,
    ).toBe(422);
    expect(
      (
        await e.call('POST', '/orgs/octo-org/actions/variables', {
          body: { name: 'A', value: '1', visibility: 'all' },
        })
      ).status,
    ).toBe(201);
    expect((await e.call('GET', '/orgs/octo-org/actions/variables/A/repositories')).status).toBe(409);
    const sel = await e.call<{ repositories: Array<{ id: number; full_name: string }> }>(
      'GET',
      '/orgs/octo-org/actions/variables/BUILD_FLAGS/repositories',
    );
    expect(sel.body.repositories.map((r) => r.full_name)).toEqual(['octo-org/hello-world']);
    expect(
      (await e.call('PUT', '/orgs/octo-org/actions/variables/BUILD_FLAGS/repositories/999')).status,
    ).toBe(404);
  });
});

describe('artifacts and caches', () => {
  it('an expired artifact is 410; archive_format must be zip', async () => {
    const e = emu();
    const expired = await e.call('GET', `${R}/artifacts/1000002/zip`);
    expect([expired.status, expired.body.message]).toEqual([410, 'Artifact has expired']);
    expect((await e.call('GET', `${R}/artifacts/1000001/tar`)).status).toBe(404);
    expect((await e.call('GET', `${R}/artifacts/1000001/zip`)).status).toBe(302);
    const a = await e.call('GET', `${R}/artifacts/1000001`);
    expect(a.body).toMatchObject({
      name: 'build-output',
      expired: false,
      workflow_run: { id: SEED.ciSuccess },
    });
  });

  it('caches: delete by key needs the key, deletes every ref unless one is given, 404 when none match', async () => {
    const e = emu();
    const list = await e.call<{ actions_caches: Array<{ id: number; key: string }> }>('GET', `${R}/caches`);
    const key = list.body.actions_caches.find((c) => c.id === 1)!.key;
    expect((await e.call('DELETE', `${R}/caches`)).status).toBe(422);
    const gone = await e.call<{ total_count: number }>('DELETE', `${R}/caches?key=${key}`);
    expect(gone.body.total_count).toBe(2);
    expect((await e.call('DELETE', `${R}/caches?key=${key}`)).status).toBe(404);
    expect((await e.call('GET', `${R}/caches?sort=name`)).status).toBe(422);
  });
});

describe('runners, runner groups, hosted runners, selective enablement', () => {
  it('labels: add (1 to 100 names), list, remove-all leaves the read-only ones; 404 for an unknown runner', async () => {
    const e = emu();
    const O = '/orgs/octo-org/actions/runners';
    expect((await e.call('POST', `${O}/21/labels`, { body: { labels: [] } })).status).toBe(422);
    expect(
      (
        await e.call('POST', `${O}/21/labels`, {
          body: { labels: Array.from({ length: 101 }, (_, i) => `l${i}`) },
        })
      ).status,
    ).toBe(422);
    const added = await e.call<{ total_count: number }>('POST', `${O}/21/labels`, {
      body: { labels: ['eu', 'DEPLOY'] },
    });
    expect(added.body.total_count).toBe(5);
    const left = await e.call<{ labels: Array<{ type: string }> }>('DELETE', `${O}/21/labels`);
    expect(left.body.labels.map((l) => l.type)).toEqual(['read-only', 'read-only', 'read-only']);
    expect((await e.call('GET', `${O}/99/labels`)).status).toBe(404);
    expect((await e.call('GET', `${R}/runners/21/labels`)).status).toBe(404);
  });

  it('tokens expire an hour ahead on the sandbox clock; a busy runner cannot be deleted', async () => {
    const e = emu();
    e.advance(3600);
    const t = await e.call<{ expires_at: string }>('POST', `${R}/runners/registration-token`);
    expect(t.status).toBe(201);
    expect(Date.parse(t.body.expires_at)).toBeGreaterThan(Date.now() + 7000_000);
    const busy = await e.call<{ message: string }>('DELETE', '/orgs/octo-org/actions/runners/22');
    expect(busy.status).toBe(422);
    expect((await e.call('DELETE', '/orgs/octo-org/actions/runners/23')).status).toBe(204);
    expect((await e.call('GET', '/orgs/octo-org/actions/runners/downloads')).body).toEqual(expect.any(Array));
  });

  it('runner groups take repositories only when their visibility is selected', async () => {
    const e = emu();
    expect((await e.call('PUT', '/orgs/octo-org/actions/runner-groups/2/repositories/1296270')).status).toBe(
      204,
    );
    expect((await e.call('PUT', '/orgs/octo-org/actions/runner-groups/1/repositories/1296270')).status).toBe(
      409,
    );
    expect((await e.call('PUT', '/orgs/octo-org/actions/runner-groups/9/repositories/1296270')).status).toBe(
      404,
    );
    expect((await e.call('PUT', '/orgs/octo-org/actions/runner-groups/2/repositories/999')).status).toBe(404);
  });

  it('hosted runner delete answers 202 with the runner, Deleting, and removes it in the background', async () => {
    const e = emu();
    const r = await e.call('DELETE', '/orgs/octo-org/actions/hosted-runners/6');
    expect([r.status, r.body.status, r.body.name]).toEqual([202, 'Deleting', 'hosted-windows-8core']);
    const during = await e.call('GET', '/orgs/octo-org/actions/hosted-runners/6');
    expect([during.status, during.body.status]).toEqual([200, 'Deleting']);
    // A second delete while it is removed answers the same.
    expect((await e.call('DELETE', '/orgs/octo-org/actions/hosted-runners/6')).status).toBe(202);
    e.advance(2);
    expect((await e.call('GET', '/orgs/octo-org/actions/hosted-runners/6')).status).toBe(404);
    expect((await e.call('DELETE', '/orgs/octo-org/actions/hosted-runners/6')).status).toBe(404);
    const list = await e.call<{ runners: Array<{ id: number }> }>(
      'GET',
      '/orgs/octo-org/actions/hosted-runners',
    );
    expect(list.body.runners.map((h) => h.id)).toEqual([5]);
  });

  it('selective enablement: list, enable, disable', async () => {
    const e = emu();
    const names = async () =>
      (
        await e.call<{ repositories: Array<{ name: string }> }>(
          'GET',
          '/orgs/octo-org/actions/permissions/repositories',
        )
      ).body.repositories.map((r) => r.name);
    expect(await names()).toEqual(['hello-world', 'api-service']);
    expect((await e.call('DELETE', '/orgs/octo-org/actions/permissions/repositories/1296269')).status).toBe(
      204,
    );
    expect((await e.call('PUT', '/orgs/octo-org/actions/permissions/repositories/1296271')).status).toBe(204);
    expect(await names()).toEqual(['api-service', 'docs-site']);
    expect((await e.call('DELETE', '/orgs/octo-org/actions/permissions/repositories/42')).status).toBe(404);
    expect((await e.call('GET', '/orgs/nope/actions/permissions/repositories')).status).toBe(404);
  });
});
