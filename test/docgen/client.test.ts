import { describe, expect, it } from 'vitest';
import { createDocgenClient } from '../../src/clients/docgen/client.js';
import { descriptor, parseDocgenError } from '../../src/clients/docgen/index.js';
import type { DocgenJobWire } from '../../src/clients/docgen/types.js';
import { collect } from '../../src/clients/http/paginate.js';
import { RawJson } from '../../src/clients/http/raw-json.js';
import { ApiError, NetworkError, UsageError } from '../../src/errors.js';
import { serviceHttp, useMockAgent } from '../helpers/http.js';
import { fixtureJob } from './helpers.js';

const ORIGIN = 'http://docgen.test';
const mock = useMockAgent();
const HEADERS = { authorization: 'Bearer secret-token-1', 'content-version': '2025.0' };

async function client(retries = 2) {
  const http = await serviceHttp(
    descriptor,
    { token: 'secret-token-1' },
    { baseUrl: `${ORIGIN}/api`, dispatcher: mock.agent(), retries, sleeps: mock.sleeps() },
  );
  return createDocgenClient(http);
}
const pool = () => mock.agent().get(ORIGIN);
const page = (ids: string[], next: string | null = null, over: Partial<DocgenJobWire> = {}) => ({
  entries: ids.map((id) => fixtureJob({ id, ...over })),
  limit: ids.length,
  next_marker: next,
  prev_marker: null,
});
const jobs = async (pages: AsyncIterable<{ items: unknown[] }>) =>
  (await collect(pages)).flatMap((p) =>
    p.items.map((j) => (j instanceof RawJson ? j.value() : j)),
  ) as DocgenJobWire[];
const clientError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => ({
  type: 'error',
  status,
  code,
  message,
  context_info: null,
  help_url: 'https://example.test/errors',
  request_id: 'req-abc123',
  ...extra,
});

describe('get_docgen_jobs', () => {
  it('sends usemarker=true, the page size for the limit, the bearer token and content-version', async () => {
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=2', method: 'GET', headers: HEADERS })
      .reply(200, page(['1', '2'], 'M2'));
    const got = await jobs((await client()).getDocgenJobs({}, { limit: 2 }));
    expect(got.map((j) => j.id)).toEqual(['1', '2']);
  });

  it('follows next_marker with marker and usemarker until it is null, pages of 1000 without a limit', async () => {
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=1000', method: 'GET', headers: HEADERS })
      .reply(200, page(['1', '2'], 'M2'));
    pool()
      .intercept({
        path: '/api/2.0/docgen_jobs?usemarker=true&limit=1000&marker=M2',
        method: 'GET',
        headers: HEADERS,
      })
      .reply(200, page(['3'], null));
    expect((await jobs((await client()).getDocgenJobs())).map((j) => j.id)).toEqual(['1', '2', '3']);
  });

  it('an absent next_marker also ends the list; a given marker starts it', async () => {
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=1000&marker=START', method: 'GET' })
      .reply(200, { entries: [fixtureJob({ id: '9' })], limit: 1000 });
    expect((await jobs((await client()).getDocgenJobs({ marker: 'START' }))).map((j) => j.id)).toEqual(['9']);
  });

  it('stops at the limit without asking for another page', async () => {
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=3', method: 'GET' })
      .reply(200, page(['1', '2', '3'], 'M4'));
    const pages = await collect((await client()).getDocgenJobs({}, { limit: 3 }));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.more).toBe(true);
  });

  it('raw: each job stays the text the service sent', async () => {
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=1000', method: 'GET' })
      .reply(200, JSON.stringify(page(['1'], 'M2')), { headers: { 'content-type': 'application/json' } });
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=1000&marker=M2', method: 'GET' })
      .reply(200, JSON.stringify(page(['2'])), { headers: { 'content-type': 'application/json' } });
    const pages = await collect((await client()).getDocgenJobs({}, { raw: true }));
    expect(pages.flatMap((p) => p.items).every((j) => j instanceof RawJson)).toBe(true);
    expect(
      (
        await jobs(
          (async function* () {
            yield* pages;
          })(),
        )
      ).map((j) => j.id),
    ).toEqual(['1', '2']);
  });

  it('statuses: whole pages are read and filtered, and the limit counts the jobs kept', async () => {
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=1000', method: 'GET' })
      .reply(200, {
        entries: [fixtureJob({ id: '1', status: 'completed' }), fixtureJob({ id: '2', status: 'failed' })],
        limit: 1000,
        next_marker: 'M3',
      });
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=1000&marker=M3', method: 'GET' })
      .reply(200, {
        entries: [
          fixtureJob({ id: '3', status: 'failed' }),
          fixtureJob({ id: '4', status: 'pending' }),
          fixtureJob({ id: '5', status: 'failed' }),
        ],
        limit: 1000,
        next_marker: 'M6',
      });
    const pages = await collect((await client()).getDocgenJobs({}, { statuses: ['failed'], limit: 2 }));
    expect(pages.map((p) => p.items.map((j) => (j as DocgenJobWire).id))).toEqual([['2'], ['3']]);
    expect(pages[1]!.more).toBe(true);
  });

  it('429 with retry-after is waited out through the shared policy, then the walk goes on', async () => {
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=1000', method: 'GET' })
      .reply(429, clientError(429, 'rate_limit_exceeded', 'Request rate limit exceeded'), {
        headers: { 'retry-after': '3' },
      });
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=1000', method: 'GET' })
      .reply(200, page(['1']));
    expect((await jobs((await client()).getDocgenJobs())).map((j) => j.id)).toEqual(['1']);
    expect(mock.sleeps()).toEqual([3000]);
  });

  it('a 503 then success: retried', async () => {
    pool().intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=5', method: 'GET' }).reply(503, '');
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=5', method: 'GET' })
      .reply(200, page(['1']));
    expect(await jobs((await client()).getDocgenJobs({}, { limit: 5 }))).toHaveLength(1);
    expect(mock.sleeps()).toHaveLength(1);
  });
});

