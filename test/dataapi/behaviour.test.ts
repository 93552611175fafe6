import { describe, expect, it, vi } from 'vitest';
import type { ErrorReport, ErrorResultWire, ErrorsRequestWire } from '../../src/clients/dataapi/types.js';
import type { ErrorsResendOptions } from '../../src/commands/dataapi/errors/resend.js';
import { runErrorsResend } from '../../src/commands/dataapi/errors/resend.js';
import { runErrorsKeywords } from '../../src/commands/dataapi/errors/keywords.js';
import { DryRunStop, InterruptedError, NetworkError, OpsError, UsageError } from '../../src/errors.js';
import { failure, output, pagesOf, stubClient } from './helpers.js';

interface Line {
  id: string;
  function: string;
  failures: number;
  outcome: string;
  status_code?: number;
  status_message?: string;
}

const hook = (id: string, fn = 'pingback_url', datetime = '2026-01-02 15:04:05 +00:00') =>
  failure({ id, function: fn, datetime, http_url: `https://hooks.example.com/${fn}?id=${id}` });

/** A reader whose report holds these results per function, in pages of `size`. */
function reader(byFunction: Record<string, ErrorResultWire[]>, size = 2) {
  const asked: Array<[ErrorReport, ErrorsRequestWire]> = [];
  const plans: Array<boolean | undefined> = [];
  const client = stubClient({
    errors: (report, req, opts) => {
      asked.push([report, req]);
      plans.push(opts?.plan);
      const rows = byFunction[req.filtered_function ?? ''] ?? [];
      const pages: ErrorResultWire[][] = [];
      for (let i = 0; i < rows.length; i += size) pages.push(rows.slice(i, i + size));
      return pagesOf(pages);
    },
  });
  return { client, asked, plans };
}

function options(o: Partial<ErrorsResendOptions> & { rows: Record<string, ErrorResultWire[]> }) {
  const out = output({ format: 'json' });
  const sent: string[][] = [];
  const r = reader(o.rows);
  const resend = vi.fn(async (ids: readonly string[]) => {
    sent.push([...ids]);
    return ids.map((id) => ({ id, status_code: 20100, status_message: 'Task Created.', resent: true }));
  });
  const confirm = vi.fn(async (_action: string) => undefined);
  const opts: ErrorsResendOptions = {
    ...out,
    client: async () => stubClient({ webhookResend: resend, errors: r.client.errors }),
    report: 'keywords',
    functions: ['pingback_url', 'postback_url'],
    window: { datetime_from: '2026-01-01 00:00:00 +00:00', datetime_to: undefined },
    dryRun: false,
    confirm,
    ...o,
  };
  return { opts, out, sent, asked: r.asked, plans: r.plans, confirm, resend };
}
const printed = (out: { io: { out(): string } }) => JSON.parse(out.io.out()) as Line[];

