import { type DocgenClient, createDocgenClient } from '../../clients/docgen/client.js';
import { DOCGEN_JOB_STATUSES, type DocgenJobWire } from '../../clients/docgen/types.js';
import { UsageError } from '../../errors.js';
import type { Style } from '../../output/color.js';
import type { Column } from '../../output/printer.js';
import { namingNotFound } from '../shared/not-found.js';
import { serviceStart } from '../shared/start.js';
import type { CompletionContext, Completer } from '../shared/complete.js';
import { firstItems } from '../shared/pick.js';
import { type TextIdForm, parseId } from '../shared/ids.js';

/** The start of every docgen verb: its context and client (the address and token checked first). */
const DOCGEN_KINDS: Record<string, string> = {
  getDocgenJobById: 'job',
  getDocgenBatchJobById: 'batch',
  getDocgenTemplateJobs: 'template',
};

export const start = serviceStart<DocgenClient>('docgen', {
  create: (http) =>
    namingNotFound(createDocgenClient(http), (op, [id]) =>
      DOCGEN_KINDS[op]
        ? {
            kind: DOCGEN_KINDS[op],
            id: String(id),
            where: 'the jobs this token can see',
            hint: '`ops docgen jobs list` shows the jobs, their batches and templates',
          }
        : undefined,
    ),
});

/**
 * The form of an id of a job, batch or template, for `parseId`: digits, as the service writes them.
 * Anything else (a name, a URL, an empty string) is refused before a request is sent.
 */
export const DOCGEN_ID: TextIdForm = {
  kind: 'digits',
  hint: 'ids are numbers, as `ops docgen jobs list` shows them in its id, template and batch columns',
};

export { parseId };

/** `--status`: one status or several separated by commas, checked against the API's statuses. */
export function parseStatuses(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const statuses = [...new Set(raw.split(',').map((s) => s.trim().toLowerCase()))];
  for (const s of statuses) {
    if (!(DOCGEN_JOB_STATUSES as readonly string[]).includes(s)) {
      throw new UsageError(
        `invalid --status "${s || raw}"`,
        `give one of ${DOCGEN_JOB_STATUSES.join(', ')} (several separated by commas)`,
      );
    }
  }
  return statuses;
}

const statusColor = (v: unknown, s: Style) =>
  v === 'completed' ? s.green : v === 'failed' ? s.red : v === 'completed_with_error' ? s.yellow : s.cyan;

/** The list table: id, status, output type, template, batch and creation time. */
export const JOB_COLUMNS: Column<DocgenJobWire>[] = [
  { header: 'id', get: (j) => j.id },
  { header: 'status', get: (j) => j.status, color: statusColor },
  { header: 'output type', get: (j) => j.output_type },
  { header: 'template', get: (j) => j.template_file?.id },
  { header: 'batch', get: (j) => j.batch?.id },
  { header: 'created', get: (j) => j.created_at, format: 'relative' },
];

/** A reference's id: null stays null (no output file yet), absent stays absent. */
const refId = (ref: { id: string } | null | undefined) => (ref === null ? null : ref?.id);

/** One job, field by field; `failures` as the errors and warnings it holds. */
export const JOB_DETAIL: Column<DocgenJobWire>[] = [
  { header: 'id', get: (j) => j.id },
  { header: 'status', get: (j) => j.status, color: statusColor },
  { header: 'output type', get: (j) => j.output_type },
  { header: 'output file', get: (j) => refId(j.output_file) },
  { header: 'output version', get: (j) => refId(j.output_file_version) },
  { header: 'template', get: (j) => j.template_file?.id },
  { header: 'template version', get: (j) => j.template_file_version?.id },
  { header: 'batch', get: (j) => j.batch?.id },
  { header: 'created', get: (j) => j.created_at, format: 'relative' },
  { header: 'errors', get: (j) => j.failures?.errors, kind: 'text' },
  { header: 'warnings', get: (j) => j.failures?.warnings, kind: 'text' },
];

/** The caller's newest jobs: what the job and batch completions read (one page). */
async function newestJobs(c: CompletionContext): Promise<DocgenJobWire[]> {
  const { base } = await start(c.factory, c.cmd);
  return firstItems((await base.client()).getDocgenJobs({}, { limit: c.limit }), c.limit);
}

/** The jobs a shell completes (`ops docgen jobs get <TAB>`): each id, its status and batch beside. */
export const jobCandidates: Completer = async (c) =>
  (await newestJobs(c)).map((j) => ({
    value: j.id,
    description: `${j.status}  batch ${j.batch?.id ?? '-'}`,
  }));

/** The batches of the newest jobs (`--batch <TAB>`), each once, with how many of those jobs it holds. */
export const batchCandidates: Completer = async (c) => {
  const count = new Map<string, number>();
  for (const j of await newestJobs(c))
    if (j.batch?.id) count.set(j.batch.id, (count.get(j.batch.id) ?? 0) + 1);
  return [...count].map(([value, n]) => ({ value, description: `${n} recent job${n === 1 ? '' : 's'}` }));
};
