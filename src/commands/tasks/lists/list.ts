import type { Command } from 'commander';
import { verbCommand } from '../../shared/verbs.js';
import type { Factory } from '../../../app/types.js';
import { MAX_PAGE } from '../../../clients/tasks/pages.js';
import type { TaskListWire } from '../../../clients/tasks/types.js';
import { printPages } from '../../shared/list.js';
import { addListFlags, parseListFlags } from '../../shared/list-flags.js';
import { parseInteger } from '../../shared/parse.js';
import { type TasksFlags, type TasksRunBase, start } from '../shared.js';
import { LIST_COLUMNS } from '../columns.js';

export interface ListsListOptions extends TasksRunBase {
  /** Lists to print at most; undefined with --all. */
  limit: number | undefined;
  /** `maxResults` of each request; undefined lets the paginator size pages from the limit. */
  pageSize: number | undefined;
}

interface Flags extends TasksFlags {
  limit?: string;
  all?: boolean;
  pageSize?: string;
}

export function listsListCommand(factory: Factory, run = runListsList): Command {
  const cmd = verbCommand('list', "List the user's task lists, the default one first", [
    'ops tasks lists list',
    'ops tasks lists list --all -o ndjson',
    'ops tasks lists list --json --query "[].title"',
  ]).option('--page-size <n>', `lists per request (maxResults), at most ${MAX_PAGE}`);
  addListFlags(cmd);
  return cmd.action(async (o: Flags, c: Command) => {
    const { limit } = parseListFlags(o);
    const pageSize = parseInteger('--page-size', o.pageSize, { min: 1, max: MAX_PAGE });
    const { base } = await start(factory, c, o);
    await run({ ...base, limit, pageSize });
  });
}

export async function runListsList(o: ListsListOptions): Promise<void> {
  const client = await o.client();
  await printPages<TaskListWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: client.listTasklists({ limit: o.limit, maxResults: o.pageSize, raw: o.printer.takesRawJson }),
    columns: LIST_COLUMNS,
    limit: o.limit,
    noun: 'task lists',
  });
}
