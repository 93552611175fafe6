import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const sb = await useSandbox({ services: ['tasks', 'docgen', 'db'], settings: { 'db.device_interval': '5' } });
const TASKS = `${sb.url}/tasks`;
const client = { client_id: sb.env.OPS_TASKS_CLIENT_ID!, client_secret: sb.env.OPS_TASKS_CLIENT_SECRET! };
const post = async (url: string, body: Record<string, string>) => {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });
  return { status: r.status, body: (await r.text()) || '{}' };
};
const authorize = (q: Record<string, string>) =>
  fetch(`${TASKS}/o/oauth2/v2/auth?${new URLSearchParams(q)}`, { redirect: 'manual' });
const SCOPE = 'https://www.googleapis.com/auth/tasks';
/** A code request of the sandbox's client to a loopback address, with `more` changed or added. */
const codeRequest = (more: Record<string, string> = {}) => ({
  response_type: 'code',
  client_id: client.client_id,
  redirect_uri: 'http://127.0.0.1:9/',
  scope: SCOPE,
  ...more,
});

async function signedIn(): Promise<{ access_token: string; refresh_token: string }> {
  const a = await authorize(codeRequest({ access_type: 'offline' }));
  const code = new URL(a.headers.get('location')!).searchParams.get('code')!;
  const t = await post(`${TASKS}/token`, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: 'http://127.0.0.1:9/',
    ...client,
  });
  return JSON.parse(t.body);
}

describe("the sandbox's authorization server (Google's, under /tasks)", () => {
  it('redirects only to a loopback address; an unknown client gets an error page, not a redirect', async () => {
    const off = await authorize(codeRequest({ redirect_uri: 'https://evil.example/' }));
    expect(off.status).toBe(400);
    const unknown = await authorize(codeRequest({ client_id: 'nobody' }));
    expect(unknown.status).toBe(400);
    const ok = await authorize(codeRequest({ state: 'st' }));
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:9\/\?code=[\w-]+&state=st$/);
  });

  it('a wrong secret is invalid_client (401); the code then works once, and never again', async () => {
    const a = await authorize(codeRequest());
    const code = new URL(a.headers.get('location')!).searchParams.get('code')!;
    const wrong = await post(`${TASKS}/token`, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:9/',
      client_id: client.client_id,
      client_secret: 'x',
    });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body).error).toBe('invalid_client');
    const use = () =>
      post(`${TASKS}/token`, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://127.0.0.1:9/',
        ...client,
      });
    expect(JSON.parse((await use()).body).access_token).toBeTruthy();
    expect(JSON.parse((await use()).body).error).toBe('invalid_grant');
  });

  it('an issued token works until it expires on the sandbox clock, then the API answers 401', async () => {
    const { access_token } = await signedIn();
    const get = () =>
      fetch(`${TASKS}/tasks/v1/users/@me/lists`, { headers: { authorization: `Bearer ${access_token}` } });
    expect((await get()).status).toBe(200);
    await sb.advance(3600);
    const expired = await get();
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: { status: string } }).error.status).toBe('UNAUTHENTICATED');
  });

  it('revoking the access token ends it at once', async () => {
    const { access_token } = await signedIn();
    expect((await post(`${TASKS}/revoke`, { token: access_token })).status).toBe(200);
    const r = await fetch(`${TASKS}/tasks/v1/users/@me/lists`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(r.status).toBe(401);
  });

  it('device codes: the tasks scope is refused with invalid_scope, as at Google', async () => {
    const refused = await post(`${TASKS}/device/code`, { client_id: client.client_id, scope: SCOPE });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({
      error: 'invalid_scope',
      error_description: `Invalid device flow scope: ${SCOPE}`,
    });
    const start = await post(`${TASKS}/device/code`, { client_id: client.client_id, scope: 'email' });
    // The sandbox's tasks server grants no other scope: a device code asked for `email` alone is refused too.
    expect(JSON.parse(start.body).error).toBe('invalid_scope');
  });
});

describe("the sandbox's authorization server (Box's, under /docgen)", () => {
  const DOCGEN = `${sb.url}/docgen`;
  const box = { client_id: sb.env.OPS_DOCGEN_CLIENT_ID!, client_secret: sb.env.OPS_DOCGEN_CLIENT_SECRET! };
  it('client credentials: enterprise or user subject; a wrong subject is invalid_grant; an issued token works', async () => {
    const bad = await post(`${DOCGEN}/oauth2/token`, {
      grant_type: 'client_credentials',
      ...box,
      box_subject_type: 'enterprise',
      box_subject_id: '1',
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({
      error: 'invalid_grant',
      error_description: 'Grant credentials are invalid',
    });
    const ok = await post(`${DOCGEN}/oauth2/token`, {
      grant_type: 'client_credentials',
      ...box,
      box_subject_type: 'enterprise',
      box_subject_id: '88104512',
    });
    const t = JSON.parse(ok.body);
    expect(t.refresh_token).toBeUndefined();
    const jobs = await fetch(`${DOCGEN}/2.0/docgen_jobs?limit=1`, {
      headers: { authorization: `Bearer ${t.access_token}`, 'content-version': '2025.0' },
    });
    expect(jobs.status).toBe(200);
    await sb.advance(3600);
    const later = await fetch(`${DOCGEN}/2.0/docgen_jobs?limit=1`, {
      headers: { authorization: `Bearer ${t.access_token}`, 'content-version': '2025.0' },
    });
    expect(later.status).toBe(401);
  });
});

describe("the sandbox's authorization server (the directory's v2.0 endpoints, under /db)", () => {
  it('device code: pending, polled too soon slow_down, approved by a visit with the code, then the tokens', async () => {
    const base = `${sb.url}/db/${sb.env.OPS_DB_TENANT}/oauth2/v2.0`;
    const start = JSON.parse(
      (
        await post(`${base}/devicecode`, {
          client_id: sb.env.OPS_DB_CLIENT_ID!,
          scope: 'https://management.azure.com/user_impersonation offline_access',
        })
      ).body,
    );
    expect(Object.keys(start).sort()).toEqual([
      'device_code',
      'expires_in',
      'interval',
      'message',
      'user_code',
      'verification_uri',
    ]);
    const poll = () =>
      post(`${base}/token`, {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        client_id: sb.env.OPS_DB_CLIENT_ID!,
        device_code: start.device_code,
      });
    const pending = await poll();
    expect(pending.status).toBe(400);
    expect(JSON.parse(pending.body)).toMatchObject({ error: 'authorization_pending', error_codes: [70016] });
    expect(JSON.parse(pending.body)).toHaveProperty('correlation_id');
    expect(JSON.parse((await poll()).body).error).toBe('slow_down');
    expect((await fetch(`${start.verification_uri}?user_code=${start.user_code}`)).status).toBe(200);
    const done = JSON.parse((await poll()).body);
    expect(done.refresh_token).toBeTruthy();
    expect(done.access_token.split('.')).toHaveLength(3);
  });
});
