import { MAX_RESEND_IDS } from '../../../clients/dataapi/client.js';
import type { DataapiClient } from '../../../clients/dataapi/client.js';
import type {
  ErrorReport,
  ErrorResultWire,
  ErrorsRequestWire,
  WebhookFunction,
  WebhookResendOutcome,
} from '../../../clients/dataapi/types.js';
import type { Io } from '../../../io.js';
import type { Feedback } from '../../../output/feedback.js';
import type { Printer } from '../../../output/printer.js';
import { DryRunStop, ExitCode, InterruptedError, OpsError } from '../../../errors.js';
import type { Column } from '../../../output/printer.js';

/** What `ops dataapi errors resend` runs with. */
export interface ErrorsResendOptions {
  io: Io;
  printer: Printer;
  feedback: Feedback;
  /**
   * Reads the report (a planning read: sent under --dry-run too) and sends the resends (under
   * --dry-run the core prints them as curl instead).
   */
  client: () => Promise<DataapiClient>;
  report: ErrorReport;
  /** Which webhooks: both unless --function names one. */
  functions: WebhookFunction[];
  window: Pick<ErrorsRequestWire, 'datetime_from' | 'datetime_to'>;
  dryRun: boolean;
  confirm: (action: string) => Promise<void>;
}

/** A task whose webhook delivery failed, once however often the report lists it. */
export interface Delivery {
  id: string;
  function: string;
  url: string | undefined;
  /** The latest failure (the report is newest first). */
  last_failed: string | undefined;
  /** How many failures of this task the report lists. */
  failures: number;
}

/** One printed line: the task and what became of it. */
export interface ResendLine extends Delivery {
  outcome: 'resent' | 'refused' | 'dry run';
  status_code: number | undefined;
  status_message: string | undefined;
}

export const RESEND_COLUMNS: Column<ResendLine>[] = [
  { header: 'task', get: (l) => l.id },
  { header: 'function', get: (l) => l.function },
  { header: 'url', get: (l) => l.url },
  { header: 'last failed', get: (l) => l.last_failed, format: 'relative' },
  { header: 'failures', get: (l) => l.failures },
  {
    header: 'outcome',
    get: (l) => l.outcome,
    color: (v, s) => (v === 'resent' ? s.green : v === 'refused' ? s.red : undefined),
  },
  {
    header: 'message',
    kind: 'text',
    get: (l) => (l.status_message ? `${l.status_message} (${l.status_code})` : undefined),
  },
];

/**
 * Reads every page of the report for each webhook function (the service filters by `function`) and
 * keeps each task once, in the order of the report.
 */
export async function collectDeliveries(o: ErrorsResendOptions): Promise<Delivery[]> {
  const client = await o.client();
  const byId = new Map<string, Delivery>();
  for (const fn of o.functions) {
    // Read to plan the resend: --dry-run sends it (the core names it on stderr).
    for await (const page of client.errors(
      o.report,
      { filtered_function: fn, ...o.window },
      { plan: true },
    )) {
      for (const r of page.items) add(byId, r, fn);
    }
  }
  return [...byId.values()];
}

function add(byId: Map<string, Delivery>, r: ErrorResultWire, fn: string): void {
  if (!r.id || r.function !== fn) return;
  const seen = byId.get(r.id);
  if (seen) {
    seen.failures++;
    return;
  }
  byId.set(r.id, {
    id: r.id,
    function: fn,
    url: r.http_url ?? undefined,
    last_failed: r.datetime ?? undefined,
    failures: 1,
  });
}

/**
 * Resends the deliveries 100 a request, each task in exactly one request, and prints one line per
 * task as its request completes. A request is never sent again after a failure that may have reached
 * the service (the core does not retry it): the run stops there, after printing what was done.
 */
export async function resendDeliveries(o: ErrorsResendOptions, deliveries: Delivery[]): Promise<void> {
  const client = await o.client();
  const total = deliveries.length;
  const counts = { resent: 0, refused: 0, planned: 0 };
  let fatal: unknown;
  const lines = (async function* (): AsyncGenerator<ResendLine> {
    for (let i = 0; i < total; i += MAX_RESEND_IDS) {
      const chunk = deliveries.slice(i, i + MAX_RESEND_IDS);
      let outcomes: WebhookResendOutcome[];
      try {
        outcomes = await client.webhookResend(chunk.map((d) => d.id));
      } catch (err) {
        if (err instanceof DryRunStop) {
          // The core printed the request as curl and did not send it.
          counts.planned += chunk.length;
          for (const d of chunk)
            yield { ...d, outcome: 'dry run', status_code: undefined, status_message: undefined };
          continue;
        }
        fatal = err;
        return;
      }
      for (const [j, d] of chunk.entries()) {
        const out = outcomes[j]!;
        counts[out.resent ? 'resent' : 'refused']++;
        yield {
          ...d,
          outcome: out.resent ? 'resent' : 'refused',
          status_code: out.status_code,
          status_message: out.status_message,
        };
      }
    }
  })();
  await o.printer.printList(lines, { columns: RESEND_COLUMNS });

  const done = counts.resent + counts.refused;
  if (fatal !== undefined) {
    const what = `${counts.resent} of ${total} webhook deliveries resent; ${total - done} not confirmed`;
    if (fatal instanceof InterruptedError || o.io.signal.aborted)
      throw new InterruptedError(`interrupted: ${what}`);
    o.feedback.warn(what);
    throw fatal;
  }
  if (counts.planned) o.feedback.info(`dry run: ${counts.planned} webhook deliveries would be resent`);
  else o.feedback.info(`${counts.resent} of ${done} webhook deliveries resent`);
  if (counts.refused > 0) {
    throw new OpsError(
      `dataapi: ${counts.refused} of ${total} webhook deliveries were not resent (see their lines)`,
      { exitCode: ExitCode.failure, code: 'resend_refused' },
    );
  }
}
