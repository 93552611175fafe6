import { describe, expect, it } from 'vitest';
import { versionProblem } from '../../src/sandbox/docgen/routes.js';
import { NO_SCOPE_TOKEN } from '../../src/sandbox/docgen/seed.js';
import {
  JobStore,
  NEWEST_BATCH_ID,
  NEWEST_JOB_ID,
  TEMPLATES,
  statusAt,
} from '../../src/sandbox/docgen/seed.js';
import { decodeMarker, encodeMarker } from '../../src/sandbox/docgen/marker.js';
import { GOOD_HEADERS, emulator } from './helpers.js';

interface Job {
  id: string;
  status: string;
  batch: { id: string };
  template_file: { id: string };
  output_file: { id: string } | null;
  failures?: { errors: string[]; warnings: string[] };
  created_at?: string;
  created_by?: { id: string };
}
interface JobPage {
  entries: Job[];
  limit: number;
  next_marker?: string | null;
  prev_marker?: string | null;
}
interface ClientError {
  type: string;
  status: number;
  code: string;
  message: string;
  request_id: string;
  context_info: { errors?: Array<{ name: string; message: string }>; message?: string } | null;
}

describe('the seed data', () => {
  it('is the same for the same seed; newest first; ids grow with time', () => {
    const a = new JobStore(300, 1, 1_800_000_000_000);
    const b = new JobStore(300, 1, 1_800_000_000_000);
    const c = new JobStore(300, 2, 1_800_000_000_000);
    expect(a.mine.map((j) => [j.id, j.batchId, j.final])).toEqual(
      b.mine.map((j) => [j.id, j.batchId, j.final]),
    );
    expect(a.mine.map((j) => j.final)).not.toEqual(c.mine.map((j) => j.final));
    expect(a.mine[0]!.id).toBe(String(NEWEST_JOB_ID));
    expect(a.mine[0]!.batchId).toBe(String(NEWEST_BATCH_ID));
    const times = a.mine.map((j) => j.createdAt);
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(new Set(a.jobs.map((j) => j.id)).size).toBe(a.jobs.length);
  });

  it('has every status when the sandbox starts, and the running jobs finish on the clock', () => {
    const t0 = 1_800_000_000_000;
    const store = new JobStore(2400, 1, t0);
    const statuses = (now: number) => new Set(store.mine.map((j) => statusAt(j, now)));
    expect(statuses(t0)).toEqual(
      new Set(['submitted', 'pending', 'completed', 'completed_with_error', 'failed']),
    );
    expect(statuses(t0 + 10 * 60_000)).toEqual(new Set(['completed', 'completed_with_error', 'failed']));
  });
});

