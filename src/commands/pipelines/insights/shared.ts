import type { Command } from 'commander';
import type { Context } from '../../../app/types.js';
import type { BranchScope, DateRange, ReportingWindow } from '../../../clients/pipelines/types.js';
import { UsageError } from '../../../errors.js';
import type { Page } from '../../../clients/http/paginate.js';
import { type RawJson, materialize } from '../../../clients/http/raw-json.js';
import type { Feedback } from '../../../output/feedback.js';
import type { Column, Printer } from '../../../output/printer.js';
import { printPages } from '../../shared/list.js';
import { isoSeconds, parseTimeWindow } from '../../shared/parse.js';
import { WINDOWS, parseChoice } from '../shared.js';
import { choiceOption } from '../../shared/choices.js';
import { clockNow } from '../../../clock.js';

/** How an insights command shows its numbers. */
export interface InsightsView {
  /** Charts and a formatted table: a table on a terminal, without --query or --field. */
  charts: boolean;
  /** Columns to draw in. */
  width: number;
  /** The service's answer as it is: JSON, YAML, NDJSON, or --query / --field over it. */
  raw: boolean;
}

export function viewOf(ctx: Context): InsightsView {
  const raw =
    Boolean(ctx.flags.query) ||
    ctx.flags.field !== undefined ||
    ['json', 'yaml', 'ndjson'].includes(ctx.printer.format);
  return {
    raw,
    charts: !raw && ctx.printer.format === 'table' && ctx.io.stdoutIsTty,
    width: ctx.io.columns > 0 ? ctx.io.columns : 80,
  };
}

export function addWindowOption(cmd: Command): Command {
  return cmd.addOption(
    choiceOption(
      '--window <window>',
      `reporting window: ${WINDOWS.join(', ')} (default last-90-days)`,
      WINDOWS,
    ),
  );
}

export function parseWindow(raw: string | undefined): ReportingWindow | undefined {
  return raw === undefined ? undefined : parseChoice('--window', raw, WINDOWS);
}

export function addBranchOptions(cmd: Command): Command {
  return cmd
    .option('--branch <name>', "one branch (default: the project's default branch)")
    .option('--all-branches', 'every branch together');
}

/** `--branch` or `--all-branches`, not both; neither means the project's default branch. */
export function parseBranchScope(o: { branch?: string; allBranches?: boolean }): BranchScope {
  if (o.branch !== undefined && o.allBranches)
    throw new UsageError('--branch and --all-branches cannot be combined', 'give one of them');
  if (o.branch !== undefined && o.branch.trim() === '')
    throw new UsageError('--branch is empty', 'give a branch name');
  return { branch: o.branch, 'all-branches': o.allBranches ? true : undefined };
}

const DAY = 86_400;
const WINDOW_SECONDS: Record<ReportingWindow, number> = {
  'last-24-hours': DAY,
  'last-7-days': 7 * DAY,
  'last-30-days': 30 * DAY,
  'last-60-days': 60 * DAY,
  'last-90-days': 90 * DAY,
};
export const MAX_DAYS_BACK = 90;
export const HOURLY_HOURS = 48;

/**
 * `--since` / `--until` as the service's start and end dates, with the seed's limits checked before
 * sending: data goes back at most 90 days, start and end at most 90 days apart, and hourly data only
 * for the last 48 hours.
 */
export function parseRange(
  o: { since?: string; until?: string; window?: string },
  hourly: boolean,
  nowMs: number = clockNow(),
): DateRange {
  const now = Math.floor(nowMs / 1000);
  if (o.window !== undefined && o.since !== undefined)
    throw new UsageError('--window and --since cannot be combined', 'give one of them');
  const window = parseWindow(o.window);
  const given = parseTimeWindow(o, nowMs);
  const since = window !== undefined ? now - WINDOW_SECONDS[window] : given.since;
  const until = given.until;
  const from = since ?? (hourly ? now - HOURLY_HOURS * 3600 : now - MAX_DAYS_BACK * DAY);
  const to = until ?? now;
  const sinceText = o.since ?? o.window;
  if (since !== undefined && since < now - MAX_DAYS_BACK * DAY)
    throw new UsageError(
      `--since ${sinceText} is more than ${MAX_DAYS_BACK} days ago`,
      'runs are kept 90 days: give -90d or later',
    );
  if (hourly && since !== undefined && since < now - HOURLY_HOURS * 3600)
    throw new UsageError(
      `--since ${sinceText} is more than 48 hours ago, and hourly data is kept 48 hours`,
      'give -48h or later, or --granularity daily',
    );
  if (from >= to) throw new UsageError('--since must be before --until');
  if (to - from > MAX_DAYS_BACK * DAY)
    throw new UsageError(
      '--since and --until are more than 90 days apart',
      'give a range of at most 90 days',
    );
  return {
    'start-date': since === undefined ? undefined : isoSeconds(since),
    'end-date': until === undefined ? undefined : isoSeconds(until),
  };
}

/** Repeated `--flag value` options gather into a list. */
export function collectValues(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** A workflow name as the service takes it in a path. */
export function parseWorkflow(raw: string): string {
  if (raw.trim() === '')
    throw new UsageError('the workflow name is empty', 'give a workflow name such as build-and-test');
  return raw;
}

/** Writes drawn lines to stdout, control characters from the service (a name's) escaped visibly. */
export function draw(printer: Printer, lines: readonly string[]): Promise<void> {
  return printer.data(lines.join('\n'));
}

/**
 * The one ending of an insights list: its table as the pages come (or the JSON, YAML, NDJSON), or on
 * a terminal the charts of the whole list, then `pretty`'s table of it when one is given.
 */
export async function tableOrCharts<T>(
  o: { printer: Printer; feedback: Feedback; view: InsightsView; limit: number | undefined },
  pages: AsyncIterable<Page<T | RawJson>>,
  table: { columns: Column<T>[]; noun: string },
  charts: (items: T[]) => string[] | Promise<string[]>,
  pretty?: Column<T>[],
): Promise<void> {
  if (!o.view.charts) {
    await printPages({ printer: o.printer, feedback: o.feedback, pages, limit: o.limit, ...table });
    return;
  }
  const items: T[] = [];
  for await (const page of pages) for (const item of page.items) items.push(materialize(item));
  if (items.length === 0) return;
  await draw(o.printer, pretty ? [...(await charts(items)), ''] : await charts(items));
  if (pretty) await o.printer.print(items, { columns: pretty });
}