describe('ops dataapi errors resend', () => {
  it('reads each webhook function’s pages, resends each task once, one line per task', async () => {
    const t = options({
      rows: {
        pingback_url: [hook('a'), hook('b'), hook('a', 'pingback_url', '2026-01-01 10:00:00 +00:00')],
        postback_url: [hook('c', 'postback_url'), hook('x', 'keywords_data/bing/search_volume/live')],
      },
    });
    await runErrorsResend(t.opts);
    expect(t.asked).toEqual([
      [
        'keywords',
        {
          filtered_function: 'pingback_url',
          datetime_from: '2026-01-01 00:00:00 +00:00',
          datetime_to: undefined,
        },
      ],
      [
        'keywords',
        {
          filtered_function: 'postback_url',
          datetime_from: '2026-01-01 00:00:00 +00:00',
          datetime_to: undefined,
        },
      ],
    ]);
    expect(t.confirm).toHaveBeenCalledWith('Resend 3 failed webhook deliveries of the keywords report');
    expect(t.sent).toEqual([['a', 'b', 'c']]);
    expect(printed(t.out)).toEqual([
      expect.objectContaining({
        id: 'a',
        function: 'pingback_url',
        failures: 2,
        outcome: 'resent',
        status_code: 20100,
      }),
      expect.objectContaining({
        id: 'b',
        failures: 1,
        outcome: 'resent',
        last_failed: '2026-01-02 15:04:05 +00:00',
      }),
      expect.objectContaining({ id: 'c', function: 'postback_url', outcome: 'resent' }),
    ]);
  });

  it('100 task ids a request, every task in exactly one', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => hook(`t${i}`));
    const t = options({
      rows: { pingback_url: [...rows, ...rows.slice(0, 30)] },
      functions: ['pingback_url'],
    });
    await runErrorsResend(t.opts);
    expect(t.sent.map((ids) => ids.length)).toEqual([100, 100, 50]);
    const all = t.sent.flat();
    expect(new Set(all).size).toBe(250);
    expect(all).toHaveLength(250);
    expect(printed(t.out)).toHaveLength(250);
  });

  it('a task the service refuses is its line’s outcome, and the run exits 1 after every line', async () => {
    const t = options({ rows: { pingback_url: [hook('a'), hook('b')] }, functions: ['pingback_url'] });
    t.resend.mockImplementationOnce(async (ids) => [
      { id: ids[0]!, status_code: 40401, status_message: 'Task Not Found.', resent: false },
      { id: ids[1]!, status_code: 20100, status_message: 'Task Created.', resent: true },
    ]);
    const err = (await runErrorsResend(t.opts).catch((e: unknown) => e)) as OpsError;
    expect(err).toBeInstanceOf(OpsError);
    expect(err.exitCode).toBe(1);
    expect(err.message).toBe('dataapi: 1 of 2 webhook deliveries were not resent (see their lines)');
    expect(printed(t.out).map((l) => [l.id, l.outcome, l.status_message])).toEqual([
      ['a', 'refused', 'Task Not Found.'],
      ['b', 'resent', 'Task Created.'],
    ]);
  });

  it('--dry-run: the report is read, each request is printed by the core and not sent, every task listed', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => hook(`t${i}`));
    const t = options({ rows: { pingback_url: rows }, functions: ['pingback_url'], dryRun: true });
    t.resend.mockImplementation(async () => {
      throw new DryRunStop();
    });
    await runErrorsResend(t.opts);
    expect(t.resend).toHaveBeenCalledTimes(2);
    const lines = printed(t.out);
    expect(lines).toHaveLength(120);
    expect(lines.every((l) => l.outcome === 'dry run')).toBe(true);
    // The report is a planning read: the core sends it under --dry-run (and names it on stderr).
    expect(t.plans).toEqual([true]);
  });

  it('a failure that may have reached the service stops the run after the lines already done', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => hook(`t${i}`));
    const t = options({ rows: { pingback_url: rows }, functions: ['pingback_url'] });
    t.resend
      .mockImplementationOnce(async (ids) =>
        ids.map((id) => ({ id, status_code: 20100, status_message: 'Task Created.', resent: true })),
      )
      .mockImplementationOnce(async () => {
        throw new NetworkError(
          'dataapi',
          'dataapi: connection to 127.0.0.1 dropped before a complete answer',
        );
      });
    const err = await runErrorsResend(t.opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(t.resend).toHaveBeenCalledTimes(2);
    expect(printed(t.out)).toHaveLength(100);
  });

  it('Ctrl-C between two requests: exit 130, saying how many were resent', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => hook(`t${i}`));
    const t = options({ rows: { pingback_url: rows }, functions: ['pingback_url'] });
    t.resend.mockImplementationOnce(async (ids) =>
      ids.map((id) => ({ id, status_code: 20100, status_message: 'Task Created.', resent: true })),
    );
    t.resend.mockImplementationOnce(async () => {
      throw new InterruptedError('dataapi: request interrupted');
    });
    const err = (await runErrorsResend(t.opts).catch((e: unknown) => e)) as InterruptedError;
    expect(err).toBeInstanceOf(InterruptedError);
    expect(err.exitCode).toBe(130);
    expect(err.message).toBe('interrupted: 100 of 150 webhook deliveries resent; 50 not confirmed');
    expect(printed(t.out)).toHaveLength(100);
  });

  it('nothing to resend: [] and no question', async () => {
    const t = options({ rows: {} });
    await runErrorsResend(t.opts);
    expect(t.out.io.out()).toBe('[]\n');
    expect(t.confirm).not.toHaveBeenCalled();
    expect(t.resend).not.toHaveBeenCalled();
  });

  it('no confirmation: nothing is resent', async () => {
    const t = options({ rows: { pingback_url: [hook('a')] } });
    t.confirm.mockRejectedValueOnce(new UsageError('needs confirmation'));
    await expect(runErrorsResend(t.opts)).rejects.toBeInstanceOf(UsageError);
    expect(t.resend).not.toHaveBeenCalled();
  });
});

describe('ops dataapi errors keywords', () => {
  it('prints the pages it is given as one table, with every column', async () => {
    const out = output();
    await runErrorsKeywords({
      ...out,
      client: async () =>
        stubClient({
          errors: () => pagesOf([[failure()], [failure({ function: 'postback_url', http_method: 'POST' })]]),
        }),
      request: {},
      limit: undefined,
    });
    expect(out.io.out()).toBe(
      [
        'TIME                  FUNCTION      ERROR CODE  MESSAGE                                                                 METHOD  URL                                                                     HTTP CODE  HTTP TIME',
        '2026-01-02T15:04:05Z  pingback_url  40408       https://hooks.example.com/ping?id=01021504-1234-0075-0000-0123456789ab  GET     https://hooks.example.com/ping?id=01021504-1234-0075-0000-0123456789ab  404        0.25',
        '2026-01-02T15:04:05Z  postback_url  40408       https://hooks.example.com/ping?id=01021504-1234-0075-0000-0123456789ab  POST    https://hooks.example.com/ping?id=01021504-1234-0075-0000-0123456789ab  404        0.25',
        '',
      ].join('\n'),
    );
  });
});