describe('GET /2.0/docgen_jobs', () => {
  it('answers the full variant in marker pages, 1000 by default', async () => {
    const { get } = emulator();
    const r = await get<JobPage>('/2.0/docgen_jobs?usemarker=true');
    expect(r.status).toBe(200);
    expect(r.body.entries).toHaveLength(1000);
    expect(r.body.limit).toBe(1000);
    expect(r.body.prev_marker).toBeNull();
    expect(typeof r.body.next_marker).toBe('string');
    expect(r.body.entries[0]).toMatchObject({
      id: String(NEWEST_JOB_ID),
      type: 'docgen_job',
      status: 'submitted',
      output_file: null,
      created_by: { id: '22051988', type: 'user' },
      enterprise: { type: 'enterprise' },
      source: 'api',
    });
    expect(r.body.entries[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-07:00$/);
  });

  it('walks every job once by next_marker; prev_marker leads back', async () => {
    const { get } = emulator({ 'docgen.count': '25' });
    const seen: string[] = [];
    let path = '/2.0/docgen_jobs?usemarker=true&limit=10';
    const markers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await get<JobPage>(path);
      seen.push(...r.body.entries.map((j) => j.id));
      if (!r.body.next_marker) break;
      markers.push(r.body.next_marker);
      path = `/2.0/docgen_jobs?usemarker=true&limit=10&marker=${r.body.next_marker}`;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const third = await get<JobPage>(`/2.0/docgen_jobs?usemarker=true&limit=10&marker=${markers[1]}`);
    expect(third.body.next_marker).toBeNull();
    const back = await get<JobPage>(
      `/2.0/docgen_jobs?usemarker=true&limit=10&marker=${third.body.prev_marker}`,
    );
    expect(back.body.entries.map((j) => j.id)).toEqual(seen.slice(10, 20));
  });

  it('without usemarker=true: one page and no markers', async () => {
    const { get, emulator: emu } = emulator();
    const r = await get<JobPage>('/2.0/docgen_jobs?limit=5');
    expect(r.body.entries).toHaveLength(5);
    expect(r.body).not.toHaveProperty('next_marker');
    expect(emu.stats!()).toMatchObject({ pagesWithoutUsemarker: 1 });
  });

  it('a limit above the maximum is the maximum (the vendor SDK asks for 10000)', async () => {
    const { get } = emulator();
    const r = await get<JobPage>('/2.0/docgen_jobs?usemarker=true&limit=10000');
    expect(r.status).toBe(200);
    expect(r.body.limit).toBe(1000);
    expect(r.body.entries).toHaveLength(1000);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=ten', 'limit'],
    ['usemarker=yes', 'usemarker'],
    ['marker=abc', 'marker'],
    ['usemarker=true&marker=abc', 'marker'],
    ['usemarker=true&marker=', 'marker'],
  ])('400 bad_request for %s, naming the parameter', async (query, name) => {
    const { get } = emulator();
    const r = await get<ClientError>(`/2.0/docgen_jobs?${query}`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ type: 'error', status: 400, code: 'bad_request', message: 'Bad Request' });
    expect(r.body.context_info?.errors?.[0]?.name).toBe(name);
    expect(r.body.request_id).toMatch(/^[0-9a-f]{12}$/);
  });

  it('markers are opaque and bound to their list: altered or foreign ones are refused', async () => {
    expect(decodeMarker('all', encodeMarker('all', '42'))).toBe('42');
    expect(decodeMarker('b1', encodeMarker('all', '42'))).toBeUndefined();
    const m = encodeMarker('all', '42');
    expect(Buffer.from(m, 'base64url').toString()).not.toBe('42');
    const forged = Buffer.from(Buffer.from(m, 'base64url').toString().replace('|42|', '|43|')).toString(
      'base64url',
    );
    expect(decodeMarker('all', forged)).toBeUndefined();
    const { get } = emulator();
    const batch = await get<JobPage>(`/2.0/docgen_batch_jobs/${NEWEST_BATCH_ID}?usemarker=true&limit=1`);
    const r = await get<ClientError>(`/2.0/docgen_jobs?usemarker=true&marker=${batch.body.next_marker}`);
    expect(r.status).toBe(400);
  });
});

