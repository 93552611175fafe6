import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type ErrorsReportOptions, printReport, reportCommand } from '../shared/report.js';

export type ErrorsBacklinksOptions = ErrorsReportOptions;

/** `ops dataapi errors backlinks`: `POST /v3/backlinks/errors`. */
export function errorsBacklinksCommand(factory: Factory, run = runErrorsBacklinks): Command {
  return reportCommand(
    factory,
    {
      name: 'backlinks',
      description: 'Backlinks tasks that ended in an error in the past 7 days, failed webhooks included',
      examples: [
        'ops dataapi errors backlinks',
        'ops dataapi errors backlinks --function backlinks/summary/live --json',
        'ops dataapi errors backlinks --function postback_url --since -1d --all',
      ],
    },
    run,
  );
}

export async function runErrorsBacklinks(o: ErrorsBacklinksOptions): Promise<void> {
  await printReport('backlinks', o);
}
