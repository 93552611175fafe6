import type { Command } from 'commander';
import type { Factory } from '../../src/app/types.js';
import type { Page } from '../../src/clients/http/paginate.js';
import type { RunsClient } from '../../src/clients/runs/client.js';
import { output, parseVerb as parseVerbOf } from '../helpers/verbs.js';

/** The environment `ops sandbox env` gives for runs, so that the context and repository resolve. */
export const RUNS_ENV = {
  OPS_RUNS_BASE_URL: 'http://runs.test/runs',
  OPS_RUNS_TOKEN: 'test-token',
  OPS_RUNS_REPO: 'octo-org/hello-world',
  OPS_RUNS_ORG: 'octo-org',
};

export const REPO = { owner: 'octo-org', repo: 'hello-world' };

/** `ops runs <groups…> <args>` parsed with the run function a spy (see test/helpers/verbs.ts). */
export function parseVerb<O extends object>(
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  args: string[],
  o: { env?: Record<string, string>; input?: string; groups?: string[] } = {},
) {
  return parseVerbOf('runs', make, args, { ...o, env: { ...RUNS_ENV, ...o.env } });
}

export { output };

/** A client whose every method fails unless the test gives it. */
export function stubClient(over: Partial<RunsClient>): RunsClient {
  return new Proxy(over as RunsClient, {
    get(target, prop) {
      if (typeof prop === 'symbol' || prop === 'then') return Reflect.get(target, prop);
      if (!(prop in target))
        return () => {
          throw new Error(`unexpected call: client.${String(prop)}()`);
        };
      return Reflect.get(target, prop);
    },
  });
}

/** Pages as the paginator yields them. */
export async function* pagesOf<T>(pages: T[][], total?: number): AsyncGenerator<Page<T>> {
  for (const [i, items] of pages.entries()) {
    yield {
      items,
      response: { status: 200, headers: {}, data: {}, url: '', attempts: 1 },
      total: total ?? pages.flat().length,
      more: i < pages.length - 1,
    };
  }
}
