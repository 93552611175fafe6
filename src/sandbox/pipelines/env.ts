import type { Clock } from '../core/framework.js';
import type { PipelinesState } from './state.js';

/** Counters shown under /__sandbox/counters (`emulators.pipelines`). */
export interface Counts {
  requests: number;
  unauthorized: number;
  rateLimited: number;
  /** Answers with status 400. */
  invalid: number;
  /** Contexts, restrictions, projects, keys, definitions made. */
  created: number;
  /** Decisions made by policy evaluation. */
  decisions: number;
}

/** What every route module is handed. */
export interface Env {
  clock: Clock;
  state(): PipelinesState;
  /** The page size of a list: `pipelines.page_size` when set, else the list's own. */
  pageSize(dflt: number): number;
  counts: Counts;
}
