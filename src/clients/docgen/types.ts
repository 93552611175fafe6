import { wireFields } from '../wire-fields.js';
/**
 * Wire types of the document-generation jobs API (seed 002 A; reference §A; specs/docgen.openapi.json).
 * Field names are the API's own.
 */

/** Job statuses (reference §A.2; the seed shows only `completed`). */
export const DOCGEN_JOB_STATUSES = [
  'submitted',
  'pending',
  'completed',
  'completed_with_error',
  'failed',
] as const;
export type DocgenJobStatus = (typeof DOCGEN_JOB_STATUSES)[number];

export interface RefWire<T extends string> {
  id: string;
  type: T;
}

export interface DocgenFailuresWire {
  errors: string[];
  warnings: string[];
}

/**
 * A job. The list of all jobs gives the full variant (`created_at`, `created_by`, `enterprise`,
 * `source`); one job and the batch and template lists give the standard one, without them.
 */
export interface DocgenJobWire {
  id: string;
  type: 'docgen_job';
  batch: RefWire<'docgen_batch'>;
  template_file: RefWire<'file'>;
  template_file_version: RefWire<'file_version'>;
  /** Null until the job completes. */
  output_file?: RefWire<'file'> | null;
  output_file_version?: RefWire<'file_version'> | null;
  output_type: string;
  status: DocgenJobStatus | string;
  failures?: DocgenFailuresWire | null;
  /** ISO 8601 with an offset. */
  created_at?: string;
  created_by?: RefWire<'user'>;
  enterprise?: RefWire<'enterprise'>;
  source?: string;
}

/** One page of a marker-paged list. A null or absent `next_marker` ends the list. */
export interface DocgenJobsPageWire {
  entries: DocgenJobWire[];
  limit?: number;
  next_marker?: string | null;
  prev_marker?: string | null;
}

/** The error body of every failed call (reference §A.4). */
export interface ClientErrorWire {
  type: 'error';
  status: number;
  code: string;
  message: string;
  context_info?: Record<string, unknown> | null;
  help_url?: string;
  request_id?: string;
}

/** The query of the list operations, with the API's own names (`usemarker` is the client's). */
export interface DocgenJobsQuery {
  /** Position to start from, as an earlier page's `next_marker` gave it. */
  marker?: string | undefined;
  /** Page size, at most 1000. */
  limit?: number | undefined;
}

/** A job's fields (the full variant's; one job lacks the last four), for `--json a,b`. */
export const DOCGEN_JOB_FIELDS = wireFields<DocgenJobWire>({
  id: true,
  type: true,
  batch: true,
  template_file: true,
  template_file_version: true,
  output_file: true,
  output_file_version: true,
  output_type: true,
  status: true,
  failures: true,
  created_at: true,
  created_by: true,
  enterprise: true,
  source: true,
});
