import type { Command } from 'commander';
import type { Factory } from '../../src/app/types.js';
import type { DataapiClient } from '../../src/clients/dataapi/client.js';
import type { ErrorResultWire } from '../../src/clients/dataapi/types.js';
import type { Page } from '../../src/clients/http/paginate.js';
import { SANDBOX_CREDENTIALS } from '../helpers/sandbox-tables.js';
import { output, parseVerb as parseVerbOf } from '../helpers/verbs.js';

export { output };

/** What every dataapi command needs to build its context: an address and the sandbox credentials. */
export const ENV = {
  OPS_DATAAPI_BASE_URL: 'http://127.0.0.1:9/dataapi',
  OPS_DATAAPI_LOGIN: SANDBOX_CREDENTIALS.dataapi!.login!,
  OPS_DATAAPI_PASSWORD: SANDBOX_CREDENTIALS.dataapi!.password!,
};

/** `ops dataapi errors <args>` parsed with the run function a spy (see test/helpers/verbs.ts). */
export function parseVerb<O extends object>(
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  args: string[],
  o: { env?: Record<string, string>; input?: string } = {},
) {
  return parseVerbOf('dataapi', make, args, { ...o, env: { ...ENV, ...o.env }, groups: ['errors'] });
}

/** `Authorization: Basic …` of the sandbox credentials. */
export const BASIC = `Basic ${Buffer.from(`${ENV.OPS_DATAAPI_LOGIN}:${ENV.OPS_DATAAPI_PASSWORD}`).toString('base64')}`;

/** A client whose every method fails unless the test gives it: an unexpected call is a failure. */
export function stubClient(over: Partial<DataapiClient>): DataapiClient {
  const fail = (name: string) => () => {
    throw new Error(`unexpected call to ${name}`);
  };
  const names: Array<keyof DataapiClient> = [
    'keywordsDataErrors',
    'backlinksErrors',
    'errors',
    'webhookResend',
  ];
  return Object.fromEntries(names.map((n) => [n, over[n] ?? fail(n)])) as unknown as DataapiClient;
}

/** Pages as the paginator yields them. */
export async function* pagesOf(pages: ErrorResultWire[][]): AsyncGenerator<Page<ErrorResultWire>> {
  for (const [i, items] of pages.entries()) {
    yield {
      items,
      more: i < pages.length - 1,
      response: { status: 200, headers: {}, data: {}, url: '', attempts: 1 },
    };
  }
}

export function failure(over: Partial<ErrorResultWire> = {}): ErrorResultWire {
  return {
    id: '01021504-1234-0075-0000-0123456789ab',
    datetime: '2026-01-02 15:04:05 +00:00',
    function: 'pingback_url',
    error_code: 40408,
    error_message: 'https://hooks.example.com/ping?id=01021504-1234-0075-0000-0123456789ab',
    http_url: 'https://hooks.example.com/ping?id=01021504-1234-0075-0000-0123456789ab',
    http_method: 'GET',
    http_code: 404,
    http_time: 0.25,
    http_response: 'Not Found',
    ...over,
  };
}

/** An envelope of a report page with these results. */
export function reportEnvelope(result: unknown[] | null, task: Record<string, unknown> = {}) {
  return {
    version: '0.1.20250526',
    status_code: 20000,
    status_message: 'Ok.',
    time: '0.0100 sec.',
    cost: 0,
    tasks_count: 1,
    tasks_error: 0,
    tasks: [
      {
        id: '01021504-0000-0000-0000-000000000001',
        status_code: 20000,
        status_message: 'Ok.',
        time: '0.0050 sec.',
        cost: 0,
        result_count: result?.length ?? 0,
        path: ['v3', 'keywords_data', 'errors'],
        data: { api: 'keywords_data', function: 'errors' },
        result,
        ...task,
      },
    ],
  };
}
