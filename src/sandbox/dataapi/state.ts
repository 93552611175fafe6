import type { Kit } from '../core/anatomy.js';
import { type FailedTask, type ReportName, generateReport } from './seed.js';

export interface DataapiState {
  reports: Record<ReportName, FailedTask[]>;
  byId: Map<string, FailedTask[]>;
  /** Makes the ids of new tasks. */
  serial: number;
  stats: {
    requests: number;
    unauthorized: number;
    rateLimited: number;
    /** Requests refused in the envelope, and tasks with an error status. */
    refused: number;
    reportRequests: { keywords: number; backlinks: number };
    resendRequests: number;
    /** Every resent task, in order. */
    resent: Array<{ id: string; function: string; report: ReportName }>;
  };
}

export type DataapiKit = Kit<DataapiState>;

/** The seed's week of failed tasks of each report, by id too, and no request counted. */
export function makeDataapiState(k: Omit<DataapiKit, 'state'>): DataapiState {
  const t0 = k.clock.nowSeconds();
  const seed = k.settings.int('seed');
  const reports = {
    keywords: generateReport('keywords', k.settings.int('keywords'), seed, t0),
    backlinks: generateReport('backlinks', k.settings.int('backlinks'), seed, t0),
  };
  const byId = new Map<string, FailedTask[]>();
  for (const t of [...reports.keywords, ...reports.backlinks]) byId.set(t.id, [...(byId.get(t.id) ?? []), t]);
  const stats = { requests: 0, unauthorized: 0, rateLimited: 0, refused: 0, resendRequests: 0 };
  return {
    reports,
    byId,
    serial: 0,
    stats: { ...stats, reportRequests: { keywords: 0, backlinks: 0 }, resent: [] },
  };
}
