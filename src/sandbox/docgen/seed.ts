import { seededRandom } from '../core/framework.js';

/**
 * The sandbox's document-generation jobs: made from a seed, so the same settings always give the same
 * jobs, ids and batches. Times are relative to the moment the emulator starts (or is reset), and a
 * job's status follows the sandbox clock: submitted, then pending, then its final status.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** The sandbox user (the token's owner), another user of the enterprise, and the enterprise. */
export const SANDBOX_USER_ID = '22051988';
export const OTHER_USER_ID = '22053114';
export const ENTERPRISE_ID = '88104512';

/** Ids of the newest job and batch; older ones count down, so ids grow with time as the vendor's do. */
export const NEWEST_JOB_ID = 91_847_520;
export const NEWEST_BATCH_ID = 6_110_482;

export interface Template {
  fileId: string;
  /** The version jobs used before the template changed (60 days ago), and the current one. */
  oldVersionId: string;
  versionId: string;
  /** Who may see jobs that used it: the sandbox user, or only the other user. */
  owner: 'user' | 'other';
}

/**
 * Templates: the first five are used by the sandbox user's jobs; `1520014736` is one the user can see
 * but has made no jobs with (an empty list); `1533920417` belongs to the other user (404).
 */
export const TEMPLATES: readonly Template[] = [
  { fileId: '1487265402', oldVersionId: '1602218870', versionId: '1688120451', owner: 'user' },
  { fileId: '1487265519', oldVersionId: '1602219013', versionId: '1690447302', owner: 'user' },
  { fileId: '1490331872', oldVersionId: '1611502784', versionId: '1693018865', owner: 'user' },
  { fileId: '1502218846', oldVersionId: '1623377410', versionId: '1701256093', owner: 'user' },
  { fileId: '1511730095', oldVersionId: '1640091127', versionId: '1704983316', owner: 'user' },
  { fileId: '1520014736', oldVersionId: '1650732209', versionId: '1650732209', owner: 'user' },
  { fileId: '1533920417', oldVersionId: '1661480522', versionId: '1709937740', owner: 'other' },
];
const USED_BY_USER = 5;
const OTHER_TEMPLATE = 6;

export type FinalStatus = 'completed' | 'completed_with_error' | 'failed';

export interface Job {
  id: string;
  batchId: string;
  owner: 'user' | 'other';
  template: Template;
  templateVersionId: string;
  outputType: 'docx' | 'pdf';
  /** Epoch ms. */
  createdAt: number;
  pendingAt: number;
  doneAt: number;
  final: FinalStatus;
  /** Output file and version ids, present once the job is done unless it failed. */
  outputFileId: string;
  outputVersionId: string;
  errors: string[];
  warnings: string[];
}

export function statusAt(job: Job, now: number): string {
  if (now < job.pendingAt) return 'submitted';
  if (now < job.doneAt) return 'pending';
  return job.final;
}

const ERRORS = [
  "The tag 'customer_name' was not provided in the input data.",
  "The tag 'invoice.total' has a value that is not a number.",
  "The table tag 'line_items' expects an array; an object was given.",
  'The template file could not be read: it is not a valid docx document.',
];
const WARNINGS = [
  "The tag 'optional_field' was provided but not used in the template.",
  "The image in tag 'logo' could not be downloaded; it was left out.",
  "The tag 'notes' is longer than its field and was cut.",
];

/** All jobs, newest first, with lookups by id, batch and template. */
export class JobStore {
  readonly jobs: Job[] = [];
  /** The sandbox user's jobs, newest first: what the list operation walks. */
  readonly mine: Job[] = [];
  private readonly byId = new Map<string, Job>();
  private readonly byBatch = new Map<string, Job[]>();

