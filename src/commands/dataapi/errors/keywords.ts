import type { Command } from 'commander';
import type { Factory } from '../../../app/types.js';
import { type ErrorsReportOptions, printReport, reportCommand } from '../shared/report.js';

export type ErrorsKeywordsOptions = ErrorsReportOptions;

/** `ops dataapi errors keywords`: `POST /v3/keywords_data/errors`. */
export function errorsKeywordsCommand(factory: Factory, run = runErrorsKeywords): Command {
  return reportCommand(
    factory,
    {
      name: 'keywords',
      description: 'Keywords Data tasks that ended in an error in the past 7 days, failed webhooks included',
      examples: [
        'ops dataapi errors keywords',
        'ops dataapi errors keywords --function pingback_url --since -2d',
        'ops dataapi errors keywords \\\n' +
          '    --function keywords_data/google_ads/search_volume/task_post --limit 5',
        'ops dataapi errors keywords --since -3d --until -1d --all -o ndjson',
      ],
    },
    run,
  );
}

export async function runErrorsKeywords(o: ErrorsKeywordsOptions): Promise<void> {
  await printReport('keywords', o);
}
