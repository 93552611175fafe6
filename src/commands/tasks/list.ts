import { type Command, Option } from 'commander';
import { verbCommand } from '../shared/verbs.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../app/types.js';
import { MAX_PAGE } from '../../clients/tasks/pages.js';
import type { ListTasksQuery, TaskWire } from '../../clients/tasks/types.js';
import { printPages } from '../shared/list.js';
import { addListFlags, parseListFlags } from '../shared/list-flags.js';
import { parseInteger, parseTimeWindow } from '../shared/parse.js';
import { ListResolver, type TasksFlags, type TasksRunBase, addListOption, rfc3339, start } from './shared.js';
import { taskColumns } from './columns.js';
import { asTree } from './tree.js';
import { clockNow } from '../../clock.js';

export interface TasksListOptions extends TasksRunBase {
  /** An id, an exact title or @default. */
  list: string;
  query: ListTasksQuery;
  limit: number | undefined;
  pageSize: number | undefined;
  /** A table on a terminal: subtasks indented under their parent, in position order. */
  tree: boolean;
}

interface Flags extends TasksFlags {
  limit?: string;
  all?: boolean;
  pageSize?: string;
  completedSince?: string;
  completedUntil?: string;
  dueSince?: string;
  dueUntil?: string;
  since?: string;
  until?: string;
  showCompleted?: boolean;
  showHidden?: boolean;
  showDeleted?: boolean;
  showAssigned?: boolean;
}

/** Every filter of the list call; times become RFC 3339 here, before any request. */
export function parseTasksListFlags(
  o: Flags,
  now = clockNow(),
): Pick<TasksListOptions, 'query' | 'limit' | 'pageSize'> {
  const { limit } = parseListFlags(o);
  if (o.until !== undefined)
    throw new UsageError(
      '--until is not available here: the service filters by update time from a start only (updatedMin)',
      'give --since, or --due-until / --completed-until for those windows',
    );
  return {
    limit,
    pageSize: parseInteger('--page-size', o.pageSize, { min: 1, max: MAX_PAGE }),
    query: {
      ...fieldWindow('completed', o.completedSince, o.completedUntil, now),
      ...fieldWindow('due', o.dueSince, o.dueUntil, now),
      updatedMin: rfc3339('--since', o.since, now),
      showCompleted: o.showCompleted,
      showHidden: o.showHidden,
      showDeleted: o.showDeleted,
      showAssigned: o.showAssigned,
    },
  };
}

const rfc = (s: number | undefined) => (s === undefined ? undefined : new Date(s * 1000).toISOString());

/** `--<field>-since`/`--<field>-until` as the API's `<field>Min`/`<field>Max`, one window. */
function fieldWindow(
  field: 'due' | 'completed',
  since: string | undefined,
  until: string | undefined,
  now: number,
): Record<`${typeof field}${'Min' | 'Max'}`, string | undefined> {
  const w = parseTimeWindow({ since, until }, now, { since: `--${field}-since`, until: `--${field}-until` });
  return { [`${field}Min`]: rfc(w.since), [`${field}Max`]: rfc(w.until) } as never;
}

export function tasksListCommand(factory: Factory, run = runTasksList): Command {
  const time = 'RFC 3339, a date or relative (-2d, +1w)';
  const cmd = addListOption(
    verbCommand('list', 'List the tasks of a list; subtasks follow their parent', [
      'ops tasks list',
      'ops tasks list --list Groceries --no-show-completed',
      'ops tasks list --due-until +7d --json',
      'ops tasks list --show-hidden --show-deleted --show-assigned --all',
      'ops tasks list --list Work --since -1d -o ndjson',
    ]),
  )
    .option('--since <time>', `changed at or after (updatedMin): ${time}`)
    .addOption(new Option('--until <time>').hideHelp())
    .option('--due-since <time>', `due at or after: ${time}`)
    .option('--due-until <time>', `due at or before: ${time}`)
    .option('--completed-since <time>', `completed at or after: ${time}`)
    .option('--completed-until <time>', `completed at or before: ${time}`)
    .option('--show-completed', 'include completed tasks (the service does by default)')
    .option('--no-show-completed', 'leave completed tasks out')
    .option('--show-hidden', 'include completed tasks hidden by `ops tasks clear`')
    .option('--show-deleted', 'include deleted tasks')
    .option('--show-assigned', 'include tasks assigned from documents and chat spaces')
    .option('--page-size <n>', `tasks per request (maxResults), at most ${MAX_PAGE}`);
  addListFlags(cmd);
  return cmd.action(async (o: Flags, c: Command) => {
    const parsed = parseTasksListFlags(o);
    const { ctx, base, list } = await start(factory, c, o);
    const tree =
      ctx.printer.format === 'table' &&
      ctx.io.stdoutIsTty &&
      !ctx.flags.query &&
      ctx.flags.field === undefined;
    await run({ ...base, ...parsed, list, tree });
  });
}

export async function runTasksList(o: TasksListOptions): Promise<void> {
  const client = await o.client();
  const list = await new ListResolver(client).resolve(o.list);
  const pages = client.listTasks(list, o.query, {
    limit: o.limit,
    maxResults: o.pageSize,
    raw: o.printer.takesRawJson,
  });
  const depth = new Map<TaskWire, number>();
  await printPages<TaskWire>({
    printer: o.printer,
    feedback: o.feedback,
    pages: o.tree ? asTree(pages, depth) : pages,
    columns: taskColumns((t) => `${'  '.repeat(depth.get(t) ?? 0)}${t.title ?? ''}`),
    limit: o.limit,
    noun: 'tasks',
  });
}