describe('the related operations', () => {
  it('get_docgen_jobs_id: one job by id, the id encoded as one path segment', async () => {
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs/91847520', method: 'GET', headers: HEADERS })
      .reply(200, fixtureJob({ id: '91847520', created_at: undefined }));
    expect((await (await client()).getDocgenJobById('91847520')).id).toBe('91847520');
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs/a%2Fb', method: 'GET' })
      .reply(200, fixtureJob({ id: 'a/b' }));
    expect((await (await client()).getDocgenJobById('a/b')).id).toBe('a/b');
    await expect((await client()).getDocgenJobById('..')).rejects.toBeInstanceOf(UsageError);
  });

  it('get_docgen_batch_jobs_id and get_docgen_template_jobs_id page by marker too', async () => {
    pool()
      .intercept({
        path: '/api/2.0/docgen_batch_jobs/77?usemarker=true&limit=1',
        method: 'GET',
        headers: HEADERS,
      })
      .reply(200, page(['1'], 'B2'));
    pool()
      .intercept({ path: '/api/2.0/docgen_batch_jobs/77?usemarker=true&limit=1&marker=B2', method: 'GET' })
      .reply(200, page(['2']));
    expect((await jobs((await client()).getDocgenBatchJobById('77', { limit: 1 }))).map((j) => j.id)).toEqual(
      ['1', '2'],
    );
    pool()
      .intercept({
        path: '/api/2.0/docgen_template_jobs/88?usemarker=true&limit=10',
        method: 'GET',
        headers: HEADERS,
      })
      .reply(200, page(['5']));
    expect(await jobs((await client()).getDocgenTemplateJobs('88', {}, { limit: 10 }))).toHaveLength(1);
  });
});

describe('errors', () => {
  it.each([
    [400, 'bad_request', 1],
    [401, 'unauthorized', 4],
    [403, 'insufficient_scope', 4],
    [404, 'not_found', 3],
    [500, 'internal_server_error', 7],
  ])('%i %s: the ClientError read as code, message and request id (exit %i)', async (status, code, exit) => {
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs/1', method: 'GET' })
      .reply(status, clientError(status, code, 'Something failed'));
    const err = (await (await client(0)).getDocgenJobById('1').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status, code, exitCode: exit, requestId: 'req-abc123' });
    expect(err.message).toBe(`${code}: Something failed`);
  });

  it('400 invalid_api_version: explained with a hint that names the version and no flag', async () => {
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs?usemarker=true&limit=1000', method: 'GET' })
      .reply(400, clientError(400, 'invalid_api_version', "The API version '2024.0' is not supported."));
    const err = (await collect((await client()).getDocgenJobs()).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('invalid_api_version');
    expect(err.hint).toMatch(/only in version 2025\.0.*content-version/);
    expect(err.hint).not.toMatch(/--/);
  });

  it('the details of context_info are added to the message', () => {
    const parsed = parseDocgenError(
      400,
      clientError(400, 'bad_request', 'Bad Request', {
        context_info: {
          errors: [{ reason: 'invalid_parameter', name: 'limit', message: "Invalid value '0'." }],
        },
      }),
      {},
    );
    expect(parsed).toEqual({
      message: "bad_request: Bad Request (Invalid value '0'.)",
      code: 'bad_request',
      requestId: 'req-abc123',
    });
  });

  it('a body that is not a ClientError goes through the shared reader', () => {
    expect(
      parseDocgenError(502, '<html><title>Bad gateway</title></html>', { 'x-request-id': 'gw-1' }),
    ).toEqual({
      message: 'Bad gateway',
      code: undefined,
      requestId: 'gw-1',
    });
  });

  it('a 200 with a body that is not JSON is a network error naming what came back', async () => {
    pool()
      .intercept({ path: '/api/2.0/docgen_jobs/1', method: 'GET' })
      .reply(200, '{"entries": [', { headers: { 'content-type': 'application/json' } });
    const err = await (await client()).getDocgenJobById('1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toContain('a body that is not valid JSON');
  });
});

describe('the descriptor', () => {
  it('ops api --paginate walks entries by next_marker, with usemarker on the first request', () => {
    const style = descriptor.pageStyle!();
    const first = style.sized!({ method: 'GET', path: '/2.0/docgen_jobs', query: {} }, undefined);
    expect(first.query).toEqual({ usemarker: true, limit: 1000 });
    const res = { status: 200, headers: {}, url: '', attempts: 1, data: page(['1', '2'], 'NEXT') };
    expect(style.items(res)).toHaveLength(2);
    expect(style.next(first, res, 2, 2)?.query).toEqual({ usemarker: true, limit: 1000, marker: 'NEXT' });
    expect(style.next(first, { ...res, data: page(['3']) }, 3, 1)).toBeUndefined();
    // A usemarker the caller gave is kept.
    expect(style.sized!({ method: 'GET', path: '/x', query: { usemarker: false } }, 5).query).toEqual({
      usemarker: false,
      limit: 5,
    });
  });
});