  constructor(count: number, seed: number, t0: number) {
    const next = seededRandom(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
    // A small batch of the newest jobs is still running when the sandbox starts, so every status shows.
    let i = 0;
    let b = 0;
    let at = t0 - 20 * SECOND;
    const add = (job: Omit<Job, 'id' | 'outputFileId' | 'outputVersionId'>, index: number) => {
      const full: Job = {
        ...job,
        id: String(NEWEST_JOB_ID - 7 * index),
        outputFileId: String(1_712_000_000 - 11 * index),
        outputVersionId: String(1_890_000_000 - 11 * index),
      };
      this.jobs.push(full);
      this.mine.push(full);
    };
    while (i < count) {
      const batchId = String(NEWEST_BATCH_ID - 2 * b);
      const template = TEMPLATES[Math.floor(next() * USED_BY_USER)]!;
      const outputType = next() < 0.7 ? 'docx' : 'pdf';
      // Most batches are one or a few documents; some are mail merges of dozens.
      const size = b === 0 ? 4 : next() < 0.8 ? 1 + Math.floor(next() * 3) : 10 + Math.floor(next() * 50);
      for (let k = 0; k < size && i < count; k++, i++) {
        const createdAt = at - k * 400;
        let pendingAt = createdAt + (5 + Math.floor(next() * 40)) * SECOND;
        let doneAt = pendingAt + (20 + Math.floor(next() * 300)) * SECOND;
        if (b === 0) {
          // submitted, pending, pending, then done: they finish within minutes on the sandbox clock.
          pendingAt = k === 0 ? t0 + 40 * SECOND : t0 - 10 * SECOND;
          doneAt = k === 3 ? t0 - 2 * SECOND : t0 + (2 + k) * MINUTE;
        }
        const roll = next();
        const final: FinalStatus =
          b === 0 && k === 2
            ? 'failed'
            : roll < 0.07
              ? 'failed'
              : roll < 0.13
                ? 'completed_with_error'
                : 'completed';
        add(
          {
            batchId,
            owner: 'user',
            template,
            templateVersionId: createdAt < t0 - 60 * DAY ? template.oldVersionId : template.versionId,
            outputType,
            createdAt,
            pendingAt,
            doneAt,
            final,
            errors: final === 'completed' ? [] : [pick(ERRORS)],
            warnings: final === 'completed' || next() < 0.5 ? [] : [pick(WARNINGS)],
          },
          i,
        );
      }
      b++;
      // About twenty jobs a day: a gap of up to three hours between batches, longer at night.
      at -= size * 400 + Math.floor(next() * (next() < 0.2 ? 14 : 3) * 60 * MINUTE) + MINUTE;
    }
    // The other user's jobs: never listed for the sandbox user; asking for one is a 404.
    for (let k = 0; k < 6; k++) {
      const createdAt = t0 - (k + 1) * 37 * MINUTE;
      const template = TEMPLATES[OTHER_TEMPLATE]!;
      this.jobs.push({
        id: String(NEWEST_JOB_ID - 3 - 7 * k),
        batchId: String(NEWEST_BATCH_ID + 1 - 2 * Math.floor(k / 3)),
        owner: 'other',
        template,
        templateVersionId: template.versionId,
        outputType: 'pdf',
        createdAt,
        pendingAt: createdAt + 10 * SECOND,
        doneAt: createdAt + MINUTE,
        final: 'completed',
        outputFileId: String(1_713_000_000 + k),
        outputVersionId: String(1_891_000_000 + k),
        errors: [],
        warnings: [],
      });
    }
    for (const job of this.jobs) {
      this.byId.set(job.id, job);
      const list = this.byBatch.get(job.batchId) ?? [];
      list.push(job);
      this.byBatch.set(job.batchId, list);
    }
  }

  job(id: string): Job | undefined {
    return this.byId.get(id);
  }

  batch(id: string): Job[] | undefined {
    return this.byBatch.get(id);
  }

  template(fileId: string): Template | undefined {
    return TEMPLATES.find((t) => t.fileId === fileId);
  }

  /** The sandbox user's jobs that used a template, newest first. */
  jobsOfTemplate(fileId: string): Job[] {
    return this.mine.filter((j) => j.template.fileId === fileId);
  }
}

/** ISO 8601 with the vendor's Pacific offset, as the API writes times (`2025-05-11T10:56:11-07:00`). */
export function isoWithOffset(ms: number): string {
  const local = new Date(ms - 7 * 60 * MINUTE).toISOString().slice(0, 19);
  return `${local}-07:00`;
}

/** A documented token that is valid but whose application lacks the Doc Gen scope: 403. */
export const NO_SCOPE_TOKEN = 'sandbox-docgen-token-no-scope';
