import type { Kit } from '../core/anatomy.js';
import { JobStore } from './seed.js';

export interface DocgenState {
  store: JobStore;
  counts: {
    requests: number;
    unauthorized: number;
    forbidden: number;
    invalidVersion: number;
    rateLimited: number;
    badRequest: number;
    notFound: number;
    pages: number;
    pagesWithoutUsemarker: number;
  };
}

export type DocgenKit = Kit<DocgenState>;

/** The seed's jobs of the sandbox user and of others, and no request counted. */
export function makeDocgenState(k: Omit<DocgenKit, 'state'>): DocgenState {
  return {
    store: new JobStore(k.settings.int('count'), k.settings.int('seed'), k.clock.now()),
    counts: {
      requests: 0,
      unauthorized: 0,
      forbidden: 0,
      invalidVersion: 0,
      rateLimited: 0,
      badRequest: 0,
      notFound: 0,
      pages: 0,
      pagesWithoutUsemarker: 0,
    },
  };
}
