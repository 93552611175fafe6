import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import { serviceStart } from '../../shared/start.js';
import type { Factory } from '../../../app/types.js';
import { type DataapiClient, createDataapiClient } from '../../../clients/dataapi/client.js';
import type { EnvelopeOptions } from '../../../clients/dataapi/envelope.js';
import type { ErrorReport, ErrorResultWire, ErrorsRequestWire } from '../../../clients/dataapi/types.js';
import { GLOBAL_DEFAULTS } from '../../../config/values.js';
import { UsageError } from '../../../errors.js';
import type { Feedback } from '../../../output/feedback.js';
import type { Column, Printer } from '../../../output/printer.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { parseTimeWindow } from '../../shared/parse.js';
import { clockNow } from '../../../clock.js';

/** How far back the reports reach (seed B: "the tasks of the past 7 days"). */
export const WINDOW_SECONDS = 7 * 86_400;
/**
 * A time this close to an edge of the window means that edge: the field is left out and the service
 * uses its own edge, so `--since -7d` never fails for the second the request takes to arrive. A
 * `--since` a little in the future is sent as now.
 */
export const EDGE_SECONDS = 60;

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch seconds as the API writes times: UTC `yyyy-mm-dd hh:mm:ss +00:00` (reference §B.2). */
export function toApiDatetime(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +00:00`;
}

export interface WindowFlags {
  since?: string | undefined;
  until?: string | undefined;
}

/** `--since` / `--until` as `datetime_from` / `datetime_to`, checked against the 7-day window. */
export function parseWindow(
  o: WindowFlags,
  now = clockNow(),
): Pick<ErrorsRequestWire, 'datetime_from' | 'datetime_to'> {
  const nowS = Math.floor(now / 1000);
  const start = nowS - WINDOW_SECONDS;
  const window = parseTimeWindow(o, now);
  const check = (flag: '--since' | '--until', raw: string | undefined, t: number | undefined) => {
    if (raw === undefined || t === undefined) return undefined;
    if (t < start - EDGE_SECONDS) {
      throw new UsageError(
        `${flag} "${raw}" is before the 7-day window of the error reports (${toApiDatetime(start)})`,
        'give a time within the past 7 days, such as -2d, or -7d for the whole window',
      );
    }
    if (t > nowS + EDGE_SECONDS)
      throw new UsageError(`${flag} "${raw}" is in the future`, 'give a past time, such as -2d or -6h');
    return t;
  };
  const since = check('--since', o.since, window.since);
  const until = check('--until', o.until, window.until);
  return {
    datetime_from:
      since === undefined || since <= start + EDGE_SECONDS ? undefined : toApiDatetime(Math.min(since, nowS)),
    datetime_to: until === undefined || until >= nowS - EDGE_SECONDS ? undefined : toApiDatetime(until),
  };
}

/** `--function`: a function as a result's `function` names it. */
export function parseFunction(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const f = raw.trim();
  if (!/^[A-Za-z0-9_./-]+$/.test(f)) {
    throw new UsageError(
      `invalid --function "${raw}"`,
      'give a function as the report names it, such as pingback_url or keywords_data/google_ads/search_volume/task_post',
    );
  }
  return f;
}

/**
 * The start of every dataapi verb: its context and client, with the envelope's rate limits retried on
 * the same budget and longest wait as the core's (--retries, --max-wait).
 */
export const start = serviceStart<DataapiClient>('dataapi', {
  create: (http, _scope, ctx) => {
    const options: EnvelopeOptions = {
      retries: Math.floor(Number(ctx.settings.get('retries') ?? GLOBAL_DEFAULTS.retries)),
      maxWaitSeconds: Number(ctx.settings.get('max_wait') ?? GLOBAL_DEFAULTS.max_wait),
      signal: ctx.io.signal,
      onRetry: (r) => ctx.feedback.warn(`retrying in ${r.waitSeconds.toFixed(1)} s (${r.reason})`),
    };
    return createDataapiClient(http, options);
  },
});

export const ERROR_COLUMNS: Column<ErrorResultWire>[] = [
  { header: 'time', get: (r) => r.datetime, format: 'relative' },
  { header: 'function', get: (r) => r.function, kind: 'text', priority: 2 },
  { header: 'error code', get: (r) => r.error_code },
  { header: 'message', get: (r) => r.error_message, kind: 'text' },
  { header: 'method', get: (r) => r.http_method, priority: 3 },
  { header: 'url', get: (r) => r.http_url, kind: 'text', priority: 3 },
  { header: 'http code', get: (r) => r.http_code, priority: 2 },
  { header: 'http time', get: (r) => r.http_time, priority: 3 },
];

/** What `errors keywords` and `errors backlinks` run with. */
export interface ErrorsReportOptions {
  printer: Printer;
  feedback: Feedback;
  client: () => Promise<DataapiClient>;
  /** The request object without offset and limit (the paginator adds them). */
  request: ErrorsRequestWire;
  /** Failed tasks to print at most; undefined with --all. */
  limit: number | undefined;
}

interface ReportFlags extends WindowFlags {
  function?: string;
  limit?: string;
  all?: boolean;
}

export function parseReportFlags(
  o: ReportFlags,
  now = clockNow(),
): Pick<ErrorsReportOptions, 'request' | 'limit'> {
  const list = parseListFlags(o);
  return {
    limit: list.limit,
    request: { filtered_function: parseFunction(o.function), ...parseWindow(o, now) },
  };
}

/** The shared shape of the two report verbs: the same flags, the same table. */
export function reportCommand(
  factory: Factory,
  o: { name: ErrorReport; description: string; examples: string[] },
  run: (opts: ErrorsReportOptions) => Promise<void>,
): Command {
  const cmd = verbCommand(o.name, o.description, o.examples, {
    notes: `One row per failed task: when, function, error code and message, and the HTTP method, URL, status and
time of the call or of the webhook delivery. Times are UTC. The service keeps 7 days.`,
  })
    .option('--function <name>', 'only tasks of this function (filtered_function), e.g. pingback_url')
    .option('--since <time>', 'errors since: ISO time, epoch seconds or relative (-2d, -6h); within 7 days')
    .option('--until <time>', 'errors until: ISO time, epoch seconds or relative; within 7 days');
  addListFlags(cmd);
  return cmd.action(async (flags: ReportFlags, c: Command) => {
    const parsed = parseReportFlags(flags);
    const { base } = await start(factory, c);
    await run({ ...base, ...parsed });
  });
}

/** Streams a report page by page into the printer. */
export async function printReport(report: ErrorReport, o: ErrorsReportOptions): Promise<void> {
  const client = await o.client();
  await printPages<ErrorResultWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.errors(report, o.request, { limit: o.limit, raw: o.printer.takesRawJson }),
    columns: ERROR_COLUMNS,
    limit: o.limit,
    noun: `failed ${report === 'keywords' ? 'keyword' : 'backlink'} tasks`,
  });
}