describe('auth, version and rate limit', () => {
  it('401 without a token or with a wrong one, with WWW-Authenticate', async () => {
    const { get } = emulator();
    const none = await get<ClientError>('/2.0/docgen_jobs', { 'content-version': '2025.0' });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(none.headers['www-authenticate']).toBe('Bearer realm="Service"');
    const wrong = await get<ClientError>('/2.0/docgen_jobs', {
      ...GOOD_HEADERS,
      authorization: 'Bearer nope',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('invalid_token');
    const basic = await get('/2.0/docgen_jobs', { ...GOOD_HEADERS, authorization: 'Basic abc' });
    expect(basic.status).toBe(401);
  });

  it('403 insufficient_scope for the documented token without the Doc Gen scope', async () => {
    const { get } = emulator();
    const r = await get<ClientError>('/2.0/docgen_jobs', {
      ...GOOD_HEADERS,
      authorization: `Bearer ${NO_SCOPE_TOKEN}`,
    });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('insufficient_scope');
  });

  it.each([
    [undefined, 'missing'],
    ['', 'empty'],
    ['2025.0, 2025.0', 'several values'],
    ['latest', 'malformed'],
    ['2024.0', "'2024.0' is not supported"],
  ])(
    'content-version %j: 400 invalid_api_version (%s) listing the supported versions',
    async (value, what) => {
      const { get } = emulator();
      const headers: Record<string, string> = { authorization: GOOD_HEADERS.authorization };
      if (value !== undefined) headers['content-version'] = value;
      const r = await get<ClientError>('/2.0/docgen_jobs/91847520', headers);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('invalid_api_version');
      expect(r.body.message).toContain(what);
      expect(r.body.message).toMatch(/Supported versions: 2025\.0\.$/);
      expect(versionProblem('2025.0')).toBeUndefined();
    },
  );

  it('429 rate_limit_exceeded with retry-after past the limit; the window passes on the clock', async () => {
    const { get, clock } = emulator({ 'docgen.rate_limit': '2', 'docgen.rate_period': '10' });
    expect((await get('/2.0/docgen_jobs/91847520')).status).toBe(200);
    expect((await get('/2.0/docgen_jobs/91847520')).status).toBe(200);
    const r = await get<ClientError>('/2.0/docgen_jobs/91847520');
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('rate_limit_exceeded');
    expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    clock.advance(10_000);
    expect((await get('/2.0/docgen_jobs/91847520')).status).toBe(200);
  });
});

describe('one job, a batch, a template', () => {
  it('GET /2.0/docgen_jobs/{id}: the standard variant; the status moves on the clock', async () => {
    const { get, clock } = emulator();
    const r = await get<Job>(`/2.0/docgen_jobs/${NEWEST_JOB_ID}`);
    expect(r.body).toMatchObject({ id: String(NEWEST_JOB_ID), status: 'submitted', output_file: null });
    expect(r.body).not.toHaveProperty('created_at');
    expect(r.body).not.toHaveProperty('created_by');
    clock.advance(60_000);
    expect((await get<Job>(`/2.0/docgen_jobs/${NEWEST_JOB_ID}`)).body.status).toBe('pending');
    clock.advance(10 * 60_000);
    const done = await get<Job>(`/2.0/docgen_jobs/${NEWEST_JOB_ID}`);
    expect(done.body.status).not.toMatch(/submitted|pending/);
    const failed = await get<Job>(`/2.0/docgen_jobs/${NEWEST_JOB_ID - 14}`);
    expect(failed.body).toMatchObject({ status: 'failed', output_file: null });
    expect(failed.body.failures?.errors.length).toBeGreaterThan(0);
  });

  it('404 not_found for an unknown job and for another user’s job', async () => {
    const { get, emulator: emu } = emulator();
    for (const id of ['1', String(NEWEST_JOB_ID - 3)]) {
      const r = await get<ClientError>(`/2.0/docgen_jobs/${id}`);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 'not_found', message: 'Not Found' });
      expect(r.body.context_info?.message).toContain(id);
    }
    expect(emu.stats!()).toMatchObject({ notFound: 2 });
  });

  it('the jobs of a batch and of a template, paged by marker; unknown or foreign ones are 404', async () => {
    const { get } = emulator();
    const batch = await get<JobPage>(`/2.0/docgen_batch_jobs/${NEWEST_BATCH_ID}?usemarker=true`);
    expect(batch.body.entries).toHaveLength(4);
    expect(batch.body.entries.every((j) => j.batch.id === String(NEWEST_BATCH_ID) && !j.created_at)).toBe(
      true,
    );
    const template = TEMPLATES[0]!.fileId;
    const t = await get<JobPage>(`/2.0/docgen_template_jobs/${template}?usemarker=true&limit=50`);
    expect(t.body.entries).toHaveLength(50);
    expect(t.body.entries.every((j) => j.template_file.id === template)).toBe(true);
    expect(t.body.next_marker).toBeTruthy();
    const unused = await get<JobPage>(`/2.0/docgen_template_jobs/${TEMPLATES[5]!.fileId}?usemarker=true`);
    expect(unused.body).toMatchObject({ entries: [], next_marker: null });
    for (const path of [
      `/2.0/docgen_batch_jobs/${NEWEST_BATCH_ID + 1}`,
      '/2.0/docgen_batch_jobs/1',
      `/2.0/docgen_template_jobs/${TEMPLATES[6]!.fileId}`,
      '/2.0/docgen_template_jobs/1',
    ]) {
      expect((await get(path)).status).toBe(404);
    }
  });

  it('unknown paths are 404 and other methods 405, as ClientErrors', async () => {
    const { call } = emulator();
    const r = await call<ClientError>('GET', '/2.0/docgen_templates', { headers: GOOD_HEADERS });
    expect(r.body).toMatchObject({ status: 404, code: 'not_found' });
    const m = await call<ClientError>('DELETE', '/2.0/docgen_jobs/1', { headers: GOOD_HEADERS });
    expect(m.body).toMatchObject({ status: 405, code: 'method_not_allowed' });
  });
});
