import { type Page, itemsOf } from '../../clients/http/paginate.js';
import type { RawJson } from '../../clients/http/raw-json.js';
import type { Feedback } from '../../output/feedback.js';
import type { Column, Printer } from '../../output/printer.js';
import { counted } from '../../output/text.js';

export interface PrintPagesOptions<T> {
  printer: Printer;
  feedback: Feedback;
  /** The client's page stream, already limited (`{ limit }`). */
  pages: AsyncIterable<Page<T | RawJson>>;
  columns: Column<T>[];
  /** Items asked for at most; undefined with --all (then no hint). */
  limit: number | undefined;
  /**
   * What the items are, in the plural, for the hints ("hosts", "runs", "instance types in fra1"); the
   * singular is made from it (`singularOf`).
   */
  noun: string;
  /** Items skipped before the first page (an explicit offset), so the hint counts from there. */
  offset?: number | undefined;
}

/**
 * One item's word from the plural the hints are given: the last word before a tail (" in fra1") made
 * singular, `ies` as `y` (repositories), else without its `s` (caches, hosts).
 */
export function singularOf(noun: string): string {
  const [head, tail] = headAndTail(noun);
  return `${head.endsWith('ies') ? `${head.slice(0, -3)}y` : head.replace(/s$/, '')}${tail}`;
}

/** `instance types in fra1`: the items (`instance types`) and where they were looked for (` in fra1`). */
function headAndTail(noun: string): [string, string] {
  const at = noun.indexOf(' in ');
  return at < 0 ? [noun, ''] : [noun.slice(0, at), noun.slice(at)];
}

/**
 * Prints a list page by page (NDJSON and CSV never hold more than a page) and, when the limit cut it
 * short, the one shared hint: "20 of 312 runs shown; --all or --limit N for more", or, where the
 * service gives no total, "the first 20 tasks shown, and there are more; …"; an empty list in a table
 * says so on a terminal, as gh does ("no runs found"), stdout left empty. Returns the count.
 */
export async function printPages<T>(o: PrintPagesOptions<T>): Promise<number> {
  let total: number | undefined;
  let more = false;
  const onPage = (page: Page<T | RawJson>) => {
    if (page.total !== undefined) total = page.total;
    more = page.more;
  };
  let printed = 0;
  if (o.printer.takesRawJson && o.printer.format === 'ndjson') {
    // NDJSON page by page: an item costs a write, not also a promise and an iterator step.
    for await (const page of o.pages) {
      onPage(page);
      printed += await o.printer.printLines(page.items);
    }
  } else printed = await o.printer.printList<T>(itemsOf(o.pages, onPage), { columns: o.columns });
  if (printed === 0) noneHint(o.printer, o.feedback, o.noun);
  if (o.limit !== undefined) {
    const shownTo = (o.offset ?? 0) + printed;
    if (total !== undefined ? shownTo < total : more) moreHint(o.feedback, printed, total, o.noun);
  }
  return printed;
}

/** The one hint of a list that `--limit` cut short. */
/** An empty list in a table says so on a terminal, as gh does: "no instance types found in fra1". */
function noneHint(printer: Printer, feedback: Feedback, noun: string): void {
  if (!printer.showsTable) return;
  // Where they were looked for after what was not found.
  const [head, tail] = headAndTail(noun);
  feedback.info(`no ${head} found${tail}`);
}

function moreHint(feedback: Feedback, printed: number, total: number | undefined, noun: string): void {
  feedback.info(
    total === undefined
      ? `the first ${counted(printed, singularOf(noun), noun)} shown, and there are more; --all or --limit N for more`
      : `${printed} of ${total} ${noun} shown; --all or --limit N for more`,
  );
}

export interface PrintWholeOptions<T> {
  printer: Printer;
  feedback: Feedback;
  /** Every item: the service answers the list in one document (a LIST of keys), or ops holds it. */
  items: Iterable<T> | AsyncIterable<T>;
  columns?: Column<T>[] | undefined;
  /** Items to print at most; undefined with --all. */
  limit: number | undefined;
  noun: string;
}

/**
 * Prints a list that comes whole, not in pages: `--limit` cuts it here, and a cut list ends with the
 * hint `printPages` gives ("2 of 7 keys shown; --all or --limit N for more"). Returns the count.
 */
export async function printWhole<T>(o: PrintWholeOptions<T>): Promise<number> {
  const all: T[] = [];
  for await (const item of o.items) all.push(item);
  const shown = o.limit === undefined ? all : all.slice(0, o.limit);
  await o.printer.print(shown, o.columns ? { columns: o.columns } : {});
  if (all.length === 0) noneHint(o.printer, o.feedback, o.noun);
  if (shown.length < all.length) moreHint(o.feedback, shown.length, all.length, o.noun);
  return shown.length;
}
