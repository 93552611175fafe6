import type { Feedback } from '../../output/feedback.js';
import { type Printer, isRowFormat } from '../../output/printer.js';

/** What a delete prints as data (docs/grammar.md, "Outcomes"). */
export interface DeletedOutcome {
  deleted: true;
  kind: string;
  id: string;
}

/**
 * The one outcome of every delete: with a table (or CSV) nothing on stdout and `✓ Deleted <kind> <id>`
 * on stderr when feedback is on (a terminal, no --quiet); with JSON, YAML or NDJSON the object
 * `{"deleted":true,"kind","id"}`. A delete of something missing never gets here: it is exit 3.
 */
export async function printDeleted(
  o: { printer: Printer; feedback: Feedback },
  kind: string,
  id: string | number,
): Promise<void> {
  const outcome: DeletedOutcome = { deleted: true, kind, id: String(id) };
  if (isRowFormat(o.printer.format)) o.feedback.done(`Deleted ${kind} ${outcome.id}`);
  else await o.printer.print(outcome);
}

/** What an action whose API answers nothing prints as data (docs/grammar.md, "Outcomes"). */
export interface ActedOutcome {
  kind: string;
  id: string;
  action: string;
}

/**
 * The outcome of an action the API accepted without a body (a 202 or 204): with a table (or CSV)
 * nothing on stdout and `✓ <Action> accepted for <kind> <id>` on stderr when feedback is on; with JSON,
 * YAML or NDJSON the object `{"kind","id","action"}`. Nothing is read to show more than the API said.
 */
export async function printActed(
  o: { printer: Printer; feedback: Feedback },
  kind: string,
  id: string,
  action: string,
): Promise<void> {
  if (isRowFormat(o.printer.format))
    o.feedback.done(`${action[0]!.toUpperCase()}${action.slice(1)} accepted for ${kind} ${id}`);
  else await o.printer.print({ kind, id, action } satisfies ActedOutcome);
}

/**
 * The outcome of a change to this machine's own settings (`config set`, `unset`, `use`), which no API
 * answers: with a table (or CSV) nothing on stdout (the command's own line on a terminal's stderr);
 * with JSON, YAML or NDJSON the object `{"kind","id","action"}`, as an action answered with nothing.
 */
export async function printChanged(
  printer: Printer,
  kind: string,
  id: string,
  action: string,
): Promise<void> {
  if (!isRowFormat(printer.format)) await printer.print({ kind, id, action } satisfies ActedOutcome);
}
