import type { Command } from 'commander';
import type { Factory } from '../../src/app/types.js';
import type { DocgenClient } from '../../src/clients/docgen/client.js';
import type { DocgenJobWire } from '../../src/clients/docgen/types.js';
import type { Page } from '../../src/clients/http/paginate.js';
import { createEmulator } from '../../src/sandbox/docgen/index.js';
import { SANDBOX_CREDENTIALS } from '../helpers/sandbox-tables.js';
import { directEmulator } from '../helpers/emulator.js';
import { strictStub } from '../helpers/http.js';
import { output, parseVerb as parseVerbOf } from '../helpers/verbs.js';

export { output };

/** `ops docgen jobs <args>` parsed with the run function a spy (see test/helpers/verbs.ts). */
export function parseJobsVerb<O extends object>(
  make: (f: Factory, run: (o: O) => Promise<void>) => Command,
  args: string[],
  o: { env?: Record<string, string>; input?: string } = {},
) {
  return parseVerbOf('docgen', make, args, { ...o, groups: ['jobs'] });
}

/** A client whose every method fails unless the test gives it. */
export function stubClient(over: Partial<DocgenClient>): DocgenClient {
  return strictStub<DocgenClient>('docgen', over);
}

/** Pages as the paginator yields them; each page's body carries its marker. */
export async function* pagesOf(
  pages: DocgenJobWire[][],
  o: { nextMarkers?: Array<string | null>; limit?: number; moreAfterLast?: boolean } = {},
): AsyncGenerator<Page<DocgenJobWire>> {
  for (const [i, items] of pages.entries()) {
    const last = i === pages.length - 1;
    yield {
      items,
      more: !last || Boolean(o.moreAfterLast),
      response: {
        status: 200,
        headers: {},
        data: {
          entries: items,
          limit: o.limit ?? items.length,
          next_marker: o.nextMarkers?.[i] ?? null,
          prev_marker: null,
        },
        url: '',
        attempts: 1,
      },
    };
  }
}

export function fixtureJob(over: Partial<DocgenJobWire> = {}): DocgenJobWire {
  return {
    id: '12345',
    type: 'docgen_job',
    batch: { id: '500', type: 'docgen_batch' },
    template_file: { id: '700', type: 'file' },
    template_file_version: { id: '701', type: 'file_version' },
    output_file: { id: '900', type: 'file' },
    output_file_version: { id: '901', type: 'file_version' },
    output_type: 'docx',
    status: 'completed',
    created_at: '2026-01-15T01:00:00-07:00',
    created_by: { id: '22051988', type: 'user' },
    enterprise: { id: '88104512', type: 'enterprise' },
    source: 'api',
    ...over,
  };
}

export const TOKEN = SANDBOX_CREDENTIALS.docgen!.token!;
export const GOOD_HEADERS = { authorization: `Bearer ${TOKEN}`, 'content-version': '2025.0' };

/** The emulator alone with the sandbox's token and version headers unless a test gives others. */
export function emulator(settings: Record<string, string> = {}) {
  const direct = directEmulator('docgen', createEmulator, { settings });
  return {
    ...direct,
    get: <B = Record<string, unknown>>(path: string, headers: Record<string, string> = GOOD_HEADERS) =>
      direct.call<B>('GET', path, { headers }),
  };
}
