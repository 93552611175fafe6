import type { Command } from 'commander';
import type { Factory } from '../../src/app/types.js';
import type { Page } from '../../src/clients/http/paginate.js';
import type { PipelinesClient } from '../../src/clients/pipelines/client.js';
import { SANDBOX_CREDENTIALS } from '../helpers/sandbox-tables.js';
import { createEmulator } from '../../src/sandbox/pipelines/index.js';
import { directEmulator } from '../helpers/emulator.js';
import { strictStub } from '../helpers/http.js';
import { parseVerb as parseVerbOf } from '../helpers/verbs.js';

export { output } from '../helpers/verbs.js';

/** Ids of the sandbox's seed data (derived from names: the same on every start). */
export const IDS = {
  acme: 'd1c91133-b7d0-4bb8-ae74-11c794816047',
  labs: 'a41d1f94-abf8-42a3-98c2-82ea421fc20a',
  other: '9c32d9a0-d316-43e3-8ca1-6fa042178572',
  account: 'a4d37ff3-daf9-4bca-a120-075751dd709a',
  webApp: 'dfe353c7-5813-42bd-892a-3303ae7414ba',
  apiServer: '7b314d07-b16e-4d56-b7f9-abe41460ce4d',
  mobile: '5358d06a-fe68-4199-a6d7-0ba0f3beb555',
  dataPipeline: '61702557-40a0-4a61-b2ae-cefb7ec28f3a',
  awsProduction: 'a0c17523-e4af-46ab-965f-4a57cbc4a90f',
  awsStaging: '82b4dc90-910e-4466-b679-404a7cd3a59c',
  dockerHub: '0a9df32a-bcc8-4b20-abd0-59eb16df2b80',
  releaseManagers: 'f89d1a09-26c1-4f4f-9dd7-9b135974f0a2',
  platformTeam: 'b11b1c94-17d1-4b51-a554-12ddb406aff8',
  mainRestriction: '32fd4949-f80c-48d1-93c0-404e963657b2',
  buildDefinition: '0f6ccd99-1209-4ee3-bcb4-62eddf789eb3',
  nightlyDefinition: '858ee467-65f5-4ea2-89b2-7c58efcd68ab',
  firstDecision: 'b7ae72ae-5103-4278-8ac6-3e1aa6923fa3',
  hardFailDecision: '2f775b21-2322-4752-931c-4cef7e2821de',
  /** The seeded user key of gh/acme/web-app. */
  userKeySha256: 'SHA256:LcQPdX7piyJuHM8YN6nfj0qy4ObTe2LE9U3UaY+aFBQ',
  deployKeySha256: 'SHA256:Kfz1SZp7h/9bOuhnBF7yO77CvRzS/reN0jgVAThlNkM',
};

const TOKEN = SANDBOX_CREDENTIALS.pipelines!.token!;
export const AUTH = { 'pipeline-token': TOKEN };

/** What `ops sandbox env` exports for pipelines (no request is sent while parsing). */
const ENV = {
  OPS_PIPELINES_BASE_URL: 'http://127.0.0.1:9/pipelines',
  OPS_PIPELINES_TOKEN: TOKEN,
  OPS_PIPELINES_ORG: IDS.acme,
};

/** `ops pipelines <groups…> <args>` parsed with the run function a spy. */
export function parseVerb<O extends object>(
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  groups: string[],
  args: string[],
  o: { env?: Record<string, string>; input?: string } = {},
) {
  return parseVerbOf('pipelines', make, args, { groups, env: { ...ENV, ...o.env }, input: o.input });
}

/** The emulator alone, with the sandbox token sent on every call unless a test gives headers. */
export function emulator(settings: Record<string, string> = {}) {
  const direct = directEmulator('pipelines', createEmulator, { settings });
  return {
    ...direct,
    call<B = Record<string, unknown>>(
      method: string,
      path: string,
      c: { headers?: Record<string, string>; body?: unknown; raw?: Buffer } = {},
    ) {
      return direct.call<B>(method, path, { ...c, headers: c.headers ?? AUTH });
    },
  };
}

/** A client whose every method fails unless the test gives it. */
export function stubClient(methods: Partial<PipelinesClient>): PipelinesClient {
  return strictStub<PipelinesClient>('pipelines', methods);
}

/** Pages as the paginator yields them. */
export async function* pagesOf<T>(pages: T[][]): AsyncGenerator<Page<T>> {
  for (const [i, items] of pages.entries())
    yield {
      items,
      more: i < pages.length - 1,
      response: { status: 200, headers: {}, data: { items }, url: '', attempts: 1 },
    };
}
